import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

@Suite struct FilterTransformerTests {
    final class Counter { var value = 0 }
    final class Label {
        var text = "" { didSet { writes += 1 } }
        var writes = 0
    }

    @Test func aDeclinedValueWritesNothingAndIsNoFailure() {
        let counter = Counter()
        let label = Label()
        let trigger = TestTrigger()
        let binding = Binding(
            source: Property(counter, \.value).filter { $0 > 10 }.map { "\($0)" }, destination: Property(label, \.text))
        binding.addTrigger(trigger)
        let failures = DefaultErrorRouting.failures(of: binding) {
            counter.value = 5
            trigger.fire()
            #expect(binding.update().description == "filtered")
        }
        #expect(failures.isEmpty)
        #expect(label.writes == 0)
        #expect(binding.lastError == nil)
        #expect(binding.updateCounts == UpdateCounts(written: 0, skipped: 2, failed: 0))

        counter.value = 12
        trigger.fire()
        #expect(label.text == "12")
        #expect(binding.updateCounts == UpdateCounts(written: 1, skipped: 2, failed: 0))
    }

    @Test func filterAfterMapSeesTheMappedValue() {
        let counter = Counter()
        let label = Label()
        let binding = Binding(
            source: Property(counter, \.value).map { "#\($0)" }.filter { $0.count > 2 },
            destination: Property(label, \.text))
        counter.value = 7
        #expect(binding.update().description == "filtered")
        counter.value = 42
        #expect(binding.update().didWrite)
        #expect(label.text == "#42")
    }

    @Test func aDeclinedValueKeepsAnEarlierFailure() {
        let counter = Counter()
        let label = Label()
        let binding = Binding(
            source: Property(counter, \.value).filter { $0 != 0 }.map { value -> String in
                if value < 0 { throw ValidationError(rule: "positive", message: "negative", input: "\(value)") }
                return "\(value)"
            }, destination: Property(label, \.text))
        let reported = Locked<[BindingFailure]>()
        binding.onError = { reported.append($0) }
        counter.value = -1
        #expect(binding.update().failure != nil)
        counter.value = 0
        #expect(binding.update().description == "filtered")
        #expect(binding.lastError != nil)
        #expect(reported.value.count == 1)
    }

    @Test func aFilterAsDestinationDeclinesWrites() throws {
        let counter = Counter()
        let label = Label()
        let binding = Binding(
            source: Property(counter, \.value).map { "\($0)" },
            destination: Property(label, \.text).filter { !$0.hasPrefix("-") })
        counter.value = -3
        #expect(binding.update().description == "filtered")
        #expect(label.writes == 0)
        counter.value = 3
        #expect(binding.update().didWrite)
        #expect(label.text == "3")
        #expect(throws: ValueDeclined()) { try Property(label, \.text).filter { $0.isEmpty }.write("x") }
        #expect(label.text == "3")
    }

    @Test func readingADeclinedValueThrowsValueDeclined() {
        let counter = Counter()
        counter.value = 3
        #expect(throws: ValueDeclined()) { try Property(counter, \.value).filter { $0 > 10 }.read() }
    }
}
