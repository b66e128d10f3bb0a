import PropertyBinding
import Synchronization
import Testing

/// How often its names were asked for: describing its key path asks.
private let namesAsked = Atomic<Int>(0)

private final class Meter: KeyPathNaming {
    var reading = 0 { didSet {} }
    static var keyPathNames: [AnyKeyPath: String] {
        namesAsked.add(1, ordering: .relaxed)
        return [\Meter.reading: "reading"]
    }
}

private final class Dial { var value = 0 }

/// A dead object's error makes its text only when it is read: a failed update costs no description.
@Suite struct DeallocatedObjectTests {
    @Test func aFailedUpdateOnADeadObjectDescribesNothingUntilRead() throws {
        var meter: Meter? = Meter()
        let binding = Binding(source: Property(meter!, \.reading), destination: Property(Dial(), \.value))
        binding.onError = { _ in }
        meter = nil
        let asked = namesAsked.load(ordering: .relaxed)
        let failure = try #require(binding.update().failure)
        #expect(namesAsked.load(ordering: .relaxed) == asked)
        guard case .objectDeallocated(let gone) = failure.error as? PropertyError else {
            Issue.record("not a dead object: \(failure.error)")
            return
        }
        #expect(gone.root == "Meter" && gone.keyPath == "\\Meter.reading")
        #expect(failure.error as? PropertyError == .objectDeallocated(root: "Meter", keyPath: "\\Meter.reading"))
    }
}
