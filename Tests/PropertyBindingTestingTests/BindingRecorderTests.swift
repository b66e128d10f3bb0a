import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

@Suite struct BindingRecorderTests {
    private let person = Person()
    private let field = TextField()

    private func showName() -> Binding<Property<Person, String>, Property<TextField, String>> {
        Binding(source: Property(person, \.name), destination: Property(field, \.text))
    }

    private func storeAge() -> Binding<StringToNumberTransformer<Int>, Property<Person, Int>> {
        Binding(
            source: StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: NumberFormatter()),
            destination: Property(person, \.age))
    }

    /// Adds a `TestTrigger` to `binding` and starts recording it.
    private func fired<Source, Destination>(
        _ binding: Binding<Source, Destination>
    ) -> (TestTrigger, BindingRecorder<Source.Value>) {
        let trigger = TestTrigger()
        binding.addTrigger(trigger)
        return (trigger, BindingRecorder(binding))
    }

    // MARK: Recording

    @Test func recordsOldAndNewValuesAndTheTriggerThatFired() {
        let binding = showName()
        let first = TestTrigger()
        let second = TestTrigger()
        binding.addTrigger(first)
        binding.addTrigger(second)
        let recorder = BindingRecorder(binding)

        person.name = "Ann"
        first.fire()
        person.name = "Bea"
        second.fire()
        person.name = "Cy"
        binding.update()

        #expect(recorder.newValues == ["Ann", "Bea", "Cy"])
        #expect(recorder.updates.map(\.oldValue) == ["", "Ann", "Bea"])
        #expect(recorder.updates[0].wasFired(by: first) && !recorder.updates[0].wasFired(by: second))
        #expect(recorder.updates[0].trigger === first)
        #expect(recorder.updates[1].wasFired(by: second))
        #expect(recorder.updates[2].isManual && recorder.updates[2].trigger == nil)
        #expect(recorder.updates(firedBy: second).map(\.newValue) == ["Bea"])
        #expect(recorder.updates[0].description == #""" → "Ann" (TestTrigger)"#)
        #expect(recorder.updates[2].description == #""Bea" → "Cy" (update())"#)
        #expect(recorder.failures.isEmpty)
    }

    @Test func recordsFailuresAndTheirErrors() {
        let binding = storeAge()
        let recorder = BindingRecorder(binding)

        field.text = "forty"
        binding.update()
        field.text = ""
        binding.update()

        #expect(recorder.updates.isEmpty)
        #expect(recorder.failures.map(\.stage) == [.readingSource, .readingSource])
        #expect(
            recorder.errors.compactMap { $0 as? TransformError } == [
                TransformError(.notANumber, input: "forty", targetType: "Int"),
                TransformError(.empty, input: "", targetType: "Int"),
            ])
        #expect(person.age == 0)
    }

    @Test func keepsTheHandlersThatWereThereBefore() {
        let binding = storeAge()
        let updates = Locked<[Int]>([])
        let errors = Locked<Int>(0)
        let setErrors = Locked<Int>(0)
        binding.onUpdate = { update in updates.withLock { $0.append(update.newValue) } }
        binding.onError = { _ in errors.withLock { $0 += 1 } }
        let bindings = BindingSet()
        bindings.onError = { _ in setErrors.withLock { $0 += 1 } }
        bindings.add(binding)
        let recorder = BindingRecorder(binding)

        field.text = "7"
        binding.update()
        field.text = "x"
        binding.update()

        #expect(recorder.newValues == [7] && updates.value == [7])
        #expect(recorder.failures.count == 1 && errors.value == 1 && setErrors.value == 1)
    }

    @Test func removeAllForgetsWhatWasRecorded() {
        let binding = showName()
        let recorder = BindingRecorder(binding)
        person.name = "Ann"
        binding.update()
        recorder.removeAll()
        #expect(recorder.updates.isEmpty && recorder.failures.isEmpty)
        person.name = "Bea"
        binding.update()
        #expect(recorder.newValues == ["Bea"])
    }

    @Test func holdsNeitherTheBindingNorItsObjects() {
        let leaks = LeakTracker.leaks { tracker in
            let person = tracker.track(Person(), "model")
            let field = tracker.track(TextField(), "view")
            let binding = tracker.track(
                Binding(source: Property(person, \.name), destination: Property(field, \.text)), "binding")
            let recorder = tracker.track(BindingRecorder(binding), "recorder")
            binding.update()
            #expect(recorder.updates.isEmpty)  // equal values: nothing written
        }
        #expect(leaks.isEmpty)
    }

    // MARK: Expectations

    @Test func activityHoldsOnlyWhatTheActionCaused() {
        let binding = storeAge()
        let recorder = BindingRecorder(binding)
        field.text = "1"
        binding.update()

        let activity = recorder.activity {
            field.text = "2"
            binding.update()
            field.text = "two"
            binding.update()
        }

        #expect(activity.newValues == [2])
        #expect(activity.failures.count == 1)
        #expect(
            activity.errors.first as? TransformError == TransformError(.notANumber, input: "two", targetType: "Int"))
        #expect(!activity.isEmpty)
        #expect(activity.description.hasPrefix("update 1 → 2 (update())\nfailure binding"))
        #expect(recorder.activity {}.isEmpty)
        #expect(recorder.activity {}.description == "no update, no failure")
    }

    @Test func destinationHoldsIsTrueOnlyForTheValueWritten() {
        let binding = showName()
        let recorder = BindingRecorder(binding)
        person.name = "Ann"

        #expect(recorder.destination(holds: "Ann") { binding.update() })
        #expect(!recorder.destination(holds: "Bob") { binding.update() })
        #expect(!recorder.destination(holds: "Ann") { field.text = "edited" })
    }

    @Test func aFailedDestinationCheckIsAPlainFalse() throws {
        let binding = showName()
        let recorder = BindingRecorder(binding)
        person.name = "Ann"
        // A plain `false`, for `#expect` to report (or `withKnownIssue` to expect): no trap, no throw.
        let holdsBob = recorder.destination(holds: "Bob") { binding.update() }
        #expect(!holdsBob)
        #expect(try recorder.destinationValue() == "Ann")  // the check wrote nothing itself
    }

    @Test func destinationHoldsIsFalseWhenTheDestinationIsGone() {
        var field: TextField? = TextField()
        let binding = Binding(source: Property(person, \.name), destination: Property(field!, \.text))
        let recorder = BindingRecorder(binding)
        field = nil
        #expect(!recorder.destination(holds: "") { binding.update() })
        #expect(throws: PropertyError.self) { try recorder.destinationValue() }
    }

    @Test func producesNoUpdateTellsWritesFromSkips() {
        let binding = showName()
        let recorder = BindingRecorder(binding)
        person.name = "Ann"

        #expect(!recorder.producesNoUpdate { binding.update() })
        #expect(recorder.producesNoUpdate { binding.update() })  // equal value: skipped
        #expect(recorder.producesNoUpdate { person.name = "Bea" })  // no trigger fired
        #expect(!recorder.producesNoUpdate { binding.update() })  // the update wrote "Bea"
    }

    @Test func aFailureIsNotAnUpdate() {
        let binding = storeAge()
        let recorder = BindingRecorder(binding)
        field.text = "forty"
        #expect(recorder.producesNoUpdate { binding.update() })
    }

    @Test func reportsMatchesExactlyTheErrorsInOrder() {
        let binding = storeAge()
        let recorder = BindingRecorder(binding)
        let forty = TransformError(.notANumber, input: "forty", targetType: "Int")
        let empty = TransformError(.empty, input: "", targetType: "Int")

        field.text = "forty"
        #expect(recorder.reports([forty]) { binding.update() })
        #expect(
            recorder.reports([forty, empty]) {
                binding.update()
                field.text = ""
                binding.update()
            })
        field.text = "42"
        #expect(recorder.reports([TransformError]()) { binding.update() })
        #expect(person.age == 42)
    }

    @Test func reportsIsFalseForMissingExtraWrongOrOtherTypedErrors() {
        let binding = storeAge()
        let recorder = BindingRecorder(binding)
        let forty = TransformError(.notANumber, input: "forty", targetType: "Int")
        field.text = "forty"

        #expect(!recorder.reports([forty, forty]) { binding.update() })  // one is missing
        #expect(!recorder.reports([TransformError]()) { binding.update() })  // one too many
        #expect(!recorder.reports([TransformError(.empty, input: "", targetType: "Int")]) { binding.update() })
        #expect(!recorder.reports([RejectedValue(value: "forty")]) { binding.update() })  // another type
        // The binding reported "forty", not "fifty".
        #expect(
            !recorder.reports([TransformError(.notANumber, input: "fifty", targetType: "Int")]) { binding.update() })
    }

    @Test func reportsSeesErrorsOfYourOwnTypes() {
        let source = SpyProperty("x")
        source.readError = RejectedValue(value: "x")
        let binding = Binding(source: source, destination: Property(field, \.text))
        let recorder = BindingRecorder(binding)
        #expect(recorder.reports([RejectedValue(value: "x")]) { binding.update() })
    }

    // MARK: Waiting

    @Test func waitsForUpdatesDeliveredLaterOnAnotherThread() async {
        let binding = showName()
        let (trigger, recorder) = fired(binding)
        person.name = "Ann"

        Thread.detachNewThread {
            trigger.fire()
            trigger.fire()  // equal value: not written again
        }

        #expect(await recorder.waitForUpdates(1))
        #expect(await recorder.waitForDestination(toHold: "Ann"))
        #expect(recorder.newValues == ["Ann"])
    }

    @Test func waitForDestinationReturnsAtOnceWhenItAlreadyHoldsTheValue() async {
        let binding = showName()
        let recorder = BindingRecorder(binding)
        #expect(await recorder.waitForDestination(toHold: "", timeout: .milliseconds(1)))
    }

    @Test func waitForDestinationLooksAtWhatTheDestinationHoldsNotAtTheLastWrite() async {
        let binding = showName()
        let (trigger, recorder) = fired(binding)
        person.name = "Ann"
        binding.update()
        field.text = "Bob"  // the destination changed behind the binding's back
        #expect(await !recorder.waitForDestination(toHold: "Ann", timeout: .milliseconds(20)))

        Task.detached { trigger.fire() }  // the binding writes "Ann" again
        #expect(await recorder.waitForDestination(toHold: "Ann"))
        #expect(field.text == "Ann")
    }

    @Test func waitingCountsFromTheLastRemoveAll() async {
        let binding = showName()
        let recorder = BindingRecorder(binding)
        person.name = "Ann"
        binding.update()
        recorder.removeAll()
        #expect(await !recorder.waitForUpdates(1, timeout: .milliseconds(20)))
    }

    @Test func waitsForFailures() async {
        let binding = storeAge()
        let (trigger, recorder) = fired(binding)
        field.text = "forty"

        Task.detached { trigger.fire() }

        #expect(await recorder.waitForFailures(1))
        #expect(recorder.errors.first is TransformError)
    }

    @Test func waitingGivesUpAfterTheTimeout() async {
        let binding = showName()
        let recorder = BindingRecorder(binding)
        person.name = "Ann"  // no trigger fires

        #expect(await !recorder.waitForUpdates(1, timeout: .milliseconds(20)))
        #expect(await !recorder.waitForDestination(toHold: "Ann", timeout: .milliseconds(20)))
        #expect(await !recorder.waitForFailures(1, timeout: .milliseconds(20)))
        #expect(recorder.updates.isEmpty && recorder.failures.isEmpty)  // no update arrived
    }

    @Test func waitsForAConditionOfYourOwn() async {
        let text = SpyProperty("")
        let binding = Binding(
            source: StringToNumberTransformer<Int>(property: text, formatter: NumberFormatter()),
            destination: SpyProperty(0))
        let (trigger, recorder) = fired(binding)

        Task.detached {
            for typed in ["1", "x", "2"] {
                text.value = typed
                trigger.fire()
            }
        }

        let settled = await recorder.wait(timeout: .seconds(5)) { updates, failures in
            updates.count == 2 && failures.count == 1
        }
        #expect(settled)
        #expect(recorder.newValues == [1, 2])
        #expect(binding.destination.writtenValues == [1, 2])
    }
}

extension BindingRecorderTests {
    @Test func aNewTriggerAtAGoneTriggersAddressFiredNothing() {
        let binding = showName()
        let recorder = BindingRecorder(binding)
        var misattributed = 0
        for index in 0..<100 {
            do {
                let trigger = TestTrigger()
                binding.addTrigger(trigger)
                person.name = "\(index)"
                trigger.fire()
                binding.removeTrigger(trigger)
            }
            let newcomer = TestTrigger()  // often where the released trigger was
            if recorder.updates.last?.wasFired(by: newcomer) == true { misattributed += 1 }
            if !recorder.updates(firedBy: newcomer).isEmpty { misattributed += 1 }
        }
        #expect(misattributed == 0)
        #expect(recorder.updates.count == 100 && recorder.updates.allSatisfy { !$0.isManual })
    }
}
