import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// Bindings end with their objects: the first fire or update that finds the source's or the
/// destination's object gone invalidates the binding, reports once, and its set lets it go.
@Suite struct BindingLifetimeTests {
    final class Model: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        @Announced var name = ""
    }
    final class Row { var text = "" }

    @Test func aDeadDestinationEndsTheBindingAndItsSetLetsItGo() {
        let model = Model()
        let set = BindingSet()
        var row: Row? = Row()
        let binding = Binding(source: Property(model, \.name), destination: Property(row!, \.text))
        let trigger = KeyPathTrigger(model, \.name)
        binding.addTrigger(trigger)
        set.add(binding)
        model.name = "Ann"
        #expect(row?.text == "Ann")
        #expect(model.keyPathObservers.count == 1)

        row = nil
        let failures = DefaultErrorRouting.failures(of: binding) {
            model.name = "Bea"
            model.name = "Cid"
            binding.update()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.error as? PropertyError == .objectDeallocated(root: "Row", keyPath: "\\Row.text"))
        #expect(!binding.isValid)
        #expect(binding.triggers.isEmpty)
        #expect(!trigger.isObserving)
        #expect(model.keyPathObservers.count == 0)
        #expect(set.count == 0)
        #expect(binding.updateCounts.failed == 1)
    }

    @Test func aDeadSourceEndsTheBindingAtItsNextUpdate() {
        let row = Row()
        let trigger = TestTrigger()
        let set = BindingSet()
        var model: Model? = Model()
        let binding = Binding(source: Property(model!, \.name), destination: Property(row, \.text))
        binding.addTrigger(trigger)
        set.add(binding)
        model = nil
        let failures = DefaultErrorRouting.failures(of: binding) {
            trigger.fire()
            trigger.fire()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.stage == .readingSource)
        #expect(!trigger.isObserving)
        #expect(set.count == 0)
    }

    @Test func aPlaceholderIsWrittenOnceThenTheBindingEnds() {
        let row = Row()
        let trigger = TestTrigger()
        let set = BindingSet()
        var model: Model? = Model()
        model!.name = "Ann"
        let binding = Binding(
            source: Property(model!, \.name).placeholder(whenDeallocated: "—"), destination: Property(row, \.text))
        binding.addTrigger(trigger)
        set.add(binding)
        trigger.fire()
        #expect(row.text == "Ann")
        #expect(set.count == 1)
        model = nil
        let failures = DefaultErrorRouting.failures(of: binding) { trigger.fire() }
        #expect(failures.isEmpty)
        #expect(row.text == "—")
        #expect(!binding.isValid)
        #expect(!trigger.isObserving)
        #expect(set.count == 0)
        row.text = "x"
        trigger.fire()
        #expect(row.text == "x")
    }

    @Test func aPlaceholderOfAnotherBindingDoesNotEndThisOne() {
        // The outer binding's write fires an inner binding whose source is gone: only the inner ends.
        final class Relay { var text = "" { didSet { onSet?() } }; var onSet: (() -> Void)? }
        let model = Model()
        let relay = Relay()
        let row = Row()
        let set = BindingSet()
        var gone: Model? = Model()
        let inner = Binding(
            source: Property(gone!, \.name).placeholder(whenDeallocated: "—"), destination: Property(row, \.text))
        let outer = Binding(source: Property(model, \.name), destination: Property(relay, \.text))
        set.add(inner, outer)
        relay.onSet = { inner.update() }
        gone = nil
        model.name = "Ann"
        #expect(outer.update().didWrite)
        #expect(row.text == "—")
        #expect(!inner.isValid)
        #expect(outer.isValid)
        #expect(set.count == 1)
    }

    @Test func aTwoWayPairEndsTogetherAndTheFormLetsItGo() throws {
        final class Person: KeyPathObservable {
            let keyPathObservers = KeyPathObservers()
            @Announced var name = "Ann"
        }
        let field = TextField()
        var person: Person? = Person()
        let form = try BindingForm {
            try TwoWayBinding(
                "name", model: Property(person!, \.name), form: Property(field, \.text), triggers: .standard)
        }
        #expect(form.bindings.count == 2)
        #expect(field.text == "Ann")
        person = nil
        let pair = try #require(
            form.fields.first as? TwoWayBinding<Property<Person, String>, Property<TextField, String>>)
        pair.toModel.onError = { _ in }
        field.simulateTyping("Bea")
        #expect(!pair.toModel.isValid)
        #expect(!pair.toForm.isValid)
        #expect(form.bindings.count == 0)
        #expect(pair.toModel.triggers.isEmpty)
    }

    @Test func perRowBindingsInAScreenWideSetEndWithTheirRows() {
        let model = Model()
        let set = BindingSet()
        var rows: [Row] = (0..<100).map { _ in Row() }
        for row in rows {
            let binding = Binding(source: Property(model, \.name), destination: Property(row, \.text))
            binding.addTrigger(KeyPathTrigger(model, \.name))
            binding.onError = { _ in }
            set.add(binding)
        }
        #expect(model.keyPathObservers.count == 100)
        rows.removeLast(40)
        model.name = "Ann"
        #expect(set.count == 60)
        #expect(model.keyPathObservers.count == 60)
        #expect(rows.allSatisfy { $0.text == "Ann" })
        let failedBefore = set.bindings.map(\.updateCounts.failed).reduce(0, +)
        model.name = "Bea"
        #expect(set.bindings.map(\.updateCounts.failed).reduce(0, +) == failedBefore)
    }

    @Test func endingFromManyThreadsAtOnceReportsOnce() {
        let set = BindingSet()
        var row: Row? = Row()
        let model = Model()
        let binding = Binding(source: Property(model, \.name), destination: Property(row!, \.text))
        set.add(binding)
        row = nil
        let reports = Locked<[BindingFailure]>()
        binding.onError = { reports.append($0) }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 { binding.update() }
        }
        #expect(reports.value.count == 1)
        #expect(set.count == 0)
        #expect(!binding.isValid)
    }
}
