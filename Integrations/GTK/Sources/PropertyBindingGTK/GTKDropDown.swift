import CGTK
import PropertyBinding

/// A `GtkDropDown` of strings: one choice of a list. `notify::selected` is `.valueChanged`, which
/// announces ``selectedIndex``.
///
/// ```swift
/// let colour = GTKDropDown(items: ["Red", "Green", "Blue"])
/// let storeColour = try Binding(source: Property(colour, \.selectedIndex), destination: Property(settings, \.colour),
///                               triggers: .standard)
/// ```
public final class GTKDropDown: GTKWidget, GTKWidgetWrapping, @unchecked Sendable {
    /// `gtk_drop_down_get_type()`.
    public static var widgetType: GType { gtk_drop_down_get_type() }

    /// Makes a new wrapper of `widget`; call ``GTKWidgetWrapping/init(wrapping:)`` instead.
    public required override init(adopting widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(adopting: widget)
    }

    /// Makes a new `GtkDropDown` (floating until added to a parent) over a `GtkStringList` of `items`.
    public convenience init(items: [String]) {
        let list = GTKMainLoop.made(gtk_string_list_new(nil))
        for item in items { gtk_string_list_append(list, item) }
        // The drop-down takes the list's reference.
        self.init(adopting: gtk_drop_down_new(UnsafeMutableRawPointer(list).map { OpaquePointer($0) }, nil))
    }

    /// The index of the item chosen, or -1 for none (`GTK_INVALID_LIST_POSITION`).
    public var selectedIndex: Int {
        get {
            reading(.own(0), fallback: -1) {
                let selected = gtk_drop_down_get_selected($0.opaque)
                return selected == GTK_INVALID_LIST_POSITION ? -1 : Int(selected)
            }
        }
        set {
            writing(newValue, to: .own(0)) {
                gtk_drop_down_set_selected($0.opaque, $1 < 0 ? GTK_INVALID_LIST_POSITION : guint($1))
            }
        }
    }

    override func rememberValues() {
        super.rememberValues()
        _ = selectedIndex
    }

    override func didWrite(_ slot: Slot) {
        _ = selectedIndex  // clamped by GTK: remembered as it is
    }

    override var signals: [GTKSignal] {
        [GTKSignal(name: "notify::selected", events: .valueChanged, arity: .oneArgument)]
    }

    override var announcedKeyPaths: [AnyKeyPath: ControlEvents] { [\GTKDropDown.selectedIndex: .valueChanged] }

    /// The names of its key paths, for messages: `\GTKDropDown.selectedIndex`.
    override public class var keyPathNames: [AnyKeyPath: String] {
        names(GTKDropDown.self, [\.selectedIndex: "selectedIndex"])
    }
}
