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

/// A binding whose update of "Ann" is stopped in the middle of its write, on a thread of its
/// own, until the test signals `label.finishWrite`; `updateDone` is signalled when it returns.
private struct UpdateInTheMiddle {
    let speaker = Speaker()
    let label = HeldLabel()
    let binding: Binding<Property<Speaker, String>, Property<HeldLabel, String>>
    let recorder: BindingRecorder<String>
    let updateDone = DispatchSemaphore(value: 0)

    /// - Parameter afterRecording: Runs in the update once the recorder has recorded its write,
    ///   while the update still holds the binding's gate.
    init(afterRecording: (@Sendable () -> Void)? = nil) {
        binding = Binding(source: Property(speaker, \.name), destination: Property(label, \.text))
        recorder = BindingRecorder(binding)
        if let afterRecording {
            let recording = binding.onUpdate
            binding.onUpdate = { update in
                recording?(update)
                afterRecording()
            }
        }
        speaker.name = "Ann"
        Thread.detachNewThread { [binding, updateDone] in
            binding.update()
            updateDone.signal()
        }
        label.writing.wait()  // the update holds the binding's gate, in the middle of its write
    }
}

@Suite struct BindingRecorderThreadTests {
    @Test func destinationValueWaitsForAnUpdateRunningOnAnotherThread() {
        let running = UpdateInTheMiddle()
        let (label, recorder) = (running.label, running.recorder)

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
        let running = UpdateInTheMiddle()
        let recorder = running.recorder

        // An update of another binding, on this thread, reads the running binding's destination:
        // waiting for it from inside an update could deadlock, so the read throws.
        let error = Locked<(any Error)?>(nil)
        let reader = Reader {
            do { _ = try recorder.destinationValue() } catch let thrown { error.withLock { $0 = thrown } }
        }
        let other = Binding(source: Property(running.speaker, \.name), destination: Property(reader, \.name))
        other.update()
        running.label.finishWrite.signal()
        running.updateDone.wait()
        #expect(error.value as? RecorderError == .destinationBusy)
        #expect(try recorder.destinationValue() == "Ann")
    }

    @Test func waitForDestinationNeverWaitsForTheLockOfAnUpdateRunningElsewhere() async {
        let running = UpdateInTheMiddle()
        let (label, recorder) = (running.label, running.recorder)

        // A wait that blocked on the gate would return only once the write is let go, which only
        // a watchdog does, after 5 minutes (so that such a wait fails rather than hangs). The
        // wait must give up, its 50 ms passed, with the update still in the middle of its write.
        // (Resuming a suspended task can take seconds when other tests occupy the async threads.)
        let watchdog = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            guard watchdog.wait(timeout: .now() + .seconds(300)) == .timedOut else { return }
            label.finishWrite.signal()
        }
        #expect(await !recorder.waitForDestination(toHold: "Zed", timeout: .milliseconds(50)))
        #expect(running.updateDone.wait(timeout: .now()) == .timedOut)  // still in its write
        watchdog.signal()

        // The write of the update that ran while the wait began is the one that counts.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.05)
            label.finishWrite.signal()
        }
        #expect(await recorder.waitForDestination(toHold: "Ann"))
    }

    @Test func aWriteRecordedWhileTheUpdateStillHoldsTheGateEndsTheWait() async {
        let leaveUpdate = DispatchSemaphore(value: 0)
        let running = UpdateInTheMiddle(afterRecording: { _ = leaveUpdate.wait(timeout: .now() + .seconds(300)) })
        let label = running.label
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.2)  // the wait has begun
            label.finishWrite.signal()  // "Ann" is written and recorded; the update stays in its handler
        }
        // The destination cannot be read until the update lets the gate go, which it does only
        // after this wait: the recorded write is what ends it.
        #expect(await running.recorder.waitForDestination(toHold: "Ann", timeout: .seconds(30)))
        leaveUpdate.signal()
        running.updateDone.wait()
    }

    @Test func aWriteOverwrittenBeforeTheWaitLooksStillCounts() async {
        let running = UpdateInTheMiddle()
        let (speaker, label, binding) = (running.speaker, running.label, running.binding)
        let updateDone = running.updateDone
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.2)  // the wait has begun
            label.finishWrite.signal()  // "Ann"
            updateDone.wait()
            speaker.name = "Bob"
            label.finishWrite.signal()  // lets the next write through at once
            binding.update()  // "Bob", straight after
        }
        #expect(await running.recorder.waitForDestination(toHold: "Ann", timeout: .seconds(30)))
    }
}
