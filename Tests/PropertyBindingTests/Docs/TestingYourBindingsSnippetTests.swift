import Foundation
import PropertyBinding
import PropertyBindingTesting
import Testing

// The snippets of the "Testing your bindings" article
// (PropertyBinding.docc/TestingYourBindings.md); the article quotes them verbatim
// (scripts/docs checks it).

private final class Member {
    var name = ""
    var age = 0
}

private final class MemberForm {
    var nameText = ""
    var ageText = ""
}

extension Notification.Name {
    fileprivate static let memberDidChange = Notification.Name("MemberDidChange")
    fileprivate static let ageTextDidChange = Notification.Name("AgeTextDidChange")
}

// snippet: suite
@Suite struct MemberFormTests {
    @Test func theFormShowsTheName() {
        let center = NotificationFixture()  // a private center: parallel tests never meet
        let member = Member()
        let form = MemberForm()
        let showName = Binding(source: Property(member, \.name), destination: Property(form, \.nameText))
        showName.addTrigger(center.trigger(for: .memberDidChange, from: member))
        let recorder = BindingRecorder(showName)

        member.name = "Ann"
        #expect(recorder.destination(holds: "Ann") { center.post(.memberDidChange, from: member) })
        #expect(recorder.producesNoUpdate { center.post(.memberDidChange, from: Member()) })  // another sender
        #expect(recorder.newValues == ["Ann"])
    }

    @Test func anAgeThatIsNotANumberIsReportedAndNotWritten() {
        let center = NotificationFixture()
        let member = Member()
        let form = MemberForm()
        let typedAge = StringToNumberTransformer<Int>(property: Property(form, \.ageText), formatter: NumberFormatter())
        let storeAge = Binding(source: typedAge, destination: Property(member, \.age))
        storeAge.addTrigger(center.trigger(for: .ageTextDidChange, from: form))
        let recorder = BindingRecorder(storeAge)

        form.ageText = "forty"
        #expect(
            recorder.reports([TransformError(.notANumber, input: "forty", targetType: "Int")]) {
                center.post(.ageTextDidChange, from: form)
            })
        #expect(member.age == 0)
    }
}
// end snippet

@Suite(.routesDefaultErrors) struct TestingYourBindingsSnippetTests {
    @Test func activityTellsWhatOneActionDid() {
        let center = NotificationFixture()
        let member = Member()
        let form = MemberForm()
        let storeAge = Binding(
            source: StringToNumberTransformer<Int>(property: Property(form, \.ageText), formatter: NumberFormatter()),
            destination: Property(member, \.age))
        let trigger = center.trigger(for: .ageTextDidChange, from: form)
        storeAge.addTrigger(trigger)
        // snippet: activity
        let recorder = BindingRecorder(storeAge)
        form.ageText = "42"
        let activity = recorder.activity { center.post(.ageTextDidChange, from: form) }
        #expect(activity.newValues == [42])
        #expect(activity.failures.isEmpty)
        #expect(recorder.updates.last?.oldValue == 0)
        #expect(recorder.updates.last?.wasFired(by: trigger) == true)
        // end snippet
    }

    @Test func standInsForEitherEnd() {
        // snippet: spy
        let source = SpyProperty("Ann")
        let destination = SpyProperty("")
        let binding = Binding(source: source, destination: destination)
        let trigger = TestTrigger()
        binding.addTrigger(trigger)

        trigger.fire()
        trigger.fire()  // an equal value is not written again
        #expect(destination.writtenValues == ["Ann"] && source.readCount == 2)

        destination.writeError = PropertyError.readOnly("the label")
        source.value = "Bea"
        #expect(binding.update().failure?.stage == .writingDestination)
        #expect(destination.value == "Ann")  // a failed write stores nothing
        // end snippet
    }

    @Test func teardownLeavesNoObserverAndNoLeak() {
        // snippet: teardown
        let center = NotificationFixture()
        let leaks = LeakTracker.leaks { tracker in
            let member = tracker.track(Member(), "model")
            let form = tracker.track(MemberForm(), "view")
            let bindings = tracker.track(BindingSet(), "bindings")
            let showName = Binding(source: Property(member, \.name), destination: Property(form, \.nameText))
            showName.addTrigger(center.trigger(for: .memberDidChange, from: member))
            bindings.add(showName)
            #expect(center.observerCount(for: .memberDidChange) == 1)
            bindings.removeAll()
            #expect(center.observerCount() == 0)
        }
        #expect(leaks.isEmpty)
        // end snippet
    }

    @Test func anUpdateThatArrivesLaterIsAwaited() async {
        let member = Member()
        let form = MemberForm()
        let showName = Binding(source: Property(member, \.name), destination: Property(form, \.nameText))
        let trigger = TestTrigger()
        showName.addTrigger(trigger)
        // snippet: later
        let recorder = BindingRecorder(showName)
        member.name = "Bea"
        Task.detached { trigger.fire() }  // delivers later, on another thread
        #expect(await recorder.waitForUpdates(1, timeout: .seconds(5)))
        // end snippet
        #expect(form.nameText == "Bea")
    }
}
