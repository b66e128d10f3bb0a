import Dispatch
import Foundation
import PropertyBinding
import Testing

// `AnyBinding.betweenUpdates(waiting:_:)`, the read the testing library makes, from outside the
// core: a test helper or an adapter of its own reads a destination without seeing half an update.

/// A label whose text is written in two steps; `gate` (when set) holds a write between them.
final class TwoStepLabel: @unchecked Sendable {
    private(set) var first = ""
    private(set) var second = ""
    var gate: (entered: DispatchSemaphore, release: DispatchSemaphore)?

    var text: String {
        get { second }
        set {
            first = newValue
            if let gate {
                gate.entered.signal()
                gate.release.wait()
            }
            second = newValue
        }
    }
}

final class NameHolder: @unchecked Sendable {
    var name = ""
}

@Suite struct BetweenUpdatesTests {
    @Test func aReadBetweenUpdatesWaitsForTheUpdateOnAnotherThreadAndSeesItWhole() throws {
        let person = NameHolder()
        let label = TwoStepLabel()
        let showName = Binding(source: Property(person, \.name), destination: Property(label, \.text))
        person.name = "Ada"
        let gate = (entered: DispatchSemaphore(value: 0), release: DispatchSemaphore(value: 0))
        label.gate = gate
        let updated = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            showName.update()
            updated.signal()
        }
        gate.entered.wait()  // the update on the other thread is half done

        // Not waiting: the gate is busy, so the read is not run.
        let notRun = showName.betweenUpdates(waiting: false) { (label.first, label.second) }
        #expect(notRun == nil)

        // Waiting: the read runs once the update is over, and sees both steps.
        let read = DispatchSemaphore(value: 0)
        let seen = ReadBox()
        DispatchQueue.global().async {
            seen.value = showName.betweenUpdates { [label.first, label.second] }
            read.signal()
        }
        #expect(read.wait(timeout: .now() + 0.2) == .timedOut)  // still waiting for the update
        gate.release.signal()
        updated.wait()
        #expect(read.wait(timeout: .now() + 10) == .success)
        #expect(seen.value == ["Ada", "Ada"])
    }

    @Test func aReadWithNoUpdateRunningRunsAtOnce() {
        let person = NameHolder()
        let label = TwoStepLabel()
        let showName = Binding(source: Property(person, \.name), destination: Property(label, \.text))
        person.name = "Bo"
        showName.update()
        let shown = showName.betweenUpdates { label.text }
        #expect(shown == "Bo")
    }
}

final class ReadBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String]?
    var value: [String]? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
