import Foundation
import Observation
import PropertyBinding
import PropertyBindingControls
import Testing

// The library's synchronous triggers fired on one thread while, on another, bindings start and
// stop them: the control's targets, the object's key-path observers and the delegate slot's
// proxies change under the fire. Part of the thread-sanitizer run (`TSAN_SUITES` in `.ci/run`).

private protocol ChurnDialDelegate: AnyObject {
    func dialDidTurn(_ dial: ChurnDial)
}

/// A control that announces each turn three ways: to its delegate (through the proxies in its
/// slot), to its targets, and to its key-path observers.
private final class ChurnDial: Control, KeyPathObservable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    let delegateSlot = DelegateSlot<any ChurnDialDelegate>()
    private let lock = NSLock()
    private var _angle = 0

    var angle: Int {
        get { lock.withLock { _angle } }
        set { lock.withLock { _angle = newValue } }
    }

    func turn() {
        angle += 1
        delegateSlot.receiver?.dialDidTurn(self)
        sendActions(for: .valueChanged)
        didChange(\.angle)
    }
}

private final class ChurnDialProxy: DelegateProxy<ChurnDial, any ChurnDialDelegate>, ChurnDialDelegate {
    init(_ dial: ChurnDial) { super.init(dial, slot: \.delegateSlot) }
    func dialDidTurn(_ dial: ChurnDial) {
        forward { $0.dialDidTurn(dial) }
        fire("dialDidTurn")
    }
}

private final class CountingDialDelegate: ChurnDialDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var _turns = 0
    var turns: Int { lock.withLock { _turns } }
    func dialDidTurn(_ dial: ChurnDial) { lock.withLock { _turns += 1 } }
}

/// Weak references to the triggers a test made, to check they are all released.
private final class WeakTriggers: @unchecked Sendable {
    private let lock = NSLock()
    private var triggers: [() -> AnyObject?] = []
    func append(_ trigger: AnyObject) {
        lock.withLock { triggers.append { [weak trigger] in trigger } }
    }
    var alive: Int { lock.withLock { triggers.filter { $0() != nil }.count } }
}

@Suite struct ConcurrencyTriggerChurnTests {
    enum Kind: String, CaseIterable, Sendable {
        case delegation, targetAction, keyPath
    }

    @Test(arguments: Kind.allCases)
    func aTriggerFiredOnOneThreadWhileBindingsStartAndStopItOnAnother(kind: Kind) {
        let dial = ChurnDial()
        let delegate = CountingDialDelegate()
        dial.delegateSlot.delegate = delegate
        let made = WeakTriggers()
        let turns = 20_000
        let churnDone = SharedCounter()

        let turner: @Sendable () -> Void = {
            var turned = 0
            while turned < turns || !churnDone.isSet {
                dial.turn()
                turned += 1
            }
        }
        let churner: @Sendable () -> Void = {
            for round in 0..<300 {
                let view = UnlockedView(-1)
                let binding = Binding(source: Property(dial, \.angle), destination: Property(view, \.value))
                let trigger: any Trigger
                switch kind {
                case .delegation: trigger = DelegationTrigger(proxy: ChurnDialProxy(dial), callbacks: ["dialDidTurn"])
                case .targetAction: trigger = TargetActionTrigger(control: dial, events: .valueChanged)
                case .keyPath: trigger = KeyPathTrigger(dial, \.angle)
                }
                made.append(trigger)
                binding.addTrigger(trigger)
                sched_yield()
                // Every other binding is removed, the rest simply released.
                if round.isMultiple(of: 2) { binding.removeTrigger(trigger) }
            }
            churnDone.isSet = true
        }
        #expect(runOnThreads([turner, churner]), "the threads did not finish")

        // Every proxy, target and observer is gone with its binding, and the delegate behind the
        // proxies heard every turn.
        #expect(dial.delegateSlot.proxyCount == 0)
        #expect(dial.actionCount() == 0)
        #expect(dial.keyPathObservers.count == 0)
        #expect(made.alive == 0)
        #expect(delegate.turns == dial.angle)
        #expect(dial.angle >= turns)
    }

    /// A control's targets changed from four threads at once: a bound trigger stopped and
    /// started, its registration narrowed by `removeTarget(nil, for:)`, events sent, the list
    /// read. Nothing deadlocks, and the trigger ends as a whole registration again.
    @Test func aControlsTargetsChangedFromFourThreads() {
        let dial = ChurnDial()
        let view = UnlockedView(-1)
        let binding = Binding(source: Property(dial, \.angle), destination: Property(view, \.value))
        let trigger = TargetActionTrigger(control: dial, events: [.valueChanged, .editingChanged])
        binding.addTrigger(trigger)
        let bodies: [@Sendable () -> Void] = (0..<4).map { thread in
            {
                for round in 0..<5_000 {
                    switch (thread + round) % 4 {
                    case 0:
                        trigger.stopObserving()
                        trigger.startObserving()
                    case 1: dial.removeTarget(nil, for: .editingChanged)
                    case 2: dial.sendActions(for: .valueChanged)
                    default: _ = (dial.actionCount(), dial.allTargets.count)
                    }
                }
            }
        }
        #expect(runOnThreads(bodies), "the threads did not finish")
        trigger.stopObserving()
        trigger.startObserving()
        #expect(dial.events(for: trigger) == [.valueChanged, .editingChanged])
        #expect(dial.actionCount() == 1)
        withExtendedLifetime(binding) {}
    }
}

@Observable private final class ObservedDial: @unchecked Sendable {
    var angle = 0
}

/// `addTrigger` racing teardown, for every trigger kind: the trigger must end registered with
/// a valid binding or stopped, never started on an invalidated binding, never leaked.
@Suite struct ConcurrencyTriggerMembershipTests {
    enum Kind: String, CaseIterable, Sendable {
        case notification, keyPath, targetAction, delegation, observation
    }

    enum Teardown: String, CaseIterable, Sendable {
        case invalidate, removeAll
    }

    static let cases = Kind.allCases.flatMap { kind in Teardown.allCases.map { (kind, $0) } }

    @Test(arguments: cases)
    func aTriggerAddedWhileTheBindingIsTornDownEndsStopped(kind: Kind, teardown: Teardown) {
        let made = WeakTriggers()
        let center = NotificationCenter()
        let queue = DispatchQueue(label: "ConcurrencyTriggerMembershipTests")
        for _ in 0..<150 {
            let dial = ChurnDial()
            let observed = ObservedDial()
            let view = UnlockedView(-1)
            let binding = Binding(source: Property(dial, \.angle), destination: Property(view, \.value))
            let set = BindingSet()
            set.add(binding)
            let trigger: any Trigger & Sendable
            switch kind {
            case .notification: trigger = NotificationTrigger(center: center, name: .churnDialDidTurn, object: dial)
            case .keyPath: trigger = KeyPathTrigger(dial, \.angle)
            case .targetAction: trigger = TargetActionTrigger(control: dial, events: .valueChanged)
            case .delegation: trigger = DelegationTrigger(proxy: ChurnDialProxy(dial), callbacks: ["dialDidTurn"])
            case .observation: trigger = ObservationTrigger(observed, \.angle, queue: queue)
            }
            made.append(trigger)
            let meeting = ThreadMeeting(2)
            let finished = runOnThreads(
                timeout: 20,
                [
                    {
                        meeting.arrive()
                        binding.addTrigger(trigger)
                    },
                    {
                        meeting.arrive()
                        switch teardown {
                        case .invalidate: binding.invalidate()
                        case .removeAll: set.removeAll()
                        }
                    },
                ])
            #expect(finished, "the threads did not finish")
            #expect(!binding.isValid)
            #expect(binding.triggers.isEmpty)
            let stillObserving: Bool
            switch kind {
            case .notification: stillObserving = (trigger as! NotificationTrigger).isObserving
            case .keyPath: stillObserving = dial.keyPathObservers.count > 0
            case .targetAction: stillObserving = dial.actionCount() > 0
            case .delegation: stillObserving = dial.delegateSlot.proxyCount > 0
            case .observation: stillObserving = (trigger as! ObservationTrigger).isObserving
            }
            #expect(!stillObserving, "a \(kind) trigger was left started on an invalidated binding")
            if stillObserving { return }
        }
        queue.sync {}
        // A finished thread lets its closure (and the trigger it captured) go a moment later.
        let deadline = Date(timeIntervalSinceNow: 5)
        while made.alive > 0 && Date() < deadline { usleep(1_000) }
        #expect(made.alive == 0, "triggers outlived their bindings")
    }
}

extension Notification.Name {
    fileprivate static let churnDialDidTurn = Notification.Name("ConcurrencyTriggerMembershipTests.churnDialDidTurn")
}
