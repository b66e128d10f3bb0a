import Foundation
import Testing

@testable import PropertyBinding

/// A model with a computed key path: a trigger on `greeting` registers three entries (its key
/// path, then `name` and `title`), one on `name` a single one. Unchecked: the concurrent test
/// only announces, through the registry, which is safe from any thread.
private final class Model: KeyPathObservable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    var name = "" { didSet { didChange(\.name) } }
    var title = "" { didSet { didChange(\.title) } }
    var greeting: String { "\(title) \(name)" }
    static let announcedKeyPaths: [AnnouncedKeyPath] = [
        .announced("name", \Model.name),
        .announced("title", \Model.title),
        .computed("greeting", \Model.greeting, dependsOn: \Model.name, \Model.title),
    ]
}

/// A non-final announcing class: a trigger on `\InheritingSub.name` also hears the base class
/// announce `\InheritingBase.name` (an inherited observation besides its own).
private class InheritingBase: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    var name = "" { didSet { didChange(\.name) } }
}

private final class InheritingSub: InheritingBase {}

/// What each observation logs when it runs: its label, in the order they ran.
private final class Log: TriggerDelegate {
    var labels: [Int] = []
    var triggerLabels: [ObjectIdentifier: Int] = [:]

    func triggerDidFire(_ trigger: any Trigger) {
        labels.append(triggerLabels[ObjectIdentifier(trigger)] ?? -1)
    }
}

/// Counts fires from any thread.
private final class Fires: TriggerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var fires = 0

    var count: Int { lock.withLock { fires } }

    func triggerDidFire(_ trigger: any Trigger) {
        lock.withLock { fires += 1 }
    }
}

/// The orders removals are tried in.
enum RemovalOrder: CaseIterable, Sendable {
    case firstToLast, lastToFirst, random
}

/// One observation of a `Model`: a closure on `name` or on `title`, or a trigger on `name` or
/// on `greeting`, with the label it logs.
private final class Observation {
    enum Kind: CaseIterable {
        case closureOnName, closureOnTitle, triggerOnName, triggerOnGreeting
    }

    let label: Int
    let kind: Kind
    var handle: KeyPathObservation?
    var trigger: KeyPathTrigger?

    init(label: Int, kind: Kind, on model: Model, log: Log) {
        self.label = label
        self.kind = kind
        switch kind {
        case .closureOnName:
            handle = model.keyPathObservers.observe(\Model.name) { [log] in log.labels.append(label) }
        case .closureOnTitle:
            handle = model.keyPathObservers.observe(\Model.title) { [log] in log.labels.append(label) }
        case .triggerOnName, .triggerOnGreeting:
            let trigger =
                kind == .triggerOnName ? KeyPathTrigger(model, \.name) : KeyPathTrigger(model, \.greeting)
            log.triggerLabels[ObjectIdentifier(trigger)] = label
            trigger.delegate = log
            trigger.startObserving()
            self.trigger = trigger
        }
    }

    /// The entries it registered: a trigger on `greeting` also observes `name` and `title`.
    var entries: Int { kind == .triggerOnGreeting ? 3 : 1 }

    /// Whether an announcement of `\Model.name` reaches it.
    var hearsName: Bool { kind != .closureOnTitle }

    /// Whether an announcement of `\Model.title` reaches it.
    var hearsTitle: Bool { kind == .closureOnTitle || kind == .triggerOnGreeting }

    /// Its entries observing `\Model.name`.
    var entriesOnName: Int { hearsName ? 1 : 0 }

    func remove(from model: Model) {
        if let handle { model.keyPathObservers.removeObservation(handle) }
        trigger?.stopObserving()
    }
}

/// Observations of one model, and what announcing each key path must run.
private final class Scenario {
    let model = Model()
    let log = Log()
    private(set) var live: [Observation] = []
    private var nextLabel = 0

    /// Adds `count` observations, their kinds taken in turn.
    func add(_ count: Int) {
        for _ in 0..<count {
            let kinds = Observation.Kind.allCases
            live.append(Observation(label: nextLabel, kind: kinds[nextLabel % kinds.count], on: model, log: log))
            nextLabel += 1
        }
    }

    /// Removes the observation `live[index]`.
    func remove(at index: Int) {
        live.remove(at: index).remove(from: model)
    }

    /// Checks that announcing each key path runs exactly the live observations that hear it,
    /// in the order they were added, and that the counts are right.
    func expectConsistent(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        log.labels = []
        model.keyPathObservers.notify(\Model.name)
        #expect(log.labels == live.filter(\.hearsName).map(\.label), comment, sourceLocation: sourceLocation)
        log.labels = []
        model.keyPathObservers.notify(\Model.title)
        #expect(log.labels == live.filter(\.hearsTitle).map(\.label), comment, sourceLocation: sourceLocation)
        log.labels = []
        #expect(
            model.keyPathObservers.count == live.reduce(0) { $0 + $1.entries }, comment,
            sourceLocation: sourceLocation)
        #expect(
            model.keyPathObservers.count(for: \Model.name) == live.reduce(0) { $0 + $1.entriesOnName }, comment,
            sourceLocation: sourceLocation)
    }

    /// The index in `live` to remove next in `order`.
    func next(in order: RemovalOrder, using generator: inout SplitMix64) -> Int {
        switch order {
        case .firstToLast: 0
        case .lastToFirst: live.count - 1
        case .random: Int.random(in: 0..<live.count, using: &generator)
        }
    }
}

@Suite struct KeyPathObserversScaleTests {
    /// Short lists (shifted), ones that cross the length at which holes are left, and long ones.
    @Test(arguments: RemovalOrder.allCases, [5, 40, 150])
    func removingInAnyOrderLeavesExactlyTheOthersInOrder(order: RemovalOrder, count: Int) {
        let scenario = Scenario()
        scenario.add(count)
        scenario.expectConsistent()
        var generator = SplitMix64(seed: UInt64(count))
        while !scenario.live.isEmpty {
            scenario.remove(at: scenario.next(in: order, using: &generator))
            scenario.expectConsistent("\(order), \(scenario.live.count) left of \(count)")
        }
        #expect(scenario.model.keyPathObservers.count == 0)
    }

    @Test(arguments: RemovalOrder.allCases)
    func reAddingAfterRemovalsRunsTheNewOnesLast(order: RemovalOrder) {
        let scenario = Scenario()
        var generator = SplitMix64(seed: 7)
        // Grow long, shrink back to short, grow long again, then empty and start over.
        for (adding, removing) in [(100, 90), (60, 20), (3, 45), (50, 10)] {
            scenario.add(adding)
            scenario.expectConsistent()
            for _ in 0..<removing {
                scenario.remove(at: scenario.next(in: order, using: &generator))
            }
            scenario.expectConsistent("\(order), \(scenario.live.count) left")
        }
    }

    @Test func aTriggerStoppedAndStartedAgainRunsLast() {
        let scenario = Scenario()
        scenario.add(80)
        let restarted = scenario.live[43]  // a trigger on greeting: three entries
        #expect(restarted.kind == .triggerOnGreeting)
        restarted.trigger?.stopObserving()
        restarted.trigger?.startObserving()
        scenario.log.labels = []
        scenario.model.keyPathObservers.notify(\Model.title)
        let others = scenario.live.filter { $0.hearsTitle && $0 !== restarted }.map(\.label)
        #expect(scenario.log.labels == others + [43])
        #expect(scenario.model.keyPathObservers.count == scenario.live.reduce(0) { $0 + $1.entries })
    }

    @Test func removingTwiceOrAStaleHandleRemovesNothingElse() {
        let scenario = Scenario()
        scenario.add(100)
        let removed = scenario.live.filter { $0.handle != nil }.prefix(30)
        for observation in removed {
            scenario.remove(at: scenario.live.firstIndex { $0 === observation }!)
            observation.remove(from: scenario.model)  // its hole is still there
        }
        scenario.expectConsistent()
        // The list was squeezed since: stale handles and stopped triggers find nothing.
        for observation in removed { observation.remove(from: scenario.model) }
        // Triggers stopped twice, then started again: they run last, in the order started.
        let restarted = scenario.live.filter { $0.trigger != nil }.prefix(5)
        for observation in restarted {
            observation.trigger?.stopObserving()
            observation.trigger?.stopObserving()
        }
        for observation in restarted { observation.trigger?.startObserving() }
        scenario.log.labels = []
        scenario.model.keyPathObservers.notify(\Model.name)
        let others = scenario.live.filter { observation in !restarted.contains { $0 === observation } }
        #expect(scenario.log.labels == (others + restarted).filter(\.hearsName).map(\.label))
        #expect(scenario.model.keyPathObservers.count == scenario.live.reduce(0) { $0 + $1.entries })
    }

    /// Triggers on a subclass's key path also hear the base class announce the property, through
    /// their inherited observations, which are removed with them.
    @Test(arguments: RemovalOrder.allCases, [4, 60])
    func inheritedObservationsAreRemovedWithTheirTrigger(order: RemovalOrder, count: Int) {
        let sub = InheritingSub()
        let log = Log()
        var live: [(label: Int, trigger: KeyPathTrigger?, handle: KeyPathObservation?)] = []
        for label in 0..<count {
            if label % 3 == 2 {
                let handle = sub.keyPathObservers.observe(\InheritingBase.name) { [log] in log.labels.append(label) }
                live.append((label, nil, handle))
            } else {
                let trigger = KeyPathTrigger(sub, \.name)
                log.triggerLabels[ObjectIdentifier(trigger)] = label
                trigger.delegate = log
                trigger.startObserving()
                live.append((label, trigger, nil))
            }
        }
        var generator = SplitMix64(seed: UInt64(count))
        var round = 0
        while true {
            round += 1
            log.labels = []
            sub.name = "value \(round)"  // announced as \InheritingBase.name, a new value
            #expect(log.labels == live.map(\.label), "\(order), \(live.count) left of \(count)")
            #expect(sub.keyPathObservers.count == live.count)
            #expect(sub.keyPathObservers.count(for: \InheritingSub.name) == live.count { $0.trigger != nil })
            guard !live.isEmpty else { break }
            let index =
                switch order {
                case .firstToLast: 0
                case .lastToFirst: live.count - 1
                case .random: Int.random(in: 0..<live.count, using: &generator)
                }
            let removed = live.remove(at: index)
            removed.trigger?.stopObserving()
            if let handle = removed.handle { sub.keyPathObservers.removeObservation(handle) }
        }
    }

    /// Threads adding and removing triggers and closures on one long list, in shuffled orders,
    /// while others announce: every removal finds its entries (the sanitizer run checks the
    /// locking).
    @Test func concurrentAddsAndRemovalsOnALongListLeaveNothing() {
        let model = Model()
        let fires = Fires()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var generator = SplitMix64(seed: UInt64(worker))
            for _ in 0..<3 {
                let triggers = (0..<40).map { index in
                    index.isMultiple(of: 2) ? KeyPathTrigger(model, \.greeting) : KeyPathTrigger(model, \.name)
                }
                for trigger in triggers {
                    trigger.delegate = fires
                    trigger.startObserving()
                }
                let handles = (0..<20).map { _ in model.keyPathObservers.observe(\Model.title) {} }
                model.keyPathObservers.notify(\Model.name)
                for trigger in triggers.shuffled(using: &generator) { trigger.stopObserving() }
                for handle in handles.shuffled(using: &generator) { model.keyPathObservers.removeObservation(handle) }
            }
        }
        #expect(model.keyPathObservers.count == 0)
        #expect(model.keyPathObservers.count(for: \Model.name) == 0)
        #expect(fires.count > 0)
    }

    /// Every announcing object holds one: the bookkeeping of long lists and of superclass
    /// observations is out of line, so that the registry stays one 56-byte block.
    @Test func aRegistryIsOneSmallAllocation() throws {
        let size = try #require(allocationSize { KeyPathObservers() })
        #expect(size <= 56)
    }
}
