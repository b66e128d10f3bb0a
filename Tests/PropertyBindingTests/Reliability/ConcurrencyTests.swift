import Foundation
import PropertyBinding
import PropertyBindingTesting
import Testing

// The threading promises of the Threading model article ("The promises at a glance"), checked
// under load. CI also runs this suite under the thread sanitizer (`TSAN_SUITES` in `.ci/run`),
// so the destinations here are plain, unlocked objects: a binding promises to touch its destination
// from one update at a time, and the sanitizer reports it if two updates ever overlap.

extension Notification.Name {
    fileprivate static let concurrencyPing = Notification.Name("ConcurrencyTests.ping")
}

@Suite struct ConcurrencyTests {
    // MARK: One binding, many threads

    @Test func eightThreadsFiringOneBindingWhileTheSourceChangesWriteOnlyValuesTheSourceHeld() {
        let model = LockedModel(0)
        let view = UnlockedView(-1)
        let binding = Binding(source: Property(model, \.value), destination: Property(view, \.recordedValue))
        let trigger = TestTrigger()
        binding.addTrigger(trigger)
        let firingDone = SharedCounter()

        let writer: @Sendable () -> Void = {
            var next = 1
            while !firingDone.isSet && next < 1_000_000 {
                model.value = next
                next += 1
            }
        }
        let firers: [@Sendable () -> Void] = (0..<8).map { _ in
            { for _ in 0..<10_000 { trigger.fire() } }
        }
        let firing: @Sendable () -> Void = {
            let finished = runOnThreads(firers)
            firingDone.isSet = true
            precondition(finished, "the firing threads did not finish")
        }
        #expect(runOnThreads([writer, firing]), "the threads did not finish")
        #expect(trigger.fireCount == 80_000)

        // The source has stopped changing: one more fire brings the destination to its final value.
        trigger.fire()
        #expect(view.value == model.value)
        let history = model.history
        #expect(view.writes.allSatisfy(history.contains), "a value the source never held was written")
        #expect(view.writes.count > 1)
        withExtendedLifetime(binding) {}
    }

    // MARK: Teardown under fire

    @Test(arguments: 0..<8)
    func noUpdateRunsAfterRemoveAllReturnsWhileBindingsAreAddedAndFired(round: Int) {
        let center = NotificationCenter()
        let model = LockedModel(0)
        let bindings = BindingSet()
        let clock = SharedCounter()
        let updates = Locked<[(binding: ObjectIdentifier, time: Int)]>()
        let made = Locked<[AnyBinding]>()
        let views = Locked<[UnlockedView]>()
        let removedAt = Locked<[Int]>()
        let fillerDone = SharedCounter()
        let removerDone = SharedCounter()

        let filler: @Sendable () -> Void = {
            for offset in 0..<60 {
                let view = UnlockedView()
                views.append(view)
                let binding = Binding(
                    source: Property(model, \.value).map { $0 + offset }, destination: Property(view, \.value))
                let id = ObjectIdentifier(binding)
                binding.onUpdate = { _ in updates.append((id, clock.next())) }
                binding.addTrigger(NotificationTrigger(center: center, name: .concurrencyPing))
                made.append(binding)
                bindings.add(binding)
            }
            fillerDone.isSet = true
        }
        let remover: @Sendable () -> Void = {
            // Tear down in the middle of the traffic: bindings in the set, and updates running.
            while bindings.count < 20 || updates.value.count < 20 { sched_yield() }
            bindings.removeAll()
            removedAt.append(clock.next())
            removerDone.isSet = true
        }
        let poster: @Sendable () -> Void = {
            var extra = 200
            while extra > 0 {
                if fillerDone.isSet && removerDone.isSet { extra -= 1 }
                model.value += 1
                center.post(name: .concurrencyPing, object: nil)
            }
        }
        #expect(runOnThreads([filler, remover, poster]), "the threads did not finish")

        let cut = try! #require(removedAt.value.first)
        let invalidated = Set(made.value.filter { !$0.isValid }.map(ObjectIdentifier.init))
        #expect(!invalidated.isEmpty)
        let late = updates.value.filter { invalidated.contains($0.binding) && $0.time > cut }
        #expect(late.isEmpty, "\(late.count) updates ran after removeAll() returned")
        #expect(updates.value.contains { invalidated.contains($0.binding) && $0.time < cut })

        // The bindings added after removeAll() still live in the set; tear them down too.
        bindings.removeAll()
        let before = updates.value.count
        center.post(name: .concurrencyPing, object: nil)
        #expect(updates.value.count == before)
        #expect(made.value.allSatisfy { !$0.isValid && $0.triggers.isEmpty })
        _ = round
    }

    // MARK: Two-way, fired from both sides

    @Test func aTwoWayBindingFiredFromBothSidesOnTwoThreadsEndsWithBothSidesEqual() {
        let center = NotificationCenter()
        let model = LockedModel(0, center: center)
        let form = LockedModel(0, center: center)
        let pair = TwoWayBinding(
            model: Property(model, \.value), form: Property(form, \.value),
            modelTriggers: [NotificationTrigger(center: center, name: .lockedModelDidChange, object: model)],
            formTriggers: [NotificationTrigger(center: center, name: .lockedModelDidChange, object: form)])
        let finished = runOnThreads(
            timeout: 30,
            [
                { for value in 1...3_000 { model.value = value } },
                { for value in 1...3_000 { form.value = -value } },
            ])
        #expect(finished, "firing both sides of a TwoWayBinding deadlocked")
        guard finished else { return }
        #expect(model.value == form.value)
        #expect(model.history.contains(form.value) && form.history.contains(model.value))
        withExtendedLifetime(pair) {}
    }

    @Test func unreportedEditsRacingModelChangesAreNeitherLostNorLeftBehindByACommit() {
        // The model changes on another thread; the form lives on its own queue (the main thread
        // of an app), where the model's values are delivered and the user edits without any form
        // trigger: edits are found by reading the form (at each delivered write, in
        // hasPendingEdit, in commit()).
        let center = NotificationCenter()
        let ui = DispatchQueue(label: "ui")
        let model = LockedModel(0, center: center)
        let form = LockedModel(0, center: center)
        let pair = TwoWayBinding(
            model: Property(model, \.value), form: Property(form, \.value),
            modelTriggers: [NotificationTrigger(center: center, name: .lockedModelDidChange, object: model)])
        pair.toForm.delivered(on: ui)
        let finished = runOnThreads(
            timeout: 30,
            [
                { for value in 1...2_000 { model.value = value } },
                {
                    for value in 1...2_000 {
                        ui.sync {
                            form.value = -value
                            if value % 3 == 0 { pair.commit() }
                        }
                    }
                },
                { for _ in 1...2_000 { ui.sync { _ = pair.hasPendingEdit } } },
            ])
        #expect(finished, "editing, committing and changing the model on three threads deadlocked")
        guard finished else { return }
        ui.sync {}
        _ = ui.sync { pair.commit() }
        ui.sync {}
        #expect(model.value == form.value)
        #expect(ui.sync { !pair.hasPendingEdit })
        withExtendedLifetime(pair) {}
    }

    @Test func twoSeparateBindingsFiredFromBothSidesOnTwoThreadsEndWithBothSidesEqual() {
        let center = NotificationCenter()
        let left = LockedModel(0, center: center)
        let right = LockedModel(0, center: center)
        let toRight = Binding(source: Property(left, \.value), destination: Property(right, \.value))
        toRight.addTrigger(NotificationTrigger(center: center, name: .lockedModelDidChange, object: left))
        let toLeft = Binding(source: Property(right, \.value), destination: Property(left, \.value))
        toLeft.addTrigger(NotificationTrigger(center: center, name: .lockedModelDidChange, object: right))
        let finished = runOnThreads(
            timeout: 30,
            [
                { for value in 1...3_000 { left.value = value } },
                { for value in 1...3_000 { right.value = -value } },
            ])
        #expect(finished, "two bindings firing each other from two threads deadlocked")
        guard finished else { return }
        #expect(left.value == right.value)
        withExtendedLifetime([toRight, toLeft]) {}
    }

    // MARK: Objects released under fire

    /// Holds the only strong reference to an object until a thread lets it go.
    final class Owner<Object: AnyObject>: @unchecked Sendable {
        private let lock = NSLock()
        private var _object: Object?
        init(_ object: Object) { _object = object }
        func release() { lock.withLock { _object = nil } }
        func withObject<Result>(_ body: (Object) -> Result) -> Result { lock.withLock { body(_object!) } }
    }

    enum Released: CaseIterable, Sendable {
        case model
        case view
    }

    @Test(arguments: Released.allCases)
    func anObjectReleasedWhileATriggerFiresEndsTheBindingWithOneDeadObjectError(released: Released) {
        for _ in 0..<50 {
            let model = Owner(LockedModel(7))
            let view = Owner(UnlockedView())
            let binding = model.withObject { model in
                view.withObject { view in
                    Binding(source: Property(model, \.value), destination: Property(view, \.value))
                }
            }
            let failures = Locked<[BindingFailure]>()
            binding.onError = { failures.append($0) }
            let trigger = TestTrigger()
            binding.addTrigger(trigger)
            weak let weakModel = model.withObject { $0 }
            weak let weakView = view.withObject { $0 }

            let finished = runOnThreads([
                { for _ in 0..<200 { trigger.fire() } },
                { released == .model ? model.release() : view.release() },
            ])
            #expect(finished)
            #expect(released == .model ? weakModel == nil : weakView == nil)

            // A fire after the release ended the binding; otherwise this update ends it. Either
            // way the dead object is reported exactly once.
            let result = binding.update()
            let expectedStage: BindingFailure.Stage = released == .model ? .readingSource : .writingDestination
            let reported = failures.value
            #expect(reported.count == 1)
            #expect(!binding.isValid)
            #expect(!trigger.isObserving)
            if result.failure == nil { #expect(result.description == "invalidated") }
            for failure in reported + [result.failure].compactMap({ $0 }) {
                #expect(failure.stage == expectedStage)
                guard case .objectDeallocated? = failure.error as? PropertyError else {
                    Issue.record("not a dead-object error: \(failure)")
                    continue
                }
            }
            if released == .view {
                #expect(model.withObject { $0.value } == 7)
            }
        }
    }
}
