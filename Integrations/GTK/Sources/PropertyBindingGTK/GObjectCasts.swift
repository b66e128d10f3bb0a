import CGTK
import CGTKShims

// GTK's C casts (`G_OBJECT (widget)`, `GTK_ENTRY (widget)`) are macros Swift cannot call; a
// widget pointer is the same address whatever its declared type, so these rebind it.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as a `GObject *`: `G_OBJECT (widget)`.
    public var object: UnsafeMutablePointer<GObject> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: GObject.self)
    }

    /// The widget as a pointer of another GTK type: `GTK_BOX (widget)`, for the C calls that lay a
    /// window out.
    ///
    /// ```swift
    /// let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
    /// gtk_box_append(box.cast(to: GtkBox.self), nameField.widget)
    /// ```
    public func cast<Target>(to _: Target.Type) -> UnsafeMutablePointer<Target> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: Target.self)
    }

    /// The widget as an opaque C pointer (`GtkEditable *`, `GtkSwitch *`: types Swift sees no layout of).
    public var opaque: OpaquePointer { OpaquePointer(self) }

    /// Whether the widget is an instance of `type` or of a subtype.
    func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(self).assumingMemoryBound(to: GTypeInstance.self), type)
            != 0
    }
}

/// Whether the calling thread is the main thread: `pthread_equal` with the thread that loaded the
/// program (Foundation's `Thread.isMainThread` is far slower on Linux).
var isMainThread: Bool { pbgtk_is_main_thread() != 0 }

/// A `gboolean` from a `Bool`.
func gboolean(_ value: Bool) -> gboolean { value ? 1 : 0 }
