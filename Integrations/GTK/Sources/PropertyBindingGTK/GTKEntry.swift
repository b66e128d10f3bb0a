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
        self.init(adopting: gtk_entry_new())
        self.text = text
        self.placeholder = placeholder
    }

    /// The text shown: `gtk_editable_get_text` / `gtk_editable_set_text`. Setting the text it
    /// shows already does nothing (the cursor stays).
    public var text: String {
        get {
            guard let widget, let text = gtk_editable_get_text(widget.opaque) else { return "" }
            return String(cString: text)
        }
        set {
            writing { widget in
                guard newValue != text else { return }
                gtk_editable_set_text(widget.opaque, newValue)
            }
        }
    }

    /// The grey text shown while the entry is empty.
    public var placeholder: String? {
        get {
            widget.flatMap { gtk_entry_get_placeholder_text($0.cast(to: GtkEntry.self)) }.map { String(cString: $0) }
        }
        set { writing { gtk_entry_set_placeholder_text($0.cast(to: GtkEntry.self), newValue) } }
    }

    /// Whether the text is hidden, as a password's: the opposite of GTK's `visibility`.
    public var isSecure: Bool {
        get { widget.map { gtk_entry_get_visibility($0.cast(to: GtkEntry.self)) == 0 } ?? false }
        set { writing { gtk_entry_set_visibility($0.cast(to: GtkEntry.self), gboolean(!newValue)) } }
    }

    /// Types `text` as the user does, replacing the entry's text: `gtk_editable_set_text`, whose
    /// `changed` fires the entry's triggers (once emptied, once filled, as GTK emits it). The
    /// entry is held while it is typed into, as GTK holds a widget while it handles an event, so a
    /// binding that destroys its window meanwhile finalizes the entry only once typing is done.
    public func type(_ text: String) {
        guard let widget else { return }
        g_object_ref(widget.object)
        defer { g_object_unref(widget.object) }
        gtk_editable_set_text(widget.opaque, text)
    }

    /// Presses Enter in the entry: emits `activate`.
    public func activate() {
        guard let widget else { return }
        pbgtk_emit_signal(widget, "activate")
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
}
