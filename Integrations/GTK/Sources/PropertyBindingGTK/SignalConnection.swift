import CGTK
import CGTKShims
import Foundation
import PropertyBinding

/// One GObject signal handler of a wrapper: the `user_data` of the handler, retained by GLib and
/// released by its destroy notify, which runs when the handler is disconnected or its object is
/// disposed. Counting the boxes alive counts the handlers connected.
final class SignalConnection {
    /// The wrapper told when the signal is emitted. Unowned: the widget holds its wrapper until
    /// it is finalized, and GLib destroys the widget's handlers (and so this box) before that.
    unowned(unsafe) let owner: GTKWidget
    /// The events the signal stands for.
    let events: ControlEvents

    private static let lock = NSLock()
    nonisolated(unsafe) private static var live = 0

    /// The handlers of every wrapper connected now.
    static var liveCount: Int { lock.withLock { live } }

    private init(owner: GTKWidget, events: ControlEvents) {
        self.owner = owner
        self.events = events
        Self.lock.withLock { Self.live += 1 }
    }

    deinit {
        Self.lock.withLock { Self.live -= 1 }
    }

    /// Connects `signal` of `instance` with a handler that tells `owner` of `events`; returns the
    /// handler id (0 when GLib refused the connection: a misspelt signal).
    static func connect(
        _ instance: UnsafeMutableRawPointer, signal: GTKSignal, owner: GTKWidget
    ) -> gulong {
        let box = Unmanaged.passRetained(SignalConnection(owner: owner, events: signal.events))
        let handler: GCallback =
            switch signal.arity {
            case .instanceOnly: unsafeBitCast(instanceOnlyHandler, to: GCallback.self)
            case .oneArgument: unsafeBitCast(oneArgumentHandler, to: GCallback.self)
            }
        let id = pbgtk_signal_connect(instance, signal.name, handler, box.toOpaque(), releaseBox)
        if id == 0 { box.release() }
        return id
    }
}

/// `void handler (GObject *instance, gpointer user_data)`: `changed`, `clicked`, `value-changed`…
private let instanceOnlyHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    _, data in
    guard let data else { return }
    let connection = Unmanaged<SignalConnection>.fromOpaque(data).takeUnretainedValue()
    connection.owner.signalDidFire(connection.events)
}

/// `void handler (GObject *instance, GParamSpec *pspec, gpointer user_data)`: `notify::…`.
private let oneArgumentHandler:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        _, _, data in
        guard let data else { return }
        let connection = Unmanaged<SignalConnection>.fromOpaque(data).takeUnretainedValue()
        connection.owner.signalDidFire(connection.events)
    }

/// The destroy notify of a handler's data: releases its box.
private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<SignalConnection>.fromOpaque(data).release()
}

/// A signal a wrapper connects while some trigger wants its events.
struct GTKSignal {
    /// How many arguments the handler takes between the instance and the user data.
    enum Arity {
        /// `(instance, user_data)`.
        case instanceOnly
        /// `(instance, argument, user_data)`, as `notify::property`.
        case oneArgument
    }

    /// Where the signal is emitted.
    enum Emitter {
        /// The widget itself.
        case widget
        /// A `GtkEventControllerFocus` the wrapper adds to the widget.
        case focusController
    }

    /// The detailed signal name, as `g_signal_connect` takes it.
    let name: String
    /// The events an emission stands for.
    let events: ControlEvents
    var arity: Arity = .instanceOnly
    var emitter: Emitter = .widget
}
