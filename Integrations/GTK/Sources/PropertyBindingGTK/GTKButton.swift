import CGTK
import CGTKShims
import PropertyBinding

/// A `GtkButton`: a click is `.primaryActionTriggered` (`clicked`); ``GTKWidget/isEnabled`` is
/// its `sensitive`, announced by `notify::sensitive` as `.valueChanged`.
///
/// ```swift
/// let signIn = Binding(source: credentials, destination: Setter(authenticator) { $0.signIn($1) })
/// signIn.addTrigger(TargetActionTrigger(source: signInButton, events: .primaryActionTriggered))
/// ```
///
/// An insensitive button emits no `clicked` for the user, so a disabled button signs nobody in.
public final class GTKButton: GTKWidget, GTKWidgetWrapping, @unchecked Sendable {
    /// `gtk_button_get_type()`.
    public static var widgetType: GType { gtk_button_get_type() }

    /// Makes a new wrapper of `widget`; call ``GTKWidgetWrapping/init(wrapping:)`` instead.
    public required override init(adopting widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(adopting: widget)
    }

    /// Makes a new `GtkButton` (floating until added to a parent) titled `title`.
    public convenience init(title: String) {
        self.init(adopting: GTKMainLoop.made(gtk_button_new_with_label(title)))
    }

    /// The button's label.
    public var title: String {
        get {
            reading(.own(0), fallback: "") {
                gtk_button_get_label($0.cast(to: GtkButton.self)).map { String(cString: $0) } ?? ""
            }
        }
        set { writing(newValue, to: .own(0)) { gtk_button_set_label($0.cast(to: GtkButton.self), $1) } }
    }

    /// Clicks the button as the user does: emits `clicked`, unless the button is insensitive.
    public func click() {
        onMainThread { _, widget in
            guard gtk_widget_is_sensitive(widget) != 0 else { return }
            pbgtk_emit_signal(widget, "clicked")
        }
    }

    override func rememberValues() {
        super.rememberValues()
        _ = title
    }

    override var signals: [GTKSignal] {
        [
            GTKSignal(name: "clicked", events: .primaryActionTriggered),
            GTKSignal(name: "notify::sensitive", events: .valueChanged, arity: .oneArgument),
        ]
    }

    override var announcedKeyPaths: [AnyKeyPath: ControlEvents] { [\GTKButton.isEnabled: .valueChanged] }

    /// The names of its key paths, for messages: `\GTKButton.title`.
    override public class var keyPathNames: [AnyKeyPath: String] { names(GTKButton.self, [\.title: "title"]) }
}
