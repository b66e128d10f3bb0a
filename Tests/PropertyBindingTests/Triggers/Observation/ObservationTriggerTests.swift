import Foundation
import PropertyBindingTesting
import Testing

@testable import PropertyBinding

/// Swift Observation delivers on the main queue by default: these tests change the model on the
/// main actor, then wait (bounded by a timeout) for the update.
@MainActor @Suite struct ObservationTriggerTests {
    init() { DefaultErrorRouting.install }

    @Test func deliversTheNewValueAfterTheChangeAndKeepsObserving() async {
        let player = ObservedPlayer()
        let label = PlainLabel()
        let showName = Binding(source: Property(player, \.name), destination: Property(label, \.text))
        let trigger = ObservationTrigger(player, \.name)
        showName.addTrigger(trigger)
        let recorder = BindingRecorder(showName)

        player.name = "Ann"
        #expect(label.text == "")  // not in the same call stack
        #expect(await recorder.waitForDestination(toHold: "Ann"))
        player.name = "Bob"  // re-armed after the first change
        #expect(await recorder.waitForDestination(toHold: "Bob"))
        #expect(recorder.newValues == ["Ann", "Bob"])
        #expect(recorder.updates.allSatisfy { $0.wasFired(by: trigger) })
    }

    @Test func changesBeforeTheDeliveryAreCoalescedIntoOneUpdate() async {
        let player = ObservedPlayer()
        let label = PlainLabel()
        let showScore = Binding(source: Property(player, \.score), destination: Property(label, \.number))
        let trigger = ObservationTrigger(player, \.score)
        showScore.addTrigger(trigger)
        let recorder = BindingRecorder(showScore)

        player.score = 1
        player.score = 2
        player.score = 3
        #expect(await recorder.waitForDestination(toHold: 3))
        await drainMainQueue()
        #expect(recorder.newValues == [3])
        #expect(trigger.deliveryCount == 1)
    }

    @Test func doesNotFireForAnotherKeyPath() async {
        let player = ObservedPlayer()
        let label = PlainLabel()
        let showName = Binding(source: Property(player, \.name), destination: Property(label, \.text))
        let trigger = ObservationTrigger(player, \.name)
        showName.addTrigger(trigger)

        player.score = 10
        await drainMainQueue()
        #expect(trigger.deliveryCount == 0)
    }

    @Test func neverDeliversAfterTeardownEvenWhenAlreadyScheduled() async {
        let player = ObservedPlayer()
        let label = PlainLabel()
        let bindings = BindingSet()
        let showName = Binding(source: Property(player, \.name), destination: Property(label, \.text))
        let trigger = ObservationTrigger(player, \.name)
        showName.addTrigger(trigger)
        bindings.add(showName)
        #expect(trigger.isObserving)

        player.name = "Ann"  // a delivery is scheduled
        bindings.removeAll()  // and cancelled
        #expect(!trigger.isObserving)
        await drainMainQueue()
        player.name = "Bob"
        await drainMainQueue()
        #expect(label.text == "")
        #expect(trigger.deliveryCount == 0)
    }

    @Test func removedThenAddedAgainObservesAgain() async {
        let player = ObservedPlayer()
        let label = PlainLabel()
        let showName = Binding(source: Property(player, \.name), destination: Property(label, \.text))
        let trigger = ObservationTrigger(player, \.name)
        showName.addTrigger(trigger)
        showName.removeTrigger(trigger)
        player.name = "Ann"
        await drainMainQueue()
        #expect(label.text == "")

        showName.addTrigger(trigger)
        player.name = "Bob"
        let recorder = BindingRecorder(showName)
        #expect(await recorder.waitForDestination(toHold: "Bob"))
        #expect(trigger.deliveryCount == 1)
    }

    @Test func keepsNeitherTheModelNorItselfAlive() async {
        weak var weakPlayer: ObservedPlayer?
        weak var weakTrigger: ObservationTrigger?
        let label = PlainLabel()
        do {
            let player = ObservedPlayer()
            weakPlayer = player
            let showName = Binding(source: Property(player, \.name), destination: Property(label, \.text))
            let trigger = ObservationTrigger(player, \.name)
            weakTrigger = trigger
            showName.addTrigger(trigger)
            player.name = "Ann"
        }
        #expect(weakPlayer == nil)
        await drainMainQueue()
        #expect(weakTrigger == nil)
        #expect(label.text == "")  // the binding was gone before the delivery
    }

    @Test func aDeadDestinationIsAFailureNotACrash() async {
        let player = ObservedPlayer()
        var label: PlainLabel? = PlainLabel()
        let showName = Binding(source: Property(player, \.name), destination: Property(label!, \.text))
        showName.addTrigger(ObservationTrigger(player, \.name))
        let recorder = BindingRecorder(showName)
        label = nil

        player.name = "Ann"
        #expect(await recorder.waitForFailures(1))
        #expect(lastPropertyError(showName) == .objectDeallocated(root: "PlainLabel", keyPath: "\\PlainLabel.text"))
    }

    @Test func aDeadSourceIsAFailureNotACrash() async {
        var player: ObservedPlayer? = ObservedPlayer()
        let label = PlainLabel()
        let showName = Binding(source: Property(player!, \.name), destination: Property(label, \.text))
        let trigger = ObservationTrigger(player!, \.name)
        showName.addTrigger(trigger)
        player = nil
        showName.triggerDidFire(trigger)
        #expect(lastPropertyError(showName)?.description.contains("ObservedPlayer") == true)
        showName.invalidate()
        #expect(!trigger.isObserving)
    }

    @Test func aTwoWayPairSettlesWithoutRecursion() async {
        let player = ObservedPlayer()
        let mirror = ObservedPlayer()
        let toMirror = Binding(source: Property(player, \.name), destination: Property(mirror, \.name))
        let forward = ObservationTrigger(player, \.name)
        toMirror.addTrigger(forward)
        let toPlayer = Binding(source: Property(mirror, \.name), destination: Property(player, \.name))
        let backward = ObservationTrigger(mirror, \.name)
        toPlayer.addTrigger(backward)
        let toMirrorRecorder = BindingRecorder(toMirror)
        let toPlayerRecorder = BindingRecorder(toPlayer)

        player.name = "Ann"
        #expect(await toMirrorRecorder.waitForDestination(toHold: "Ann"))
        #expect(await eventually { backward.deliveryCount == 1 })
        await drainMainQueue()
        #expect(toMirrorRecorder.newValues == ["Ann"])
        #expect(toPlayerRecorder.newValues.isEmpty)  // the echo found an equal value
        #expect(forward.deliveryCount == 1)

        mirror.name = "Bob"
        #expect(await toPlayerRecorder.waitForDestination(toHold: "Bob"))
        await drainMainQueue()
        #expect(toMirrorRecorder.newValues == ["Ann"])
        #expect(player.name == "Bob")
    }
}

@Suite struct ObservationTriggerQueueTests {
    @Test func deliversOnTheQueueItIsGivenWhenTheModelChangesThere() async {
        let queue = DispatchQueue(label: "ObservationTriggerQueueTests")
        let player = ObservedPlayer()
        let label = PlainLabel()
        let showScore = Binding(source: Property(player, \.score), destination: Property(label, \.number))
        let trigger = ObservationTrigger(player, \.score, queue: queue)
        showScore.addTrigger(trigger)
        let recorder = BindingRecorder(showScore)
        let deliveredOnQueue = QueueCheck(queue)
        showScore.onUpdate = { [previous = showScore.onUpdate] update in
            deliveredOnQueue.record()
            previous?(update)
        }

        queue.sync { player.score = 7 }
        #expect(await recorder.waitForDestination(toHold: 7))
        #expect(deliveredOnQueue.allOnQueue)
        #expect(trigger.queue === queue)
    }
}

private final class QueueCheck: @unchecked Sendable {
    private let key = DispatchSpecificKey<Bool>()
    private let lock = NSLock()
    private var results: [Bool] = []

    init(_ queue: DispatchQueue) { queue.setSpecific(key: key, value: true) }

    func record() {
        let onQueue = DispatchQueue.getSpecific(key: key) == true
        lock.withLock { results.append(onQueue) }
    }

    var allOnQueue: Bool { lock.withLock { !results.isEmpty && results.allSatisfy { $0 } } }
}
