import CGTK
import CGTKShims
import PropertyBinding

/// A `GtkEntry`: one line of text the user edits.
///
/// ```swift
/// let nameField = GTKEntry(placeholder: "Name")
/// let storeName = try Binding(source: Property(nameField, \.text), destination: Property(person, \.name),
///                             triggers: .standard)   // each keystroke: `changed`
/// ```
///
/// | events | GTK signal |
/// |---|---|
/// | `.editingChanged` | `changed` (each edit; ``TriggerRegistry/standard`` uses it for ``text``) |
/// | `.editingDidBegin` | `enter` of a `GtkEventControllerFocus` |
/// | `.editingDidEnd` | `leave` of the focus controller, and `activate` (Enter) |
/// | `.editingDidEndOnExit`, `.primaryActionTriggered` | `activate` |
public final class GTKEntry: GTKWidget, GTKWidgetWrapping, @unchecked Sendable {
    /// `gtk_entry_get_type()`.
    public static var widgetType: GType { gtk_entry_get_type() }

    /// Makes a new wrapper of `widget`; call ``GTKWidgetWrapping/init(wrapping:)`` instead.
    public required override init(adopting widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(adopting: widget)
    }

    /// Makes a new `GtkEntry` (floating until added to a parent) showing `text`.
    public convenience init(text: String = "", placeholder: String? = nil) {
        self.init(adopting: GTKMainLoop.made(gtk_entry_new()))
        self.text = text
        self.placeholder = placeholder
    }

    /// The text shown: `gtk_editable_get_text` / `gtk_editable_set_text`. Setting the text it
    /// shows already does nothing (the cursor stays).
    public var text: String {
        get { reading(.own(0), fallback: "") { Self.text(of: $0) } }
        set {
            writing(newValue, to: .own(0)) { widget, newValue in
                guard newValue != Self.text(of: widget) else { return }
                gtk_editable_set_text(widget.opaque, newValue)
            }
        }
    }

    private static func text(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
        gtk_editable_get_text(widget.opaque).map { String(cString: $0) } ?? ""
    }

    /// The grey text shown while the entry is empty.
    public var placeholder: String? {
        get {
            reading(.own(1), fallback: nil) {
                gtk_entry_get_placeholder_text($0.cast(to: GtkEntry.self)).map { String(cString: $0) }
            }
        }
        set { writing(newValue, to: .own(1)) { gtk_entry_set_placeholder_text($0.cast(to: GtkEntry.self), $1) } }
    }

    /// Whether the text is hidden, as a password's: the opposite of GTK's `visibility`.
    public var isSecure: Bool {
        get { reading(.own(2), fallback: false) { gtk_entry_get_visibility($0.cast(to: GtkEntry.self)) == 0 } }
        set { writing(newValue, to: .own(2)) { gtk_entry_set_visibility($0.cast(to: GtkEntry.self), gboolean(!$1)) } }
    }

    /// Types `text` as the user does, replacing the entry's text: `gtk_editable_set_text`, whose
    /// `changed` fires the entry's triggers (once emptied, once filled, as GTK emits it). The
    /// entry is held while it is typed into, as GTK holds a widget while it handles an event, so a
    /// binding that destroys its window meanwhile finalizes the entry only once typing is done.
    public func type(_ text: String) {
        onMainThread { _, widget in
            g_object_ref(widget.object)
            defer { g_object_unref(widget.object) }
            gtk_editable_set_text(widget.opaque, text)
        }
    }

    /// Presses Enter in the entry: emits `activate`.
    public func activate() {
        onMainThread { _, widget in pbgtk_emit_signal(widget, "activate") }
    }

    override func rememberValues() {
        super.rememberValues()
        _ = text
        _ = placeholder
        _ = isSecure
    }

    override var signals: [GTKSignal] {
        [
            GTKSignal(name: "changed", events: .editingChanged),
            GTKSignal(name: "activate", events: [.editingDidEnd, .editingDidEndOnExit, .primaryActionTriggered]),
            GTKSignal(name: "enter", events: .editingDidBegin, emitter: .focusController),
            GTKSignal(name: "leave", events: .editingDidEnd, emitter: .focusController),
        ]
    }

    override var announcedKeyPaths: [AnyKeyPath: ControlEvents] { [\GTKEntry.text: .editingChanged] }

    /// The names of its key paths, for messages: `\GTKEntry.text`.
    override public class var keyPathNames: [AnyKeyPath: String] {
        names(GTKEntry.self, [\.text: "text", \.placeholder: "placeholder", \.isSecure: "isSecure"])
    }
}
