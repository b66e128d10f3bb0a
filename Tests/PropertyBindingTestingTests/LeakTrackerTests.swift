import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

private final class Node {
    var next: Node?
}

@Suite struct LeakTrackerTests {
    @Test func nothingLeaksWhenEverythingIsReleased() {
        let leaks = LeakTracker.leaks { tracker in
            let person = tracker.track(Person(), "model")
            let field = tracker.track(TextField(), "view")
            let bindings = tracker.track(BindingSet(), "bindings")
            let trigger = TestTrigger()
            let binding = Binding(source: Property(person, \.name), destination: Property(field, \.text))
            binding.addTrigger(trigger)
            bindings.add(binding)
            trigger.fire()
        }
        #expect(leaks.isEmpty)
    }

    @Test func namesWhatIsStillAlive() {
        var kept: Person?
        let leaks = LeakTracker.leaks { tracker in
            kept = tracker.track(Person(), "model")
            tracker.track(TextField(), "view")
            tracker.track(BindingSet())
        }
        #expect(leaks == ["model"])
        #expect(kept != nil)
    }

    @Test func findsARetainCycle() {
        let leaks = LeakTracker.leaks { tracker in
            let first = tracker.track(Node(), "first")
            let second = tracker.track(Node())
            first.next = second
            second.next = first
        }
        #expect(leaks == ["first", "Node"])
    }

    @Test func canBeUsedWithoutAClosure() {
        let tracker = LeakTracker()
        var person: Person? = tracker.track(Person())
        #expect(!tracker.allReleased)
        #expect(tracker.aliveObjects == ["Person"])
        #expect(person != nil)
        person = nil
        #expect(tracker.allReleased)
    }
}
