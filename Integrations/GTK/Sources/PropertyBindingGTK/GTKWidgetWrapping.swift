import CGTK

/// A wrapper class of one GTK widget type, which can wrap a widget made elsewhere (a builder
/// file, C code) and find the wrapper a widget already has.
///
/// ```swift
/// let entry = GTKEntry(wrapping: widgetFromBuilder)   // the entry's wrapper, made once
/// GTKEntry(wrapping: widgetFromBuilder) === entry      // true
/// ```
public protocol GTKWidgetWrapping {
    /// The GType of the widgets this class wraps (`gtk_entry_get_type()`).
    static var widgetType: GType { get }

    /// Makes a new wrapper of `widget`, which must have none yet: call ``init(wrapping:)``.
    init(adopting widget: UnsafeMutablePointer<GtkWidget>)
}

extension GTKWidgetWrapping {
    /// The wrapper of `widget`: the one it has, or a new one it holds from now on.
    ///
    /// - Precondition: `widget` is of ``widgetType``, and any wrapper it has is of this class.
    public init(wrapping widget: UnsafeMutablePointer<GtkWidget>) {
        precondition(widget.isA(Self.widgetType), "the widget is not a \(Self.self)")
        if let existing = GTKWidget.existingWrapper(of: widget) {
            guard let existing = existing as? Self else {
                preconditionFailure("the widget is wrapped by a \(type(of: existing)), not a \(Self.self)")
            }
            self = existing
        } else {
            self.init(adopting: widget)
        }
    }
}
