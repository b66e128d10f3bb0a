import Foundation
import PropertyBinding
import Synchronization
import Testing

/// Error handlers run after the binding's lock is let go, also for an update run inside
/// another of the same gate (handed over by another thread, a form's commit): a handler may
/// then wait for another thread that updates the binding.
@Suite struct ErrorHandlerAfterGateTests {
    /// What a binding reads and writes; the test's semaphores order the threads that touch it.
    final class Box: @unchecked Sendable {
        var text = "1"
        var value = 0 {
            didSet { didSetValue?() }
        }
        var didSetValue: (() -> Void)?
    }

    /// A binding's own source and destination, whose write runs `didSetMirror`.
    final class Relay: @unchecked Sendable {
        var number = 0
        var mirror = 0 {
            didSet { didSetMirror?() }
        }
        var didSetMirror: (() -> Void)?
    }

    @Test(.timeLimit(.minutes(1)))
    func theHandlerOfAHandedOverUpdateMayWaitForAnotherThreadUpdatingTheBinding() {
        let box = Box()
        let typed = StringToNumberTransformer<Int>(property: Property(box, \.text), formatter: NumberFormatter())
        let binding = Binding(source: typed, destination: Property(box, \.value))
        // Thread 1 holds the binding's gate, in the middle of its first write.
        let inWrite = DispatchSemaphore(value: 0)
        let resume = DispatchSemaphore(value: 0)
        let firstWrite = Atomic(true)
        box.didSetValue = {
            guard firstWrite.exchange(false, ordering: .relaxed) else { return }
            inWrite.signal()
            resume.wait()
        }
        // The handler waits for a third thread updating the same binding: that thread can
        // only enter once the gate is let go.
        let handlerCalls = Atomic(0)
        let thirdThreadFinished = Atomic(false)
        binding.onError = { _ in
            guard handlerCalls.add(1, ordering: .relaxed).newValue == 1 else { return }
            let done = DispatchSemaphore(value: 0)
            Thread {
                binding.update()
                done.signal()
            }.start()
            thirdThreadFinished.store(done.wait(timeout: .now() + 5) == .success, ordering: .relaxed)
        }
        // Thread 2, inside an update of `relayWrites`, makes the text bad and fires the
        // binding: the update is handed over to thread 1, where it fails.
        let relay = Relay()
        let relayWrites = Binding(source: Property(relay, \.number), destination: Property(relay, \.mirror))
        let handedOver = Atomic(false)
        relay.didSetMirror = {
            box.text = "forty"
            if case .deferred = binding.update() { handedOver.store(true, ordering: .relaxed) }
        }

        let threadOneDone = DispatchSemaphore(value: 0)
        Thread {
            binding.update()
            threadOneDone.signal()
        }.start()
        inWrite.wait()
        let threadTwoDone = DispatchSemaphore(value: 0)
        Thread {
            relay.number = 7
            relayWrites.update()
            threadTwoDone.signal()
        }.start()
        threadTwoDone.wait()
        resume.signal()
        threadOneDone.wait()

        let (wasHandedOver, calls) = (handedOver.load(ordering: .relaxed), handlerCalls.load(ordering: .relaxed))
        let thirdFinished = thirdThreadFinished.load(ordering: .relaxed)
        #expect(wasHandedOver)
        #expect(calls >= 1)
        #expect(thirdFinished, "the handler ran with the binding's gate held")
        #expect(binding.lastError != nil)
    }
}
