import CGTK
import CGTKShims
import PropertyBinding
import PropertyBindingGTK
import XCTest

/// A test on real GTK widgets: GTK started once, the main queue drained by the GLib loop, and a
/// window per test, destroyed at the end.
class GTKTestCase: XCTestCase {
    /// The test's window; its child is a vertical box the test fills.
    var window: UnsafeMutablePointer<GtkWidget>!
    var box: UnsafeMutablePointer<GtkWidget>!
    let finalized = FinalizationCounter()

    override func setUp() {
        super.setUp()
        setenv("GTK_A11Y", "none", 1)  // no accessibility bus under Xvfb
        XCTAssertTrue(GTKMainLoop.initialize(), "no display: run under xvfb-run")
        GTKMainLoop.integrateDispatchMainQueue()
        GLibWarnings.install()
        warningsBefore = GLibWarnings.messages
        window = gtk_window_new()
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_window_set_child(window.cast(to: GtkWindow.self), box)
        finalized.watch(window)
        finalized.watch(box)
    }

    override func tearDown() {
        if window != nil { destroyWindow() }
        XCTAssertEqual(
            Array(GLibWarnings.messages.dropFirst(warningsBefore.count)), [], "GLib or GTK warned during the test")
        super.tearDown()
    }

    private var warningsBefore: [String] = []

    /// Adds `widget` to the window's box, watched for finalization.
    @discardableResult
    func add<Wrapper: GTKWidget>(_ wrapper: Wrapper) -> Wrapper {
        gtk_box_append(box.cast(to: GtkBox.self), wrapper.widget!)
        finalized.watch(wrapper.widget!)
        return wrapper
    }

    /// The texts of the rows `list` shows, in order (each row widget's label), once GTK settles.
    func shownTexts(of list: GTKListView) -> [String] {
        GTKMainLoop.runUntilIdle()
        var texts: [String] = []
        var row = gtk_widget_get_first_child(list.widget!)
        while let current = row {
            if let label = gtk_widget_get_first_child(current), label.isLabel {
                texts.append(String(cString: gtk_label_get_label(OpaquePointer(label))))
            }
            row = gtk_widget_get_next_sibling(current)
        }
        return texts
    }

    /// Shows the window and lets GTK settle.
    func present() {
        gtk_window_present(window.cast(to: GtkWindow.self))
        GTKMainLoop.runUntilIdle()
    }

    /// Destroys the window, and with it every widget in it, then lets GTK settle.
    func destroyWindow() {
        gtk_window_destroy(window.cast(to: GtkWindow.self))
        window = nil
        box = nil
        GTKMainLoop.runUntilIdle()
    }
}

/// The warnings and criticals GLib and GTK logged (a `g_return_if_fail` that failed, a use of a
/// finalized object): a test fails on any.
enum GLibWarnings {
    nonisolated(unsafe) private(set) static var messages: [String] = []
    nonisolated(unsafe) private static var installed = false

    static func install() {
        guard !installed else { return }
        installed = true
        let levels = GLogLevelFlags(
            rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue | G_LOG_FLAG_FATAL.rawValue
                | G_LOG_FLAG_RECURSION.rawValue)
        for domain in ["GLib", "GLib-GObject", "Gtk", "Gdk", "Gsk"] {
            g_log_set_handler(
                domain, levels,
                { domain, _, message, _ in
                    GLibWarnings.messages.append(
                        "\(domain.map { String(cString: $0) } ?? ""): \(message.map { String(cString: $0) } ?? "")")
                }, nil)
        }
    }
}

/// Counts the GObjects finalized among those it watches, with GObject weak references.
final class FinalizationCounter {
    private(set) var watched = 0
    fileprivate(set) var finalized = 0

    /// Counts `object` when it is finalized.
    func watch(_ object: UnsafeMutablePointer<GtkWidget>) {
        watched += 1
        g_object_weak_ref(
            UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self),
            { data, _ in Unmanaged<FinalizationCounter>.fromOpaque(data!).takeUnretainedValue().finalized += 1 },
            Unmanaged.passUnretained(self).toOpaque())
    }

    /// The objects watched that are still alive.
    var alive: Int { watched - finalized }
}

/// Emits `signal` (no arguments) on `wrapper`'s widget, as GTK does for the user.
func emit(_ signal: String, on wrapper: GTKWidget) {
    pbgtk_emit_signal(wrapper.widget!, signal)
}

/// Types `text` into `entry` as GTK does: `gtk_editable_set_text`, which emits `changed`.
func type(_ text: String, into entry: GTKEntry) {
    gtk_editable_set_text(OpaquePointer(entry.widget!), text)
}

/// A model announced by key path, as an app's model is.
final class Person: KeyPathObservable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    @Announced var name = ""
    @Announced var age = 0
    @Announced var subscribed = false
    @Announced var volume = 0.0
    @Announced var colour = 0
    @Announced var status = ""

    init(name: String = "", age: Int = 0) {
        self.name = name
        self.age = age
    }
}
