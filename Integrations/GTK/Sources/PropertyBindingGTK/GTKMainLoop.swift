import CGTK
import CGTKShims
import Foundation

/// GTK's start-up and main loop, and the main dispatch queue run inside it.
///
/// ```swift
/// guard GTKMainLoop.initialize() else { fatalError("no display (run under xvfb-run -a)") }
/// GTKMainLoop.integrateDispatchMainQueue()
/// let showStatus = try Binding(source: Property(service, \.status), destination: Property(label, \.text),
///                              triggers: .standard).delivered(on: .main)   // writes in the GTK loop
/// ```
///
/// **The threading rule.** Widgets are read and written on the main thread only, inside the GTK
/// loop. A binding whose source changes on another thread is `delivered(on: .main)`: its fire is
/// read where it happens, and the write waits for the main queue, which
/// ``integrateDispatchMainQueue()`` drains from the GLib main loop. The wrappers hold to the rule
/// for a binding that is not delivered: off the main thread they queue a write on the main queue
/// and answer a read with the value last seen on the main thread (see ``GTKWidget``).
public enum GTKMainLoop {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var initialized = false
    nonisolated(unsafe) private static var integrated = false

    /// Starts GTK once (`gtk_init_check`), on the main thread; returns whether a display was found.
    @discardableResult
    public static func initialize() -> Bool {
        precondition(isMainThread, "GTK starts on the main thread")
        return lock.withLock {
            if !initialized { initialized = gtk_init_check() != 0 }
            return initialized
        }
    }

    /// Returns `make()`, a new widget (`gtk_entry_new()`), once GTK has started; stops with a clear
    /// message when it has not, where GTK itself would crash on a null display.
    static func made<Widget>(_ make: @autoclosure () -> Widget) -> Widget {
        precondition(isMainThread, "GTK widgets are made on the main thread")
        precondition(
            gtk_is_initialized() != 0 && gdk_display_get_default() != nil,
            "GTK has not started: call GTKMainLoop.initialize() first, and make no widget when it returns false "
                + "(no display: run under xvfb-run -a)")
        return make()
    }

    /// Makes the GLib main loop run the blocks of `DispatchQueue.main`, as CoreFoundation's run loop
    /// does: it watches libdispatch's main-queue eventfd (`_dispatch_get_main_queue_handle_4CF`)
    /// with `g_unix_fd_add` and drains the queue (`_dispatch_main_queue_callback_4CF`) when it is
    /// signalled. Call once, on the main thread; later calls do nothing.
    public static func integrateDispatchMainQueue() {
        precondition(isMainThread, "the main queue is drained on the main thread")
        lock.lock()
        defer { lock.unlock() }
        guard !integrated else { return }
        integrated = true
        let fd = pbgtk_main_queue_fd()
        _ = g_unix_fd_add(fd, G_IO_IN, drainMainQueue, nil)
        // Blocks submitted before now have signalled already: run them at the first turn.
        _ = g_idle_add(drainMainQueueOnce, nil)
    }

    /// Runs one turn of the default main context; returns whether something was dispatched.
    @discardableResult
    public static func iterate(blocking: Bool = false) -> Bool {
        g_main_context_iteration(nil, gboolean(blocking)) != 0
    }

    /// Runs the default main context until nothing is pending.
    public static func runUntilIdle() {
        while g_main_context_pending(nil) != 0 { iterate() }
    }

    /// Runs the default main context until `condition` holds or `timeout` seconds have passed;
    /// returns whether it holds.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            if Date() > deadline { return false }
            if !iterate() { usleep(1000) }
        }
        return true
    }
}

/// The GLib source callback of the main queue's eventfd.
private let drainMainQueue: GUnixFDSourceFunc = { fd, _, _ in
    pbgtk_clear_main_queue_fd(fd)
    pbgtk_drain_main_queue()
    return 1  // G_SOURCE_CONTINUE
}

/// One drain at the first idle turn.
private let drainMainQueueOnce: GSourceFunc = { _ in
    pbgtk_drain_main_queue()
    return 0  // G_SOURCE_REMOVE
}
