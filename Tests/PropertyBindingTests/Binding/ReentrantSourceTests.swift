import PropertyBinding
import PropertyBindingTesting
import Testing

/// A source whose read fires its own binding: the fire is skipped, the source is not read again
/// for each fire its read makes, and no cycle is reported.
@Suite struct ReentrantSourceTests {
    final class Counter { var value = 0 }
    final class Label { var text = "" }
    /// The binding a combining closure updates, set once the binding is made.
    final class Ref { var binding: AnyBinding? }

    /// A limit on the test's own recursion, so that the code that recursed without end fails the
    /// test instead of overflowing the stack.
    static let cap = 100

    @Test func aCombiningClosureThatUpdatesItsOwnBindingReadsTheSourceAtMostTwice() {
        let counter = Counter()
        let label = Label()
        let ref = Ref()
        var reads = 0
        let text = CombinedProperty(Property(counter, \.value)) { value -> String in
            reads += 1
            if reads < Self.cap { ref.binding?.update() }
            return "\(value)"
        }
        let show = Binding(source: text, destination: Property(label, \.text))
        ref.binding = show
        counter.value = 7
        let failures = DefaultErrorRouting.failures(of: show) {
            #expect(show.update().didWrite)
        }
        #expect(reads <= 2)
        #expect(label.text == "7")
        #expect(failures.isEmpty)
        #expect(show.lastError == nil)

        reads = 0
        counter.value = 8
        #expect(show.update().didWrite)
        #expect(reads <= 2)
        #expect(label.text == "8")
    }

    final class Gauge: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        var reads = 0
        var stored = 0
        /// A getter that announces its own key path (a lazily refreshed value, say).
        var level: Int {
            reads += 1
            if reads < ReentrantSourceTests.cap { didChange(\Gauge.level) }
            return stored
        }
    }

    @Test func aGetterThatAnnouncesAKeyPathItsBindingHearsReadsAtMostTwice() {
        let gauge = Gauge()
        let label = Label()
        let show = Binding(
            source: ReadOnlyProperty(gauge, \.level).map { "\($0)" }, destination: Property(label, \.text))
        show.addTrigger(KeyPathTrigger(gauge, \.level))
        gauge.stored = 3
        gauge.reads = 0  // starting to observe may read the key path
        let failures = DefaultErrorRouting.failures(of: show) {
            #expect(show.update().didWrite)
        }
        #expect(gauge.reads <= 2)
        #expect(label.text == "3")
        #expect(failures.isEmpty)
    }

    /// A real cycle still is one: a binding fired again by its own write, whose value would still
    /// change the destination, is reported.
    @Test func aCycleThroughTheDestinationIsStillReported() {
        final class Echo { var text = "" { didSet { onSet?() } }; var onSet: (() -> Void)? }
        let counter = Counter()
        let echo = Echo()
        let show = Binding(source: Property(counter, \.value).map { "\($0)" }, destination: Property(echo, \.text))
        var nested: [String] = []
        echo.onSet = {
            counter.value += 1  // the source moves on inside the write: the values disagree
            nested.append(show.update().description)
        }
        let failures = DefaultErrorRouting.failures(of: show) {
            show.update()
        }
        #expect(nested.count == 1)
        #expect(nested.first?.hasPrefix("failed") == true)
        #expect(failures.count == 1)
    }
}
