import CGTK
import PropertyBinding

/// A `GtkLabel`: text only code changes. It announces each change of ``text`` (`notify::label`)
/// as `.valueChanged`, its own writes too, so a binding can follow what a label shows.
///
/// ```swift
/// let status = GTKLabel()
/// let showStatus = try Binding(source: Property(authenticator, \.status), destination: Property(status, \.text),
///                              triggers: .standard)
/// ```
public final class GTKLabel: GTKWidget, GTKWidgetWrapping, @unchecked Sendable {
    /// `gtk_label_get_type()`.
    public static var widgetType: GType { gtk_label_get_type() }

    /// Makes a new wrapper of `widget`; call ``GTKWidgetWrapping/init(wrapping:)`` instead.
    public required override init(adopting widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(adopting: widget)
    }

    /// Makes a new `GtkLabel` (floating until added to a parent) showing `text`.
    public convenience init(_ text: String = "") {
        self.init(adopting: GTKMainLoop.made(gtk_label_new(text)))
    }

    /// The text shown: `gtk_label_get_label` / `gtk_label_set_label`.
    public var text: String {
        get { reading(.own(0), fallback: "") { Self.text(of: $0) } }
        set {
            writing(newValue, to: .own(0)) { widget, newValue in
                guard newValue != Self.text(of: widget) else { return }
                gtk_label_set_label(widget.opaque, newValue)
            }
        }
    }

    private static func text(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_label_get_label(widget.opaque).map { String(cString: $0) } ?? ""
    }

    override var firesOnOwnWrites: Bool { true }

    override func rememberValues() {
        super.rememberValues()
        _ = text
    }

    override var signals: [GTKSignal] {
        [GTKSignal(name: "notify::label", events: .valueChanged, arity: .oneArgument)]
    }

    override var announcedKeyPaths: [AnyKeyPath: ControlEvents] { [\GTKLabel.text: .valueChanged] }

    /// The names of its key paths, for messages: `\GTKLabel.text`.
    override public class var keyPathNames: [AnyKeyPath: String] { names(GTKLabel.self, [\.text: "text"]) }
}
