import CGTK
import PropertyBinding

/// A `GtkSwitch`: on or off. `notify::active` is `.valueChanged`, which announces ``isOn``.
///
/// ```swift
/// let newsletter = GTKSwitch()
/// let storeChoice = try Binding(source: Property(newsletter, \.isOn), destination: Property(settings, \.newsletter),
///                               triggers: .standard)
/// ```
public final class GTKSwitch: GTKWidget, GTKWidgetWrapping, @unchecked Sendable {
    /// `gtk_switch_get_type()`.
    public static var widgetType: GType { gtk_switch_get_type() }

    /// Makes a new wrapper of `widget`; call ``GTKWidgetWrapping/init(wrapping:)`` instead.
    public required override init(adopting widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(adopting: widget)
    }

    /// Makes a new `GtkSwitch` (floating until added to a parent).
    public convenience init(isOn: Bool = false) {
        self.init(adopting: GTKMainLoop.made(gtk_switch_new()))
        self.isOn = isOn
    }

    /// Whether the switch is on: `gtk_switch_get_active` / `gtk_switch_set_active`.
    public var isOn: Bool {
        get { reading(.own(0), fallback: false) { gtk_switch_get_active($0.opaque) != 0 } }
        set { writing(newValue, to: .own(0)) { gtk_switch_set_active($0.opaque, gboolean($1)) } }
    }

    override func rememberValues() {
        super.rememberValues()
        _ = isOn
    }

    override var signals: [GTKSignal] {
        [GTKSignal(name: "notify::active", events: .valueChanged, arity: .oneArgument)]
    }

    override var announcedKeyPaths: [AnyKeyPath: ControlEvents] { [\GTKSwitch.isOn: .valueChanged] }

    /// The names of its key paths, for messages: `\GTKSwitch.isOn`.
    override public class var keyPathNames: [AnyKeyPath: String] { names(GTKSwitch.self, [\.isOn: "isOn"]) }
}
