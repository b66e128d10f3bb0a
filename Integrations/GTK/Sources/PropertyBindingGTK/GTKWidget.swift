import CGTK
import CGTKShims
import Foundation
import PropertyBinding
import Synchronization

/// The Swift side of one GTK widget: what bindings read, write and watch.
///
/// Each wrapper class (``GTKEntry``, ``GTKSpinButton``, ``GTKButton``…) is final, so that a key
/// path written on it (`\GTKEntry.text`) is the one ``TriggerRegistry/standard`` looks up:
///
/// ```swift
/// let entry = GTKEntry()
/// let storeName = try Binding(source: Property(entry, \.text), destination: Property(person, \.name),
///                             triggers: .standard)   // the entry's `changed` signal
/// ```
///
/// **Lifetimes.** The widget owns its wrapper (GObject data released when the widget is
/// finalized); the wrapper does not keep the widget alive (a GObject weak reference clears
/// ``widget``). When the window destroys the widget, the wrapper goes too, and a ``Property`` of
/// it (which holds it weakly) reports `objectDeallocated`: the binding ends. A wrapper your code
/// still holds outlives its widget, but it is an `EndingObject` that has ended (``hasEnded``): a
/// ``Property`` of it reads and writes nothing and reports `objectDeallocated` just the same. A
/// new widget is floating, as in C, until it is added to a parent.
///
/// **Signals.** A ``TargetActionTrigger`` added by a binding is held by the wrapper; the signals
/// its events need are connected (`g_signal_connect_data`) when the first trigger wanting them
/// is added, and disconnected by handler id when the last one is removed.
///
/// **Threads.** GTK is single-threaded, and a wrapper calls GTK on the main thread only, in debug
/// and release builds alike. On another thread (a binding fired there, not delivered on `.main`)
/// a write is queued on the main queue, which the GLib main loop drains (the first wrapper made
/// calls ``GTKMainLoop/integrateDispatchMainQueue()``), and lands there in order; a read answers
/// the write the wrapper has queued, or else the value it last saw on the main thread: as it was
/// made, as the wrapper wrote it, or as a read there (a binding's) found it. A change the user
/// made that nothing has read on the main thread yet is not seen there (the first read off the
/// main thread has the loop read every value again, for the next one). To read a widget's live
/// value, fire its bindings on the main thread. Wrappers are made on the main thread. Triggers may be added and
/// removed on any thread; off the main thread, the signals follow on the main queue.
///
/// ```swift
/// DispatchQueue.global().async { person.name = "Ann" }   // `nameField.text` is set in the GTK loop
/// ```
///
/// Values written through a wrapper's properties by code do not fire its triggers, as a UIKit
/// control sends no action for a value set by code (``GTKLabel`` is the exception: only code
/// changes a label, and it announces each change).
public class GTKWidget: TargetActionSource, TriggerMakingObject, EndingObject, KeyPathNaming, @unchecked Sendable {
    /// The GTK widget, or nil once it has been finalized. Main thread only.
    public private(set) var widget: UnsafeMutablePointer<GtkWidget>?

    private let lock = StateLock()
    /// The triggers registered, in the order added. Guarded by `lock`.
    private var triggers: [TargetActionTrigger] = []
    /// The handler id of each of ``signals`` connected now, by index. Main thread only.
    private var handlerIDs: [Int: gulong] = [:]
    /// The focus controller added for focus signals, while one is connected. Main thread only.
    private var focusController: OpaquePointer?
    /// Above zero while the wrapper writes its widget: its own writes fire no trigger.
    private var writeDepth = 0
    /// What a read off the main thread answers (``Seen``).
    private let seen = Mutex(Seen())
    /// Whether a read off the main thread has asked this wrapper: the first one has the main loop
    /// read every value again (a value the user changed that nothing read on the main thread).
    private let readOffMain = Atomic<Bool>(false)

    /// Set as the widget is finalized: ``hasEnded``.
    private let ended = Atomic<Bool>(false)

    /// Whether the widget has been finalized (its window destroyed): once true, a ``Property`` of
    /// this wrapper reads and writes nothing and throws `objectDeallocated`, so the bindings over
    /// it end at their next update, even while your code still holds the wrapper. Any thread.
    public var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// The names of the wrapper's key paths, for messages (`\GTKEntry.text`, not
    /// `\GTKEntry.<computed String>`): each wrapper class names its own and `isEnabled`, `isVisible`.
    public class var keyPathNames: [AnyKeyPath: String] { [:] }

    /// `isEnabled`, `isVisible` and `own`, named on `Wrapper`: what a wrapper's ``keyPathNames`` is.
    static func names<Wrapper: GTKWidget>(_: Wrapper.Type, _ own: [PartialKeyPath<Wrapper>: String])
        -> [AnyKeyPath: String]
    {
        var names: [AnyKeyPath: String] = [\Wrapper.isEnabled: "isEnabled", \Wrapper.isVisible: "isVisible"]
        for (keyPath, name) in own { names[keyPath] = name }
        return names
    }

    /// The GObject data key under which a widget holds its wrapper.
    static let dataKey = "property-binding-gtk-wrapper"

    /// Wraps `widget`: the widget holds this wrapper from now until it is finalized.
    init(adopting widget: UnsafeMutablePointer<GtkWidget>) {
        precondition(isMainThread, "GTK widgets are made and wrapped on the main thread")
        self.widget = widget
        let retained = Unmanaged.passRetained(self).toOpaque()
        g_object_set_data_full(widget.object, Self.dataKey, retained) { data in
            guard let data else { return }
            Unmanaged<GTKWidget>.fromOpaque(data).release()
        }
        g_object_weak_ref(widget.object, widgetWasFinalized, Unmanaged.passUnretained(self).toOpaque())
        Self.countLock.withLock { Self.liveWrappers += 1 }
        // Writes queued off the main thread land only if the GLib loop drains the main queue.
        GTKMainLoop.integrateDispatchMainQueue()
        rememberValues()
    }

    /// Reads each value of the widget (on the main thread, as it is made, and again when a read
    /// off the main thread first asks), so that such a read has the widget's own value to answer.
    func rememberValues() {
        _ = isEnabled
        _ = isVisible
    }

    deinit {
        Self.countLock.withLock { Self.liveWrappers -= 1 }
    }

    /// The wrapper `widget` holds, if it has one.
    static func existingWrapper(of widget: UnsafeMutablePointer<GtkWidget>) -> GTKWidget? {
        guard let data = g_object_get_data(widget.object, dataKey) else { return nil }
        return Unmanaged<GTKWidget>.fromOpaque(data).takeUnretainedValue()
    }

    /// Called by the weak reference as the widget goes: GLib has destroyed its handlers already.
    /// Each trigger is told that its control is gone for good, so a binding that only this widget
    /// could fire ends with it (silently: the end of a window is no failure).
    fileprivate func widgetDidFinalize() {
        ended.store(true, ordering: .releasing)
        widget = nil
        handlerIDs = [:]
        focusController = nil
        let ended = lock.withLock { triggers }
        for trigger in ended { trigger.controlDidEnd() }
    }

    // MARK: What a subclass declares
    // (and ``rememberValues()``, which reads each value the subclass adds)

    /// The signals the wrapper can connect, each with the events it stands for.
    var signals: [GTKSignal] { [] }

    /// The key paths the wrapper announces, each with the events that announce it.
    var announcedKeyPaths: [AnyKeyPath: ControlEvents] { [:] }

    // MARK: Writing

    /// Reads one value of the widget. On the main thread: `read` of the widget (`fallback` once
    /// the widget is gone), remembered for other threads. On another thread
    /// GTK is not called: the value queued last by ``writing(_:to:_:)``, or else the one last
    /// remembered on the main thread, or else `fallback`.
    @inline(__always)
    final func reading<Value: Sendable>(
        _ slot: Slot, fallback: Value, _ read: (UnsafeMutablePointer<GtkWidget>) -> Value
    ) -> Value {
        guard isMainThread else { return lastSeen(slot) ?? fallback }
        guard let widget else { return fallback }
        let value = read(widget)
        remember(value, slot)
        return value
    }

    /// What ``reading(_:fallback:_:)`` answers off the main thread. The first such read of this
    /// wrapper has the main loop read every value again.
    private func lastSeen<Value>(_ slot: Slot) -> Value? {
        if !readOffMain.load(ordering: .relaxed),
            readOffMain.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        {
            DispatchQueue.main.async { [weak self] in self?.rememberValues() }
        }
        return seen.withLock { $0.values[slot.rawValue] as? Value }
    }

    /// Remembers `value`, read on the main thread, unless a write of `slot` is queued.
    private func remember(_ value: any Sendable, _ slot: Slot) {
        seen.withLock { seen in
            guard seen.queuedWrites[slot.rawValue] == 0 else { return }
            seen.values[slot.rawValue] = value
        }
    }

    /// Writes one value of the widget with `write`, so that the signals it emits fire no trigger:
    /// now on the main thread; from another thread, queued on the main queue (in the order
    /// written), and dropped if the widget is gone by then. `write` is given the widget and the
    /// value, and must capture no wrapper.
    func writing<Value: Sendable>(
        _ value: Value, to slot: Slot,
        _ write: @escaping @Sendable (UnsafeMutablePointer<GtkWidget>, Value) -> Void
    ) {
        guard isMainThread else {
            seen.withLock { seen in
                seen.values[slot.rawValue] = value
                seen.queuedWrites[slot.rawValue] += 1
            }
            DispatchQueue.main.async { [weak self] in
                guard let self else { return }
                seen.withLock { $0.queuedWrites[slot.rawValue] -= 1 }
                writeNow(value, to: slot, write)
            }
            return
        }
        writeNow(value, to: slot, write)
    }

    /// ``writing(_:to:_:)`` on the main thread.
    private func writeNow<Value: Sendable>(
        _ value: Value, to slot: Slot, _ write: (UnsafeMutablePointer<GtkWidget>, Value) -> Void
    ) {
        guard let widget else { return }
        writeDepth += 1
        defer { writeDepth -= 1 }
        write(widget, value)
        seen.withLock { seen in if seen.queuedWrites[slot.rawValue] == 0 { seen.values[slot.rawValue] = value } }
        didWrite(slot)
    }

    /// Called on the main thread after each write of `slot`: a widget that adjusts what it is
    /// given (a spin button clamps its value to its range) reads it again here, so that a read off
    /// the main thread answers what the widget shows.
    func didWrite(_ slot: Slot) {}

    /// Runs `action` on the main thread: now, or queued from another thread (dropped if the
    /// widget is gone by then). For what the user does (a click, typing), which has no value to
    /// remember.
    func onMainThread(_ action: @escaping @Sendable (GTKWidget, UnsafeMutablePointer<GtkWidget>) -> Void) {
        guard isMainThread else {
            DispatchQueue.main.async { [weak self] in
                guard let self, let widget else { return }
                action(self, widget)
            }
            return
        }
        guard let widget else { return }
        action(self, widget)
    }

    /// Whether the widget responds to the user: GTK's `sensitive`.
    public var isEnabled: Bool {
        get { reading(.isEnabled, fallback: false) { gtk_widget_get_sensitive($0) != 0 } }
        set { writing(newValue, to: .isEnabled) { gtk_widget_set_sensitive($0, gboolean($1)) } }
    }

    /// Whether the widget is shown: GTK's `visible`.
    public var isVisible: Bool {
        get { reading(.isVisible, fallback: false) { gtk_widget_get_visible($0) != 0 } }
        set { writing(newValue, to: .isVisible) { gtk_widget_set_visible($0, gboolean($1)) } }
    }

    /// What reads off the main thread answer, by ``Slot``: the value last queued there, or else
    /// last read or written on the main thread; and the writes queued on the main queue and not
    /// yet run.
    struct Seen: ~Copyable {
        var values = [(any Sendable)?](repeating: nil, count: Slot.count)
        var queuedWrites = [Int](repeating: 0, count: Slot.count)
    }

    /// A value of a widget, as ``reading(_:fallback:_:)`` and ``writing(_:to:_:)`` remember it
    /// for other threads. Each wrapper class numbers its own after the common ones.
    struct Slot {
        let rawValue: Int
        static let isEnabled = Slot(rawValue: 0)
        static let isVisible = Slot(rawValue: 1)
        /// The first slot of a subclass.
        static let first = 2
        /// The number of slots a wrapper has room for: the common ones and three of its own.
        static let count = first + 3
        /// The `index`th slot of a subclass (`index` < 3).
        static func own(_ index: Int) -> Slot { Slot(rawValue: first + index) }
    }

    // MARK: Signals

    /// Called on the main thread by a handler: fires the triggers registered for any of `events`.
    func signalDidFire(_ events: ControlEvents) {
        if writeDepth > 0, !firesOnOwnWrites { return }
        let snapshot = lock.withLock { triggers }
        for trigger in snapshot where !trigger.events.isDisjoint(with: events) {
            trigger.controlDidSendAction()
        }
    }

    /// Whether the wrapper's own writes fire its triggers (a label's do).
    var firesOnOwnWrites: Bool { false }

    /// Connects the signals some trigger wants and disconnects the others, now on the main
    /// thread, or soon on the main queue.
    private func connectWantedSignals() {
        if isMainThread {
            updateConnections()
        } else {
            DispatchQueue.main.async { [weak self] in self?.updateConnections() }
        }
    }

    private func updateConnections() {
        let wanted = lock.withLock { triggers.reduce(into: ControlEvents()) { $0.formUnion($1.events) } }
        let signals = self.signals
        for (index, signal) in signals.enumerated() {
            let wants = widget != nil && !signal.events.isDisjoint(with: wanted)
            if wants, handlerIDs[index] == nil {
                guard let emitter = emitter(of: signal) else { continue }
                let id = SignalConnection.connect(emitter, signal: signal, owner: self)
                if id != 0 { handlerIDs[index] = id }
            } else if !wants, let id = handlerIDs.removeValue(forKey: index), let emitter = emitter(of: signal) {
                g_signal_handler_disconnect(emitter, id)
            }
        }
        // The focus controller goes with the last focus handler.
        if let controller = focusController, let widget,
            !signals.indices.contains(where: { signals[$0].emitter == .focusController && handlerIDs[$0] != nil })
        {
            focusController = nil
            gtk_widget_remove_controller(widget, controller)
        }
    }

    /// The instance that emits `signal`, made when needed; nil once the widget is gone.
    private func emitter(of signal: GTKSignal) -> UnsafeMutableRawPointer? {
        guard let widget else { return nil }
        switch signal.emitter {
        case .widget:
            return UnsafeMutableRawPointer(widget)
        case .focusController:
            if let focusController { return UnsafeMutableRawPointer(focusController) }
            let controller = gtk_event_controller_focus_new()!
            gtk_widget_add_controller(widget, controller)  // the widget owns it
            focusController = controller
            return UnsafeMutableRawPointer(controller)
        }
    }

    /// The number of signal handlers this wrapper has connected now.
    public var connectedHandlerCount: Int {
        assert(isMainThread, "GTK widgets are read on the main thread")
        return handlerIDs.count
    }

    // MARK: TargetActionSource

    /// Holds `trigger` and connects the signals of its events, unless it is registered already.
    public func addTriggerAction(_ trigger: TargetActionTrigger) {
        let added = lock.withLock {
            guard !triggers.contains(where: { $0 === trigger }) else { return false }
            triggers.append(trigger)
            return true
        }
        if added { connectWantedSignals() }
    }

    /// Lets go of `trigger`, and disconnects the signals no trigger wants any more.
    public func removeTriggerAction(_ trigger: TargetActionTrigger) {
        let removed = lock.withLock { () -> TargetActionTrigger? in
            guard let index = triggers.firstIndex(where: { $0 === trigger }) else { return nil }
            return triggers.remove(at: index)
        }
        guard removed != nil else { return }
        connectWantedSignals()
        withExtendedLifetime(removed) {}
    }

    /// Whether `trigger` is registered.
    public func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool {
        lock.withLock { triggers.contains { $0 === trigger } }
    }

    // MARK: TriggerMakingObject

    /// A ``TargetActionTrigger`` for the events that announce `keyPath`, or none when the widget
    /// does not announce it.
    public func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        guard let events = announcedKeyPaths[keyPath] else { return [] }
        return [TargetActionTrigger(source: self, events: events)]
    }

    // MARK: Counts

    private static let countLock = NSLock()
    nonisolated(unsafe) private static var liveWrappers = 0

    /// The number of wrappers alive now, in the whole process.
    public static var liveWrapperCount: Int { countLock.withLock { liveWrappers } }

    /// The number of signal handlers every wrapper has connected now, in the whole process: zero
    /// once every binding is gone or every widget destroyed.
    public static var connectedHandlerCount: Int { SignalConnection.liveCount }
}

/// The weak notify of a wrapper's widget.
private let widgetWasFinalized: GWeakNotify = { data, _ in
    guard let data else { return }
    Unmanaged<GTKWidget>.fromOpaque(data).takeUnretainedValue().widgetDidFinalize()
}
