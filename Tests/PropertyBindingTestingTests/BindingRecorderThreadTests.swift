import Dispatch
import Foundation
import PropertyBinding
import PropertyBindingTesting
import Testing

/// A label whose setter stops in the middle of a write until the test lets it go.
private final class HeldLabel: @unchecked Sendable {
    let writing = DispatchSemaphore(value: 0)
    let finishWrite = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stored = ""
    var text: String {
        get { lock.withLock { stored } }
        set {
            writing.signal()
            finishWrite.wait()
            lock.withLock { stored = newValue }
        }
    }
}

/// A destination that runs `onWrite` in the middle of each write.
private final class Reader: @unchecked Sendable {
    let onWrite: () -> Void
    init(onWrite: @escaping () -> Void) { self.onWrite = onWrite }
    var name = "" { didSet { onWrite() } }
}

/// A model whose name a test sets before the binding reads it on another thread.
private final class Speaker: @unchecked Sendable { var name = "" }

@Suite struct BindingRecorderThreadTests {
    @Test func destinationValueWaitsForAnUpdateRunningOnAnotherThread() {
        let speaker = Speaker()
        let label = HeldLabel()
        let binding = Binding(source: Property(speaker, \.name), destination: Property(label, \.text))
        let recorder = BindingRecorder(binding)
        speaker.name = "Ann"
        Thread.detachNewThread { binding.update() }
        label.writing.wait()  // the update is in the middle of its write

        let read = Locked<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let value = try? recorder.destinationValue()
            read.withLock { $0 = value }
            done.signal()
        }
        // The read waits for the update rather than racing with its write.
        let readDuringTheWrite = done.wait(timeout: .now() + .milliseconds(200)) == .success
        #expect(!readDuringTheWrite)
        label.finishWrite.signal()
        if !readDuringTheWrite { done.wait() }
        #expect(read.value == "Ann")
    }

    @Test func destinationValueInsideAnotherUpdateThrowsRatherThanWait() throws {
        let speaker = Speaker()
        let label = HeldLabel()
        let held = Binding(source: Property(speaker, \.name), destination: Property(label, \.text))
        let recorder = BindingRecorder(held)
        speaker.name = "Ann"
        let heldDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            held.update()
            heldDone.signal()
        }
        label.writing.wait()  // `held` is updating on that thread

        // An update of another binding, on this thread, reads `held`'s destination: waiting for
        // `held` from inside an update could deadlock, so the read throws.
        let error = Locked<(any Error)?>(nil)
        let reader = Reader {
            do { _ = try recorder.destinationValue() } catch let thrown { error.withLock { $0 = thrown } }
        }
        let other = Binding(source: Property(speaker, \.name), destination: Property(reader, \.name))
        other.update()
        label.finishWrite.signal()
        heldDone.wait()
        #expect(error.value as? RecorderError == .destinationBusy)
        #expect(try recorder.destinationValue() == "Ann")
    }
}
