import CGTK
import PropertyBinding

/// A `GtkCheckButton`: a box the user ticks. `toggled` is `.valueChanged`, which announces
/// ``isOn``.
///
/// ```swift
/// let terms = GTKCheckButton(label: "I agree")
/// let enableNext = try Binding(source: Property(terms, \.isOn), destination: Property(next, \.isEnabled),
///                              triggers: .standard)
/// ```
public final class GTKCheckButton: GTKWidget, GTKWidgetWrapping, @unchecked Sendable {
    /// `gtk_check_button_get_type()`.
    public static var widgetType: GType { gtk_check_button_get_type() }

    /// Makes a new wrapper of `widget`; call ``GTKWidgetWrapping/init(wrapping:)`` instead.
    public required override init(adopting widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(adopting: widget)
    }

    /// Makes a new `GtkCheckButton` (floating until added to a parent) labelled `label`.
    public convenience init(label: String, isOn: Bool = false) {
        self.init(adopting: GTKMainLoop.made(gtk_check_button_new_with_label(label)))
        self.isOn = isOn
    }

    /// Whether the box is ticked: `gtk_check_button_get_active` / `gtk_check_button_set_active`.
    public var isOn: Bool {
        get { reading(.own(0), fallback: false) { gtk_check_button_get_active($0.cast(to: GtkCheckButton.self)) != 0 } }
        set {
            writing(newValue, to: .own(0)) {
                gtk_check_button_set_active($0.cast(to: GtkCheckButton.self), gboolean($1))
            }
        }
    }

    override func rememberValues() {
        super.rememberValues()
        _ = isOn
    }

    override var signals: [GTKSignal] { [GTKSignal(name: "toggled", events: .valueChanged)] }

    override var announcedKeyPaths: [AnyKeyPath: ControlEvents] { [\GTKCheckButton.isOn: .valueChanged] }

    /// The names of its key paths, for messages: `\GTKCheckButton.isOn`.
    override public class var keyPathNames: [AnyKeyPath: String] { names(GTKCheckButton.self, [\.isOn: "isOn"]) }
}
