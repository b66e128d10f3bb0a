import Foundation
import PropertyBinding
import Testing

/// A `KeyPathTrigger` of a two-way pair stops the echo of the other direction's write before it
/// reaches its binding (it compares its binding's key with what the thread updates innermost):
/// only the echo, only on the thread that writes.
@Suite struct KeyPathEchoConcurrencyTests {
    /// A count that is safe to read and write from any thread, announced after each write;
    /// `whileWriting` runs once, on the writing thread, after the next write and before its
    /// announcement.
    final class SharedCount: KeyPathObservable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        private let lock = NSLock()
        private var stored = 0
        private var hook: (() -> Void)?

        var count: Int {
            get { lock.withLock { stored } }
            set {
                let hook: (() -> Void)? = lock.withLock {
                    stored = newValue
                    defer { self.hook = nil }
                    return self.hook
                }
                hook?()
                didChange(\.count)
            }
        }

        /// Runs `body` once, inside the next write (on its thread), before it is announced.
        func whileWriting(_ body: @escaping () -> Void) {
            lock.withLock { hook = body }
        }
    }

    private typealias Pair = TwoWayBinding<Property<SharedCount, Int>, Property<SharedCount, Int>>

    private func pair(_ model: SharedCount, _ field: SharedCount) -> Pair {
        TwoWayBinding(
            model: Property(model, \.count), form: Property(field, \.count),
            modelTriggers: [KeyPathTrigger(model, \.count)], formTriggers: [KeyPathTrigger(field, \.count)])
    }

    @Test func theEchoOfAWriteNeverReachesTheOtherDirection() {
        let (model, field) = (SharedCount(), SharedCount())
        let twoWay = pair(model, field)
        let (toForm, toModel) = (twoWay.toForm.updateCounts, twoWay.toModel.updateCounts)
        nonisolated(unsafe) var formWrites: [Int] = []
        nonisolated(unsafe) var modelWrites: [Int] = []
        twoWay.toForm.onUpdate = { formWrites.append($0.newValue) }
        twoWay.toModel.onUpdate = { modelWrites.append($0.newValue) }
        model.count = 12
        // The field shows it; its announcement of that write is the echo, stopped at the
        // trigger: form → model neither writes nor counts it.
        #expect(field.count == 12 && formWrites == [12] && modelWrites.isEmpty)
        #expect(twoWay.toForm.updateCounts.written == toForm.written + 1)
        #expect(twoWay.toModel.updateCounts == toModel)
        field.count = 30
        // And the other way round.
        #expect(model.count == 30 && modelWrites == [30] && formWrites == [12])
        #expect(twoWay.toForm.updateCounts.written == toForm.written + 1)
        #expect(twoWay.toForm.updateCounts.skipped == toForm.skipped)
        withExtendedLifetime(twoWay) {}
    }

    @Test func aPairThatTheFieldBelongsToIsNoEcho() {
        // The field is the form of one pair and the model of another: the first pair's write
        // is an echo to its own other direction only; the second pair shows it.
        let (model, field, mirror) = (SharedCount(), SharedCount(), SharedCount())
        let first = pair(model, field)
        let second = pair(field, mirror)
        model.count = 5
        #expect(field.count == 5 && mirror.count == 5)
        mirror.count = 8
        #expect(field.count == 8 && model.count == 8)
        withExtendedLifetime((first, second)) {}
    }

    @Test func aWriteFromAnotherThreadDuringAnUpdateIsNoEcho() {
        // While this pair's model → form update runs on one thread (held inside its write of the
        // field), another thread writes the model: that announcement is not the echo of the
        // update (its thread updates nothing), so model → form runs again once the gate is free
        // and the field follows.
        let (model, field) = (SharedCount(), SharedCount())
        let twoWay = pair(model, field)
        let inUpdate = DispatchSemaphore(value: 0)
        let resume = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        field.whileWriting {
            inUpdate.signal()
            resume.wait()
        }
        done.enter()
        Thread {
            model.count = 1
            done.leave()
        }.start()
        inUpdate.wait()
        done.enter()
        Thread {
            model.count = 9
            done.leave()
        }.start()
        // Let the second thread reach the pair (it waits for the gate), then let the update end.
        Thread.sleep(forTimeInterval: 0.05)
        resume.signal()
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(model.count == 9 && field.count == 9)
        withExtendedLifetime(twoWay) {}
    }

    @Test func pairsUpdatedFromManyThreadsEndInStep() {
        // Each thread writes both sides of its own pair, and the model of a shared pair: the
        // echoes one thread stops are its own.
        let (sharedModel, sharedField) = (SharedCount(), SharedCount())
        let shared = pair(sharedModel, sharedField)
        let done = DispatchGroup()
        for thread in 0..<4 {
            done.enter()
            Thread {
                let (model, field) = (SharedCount(), SharedCount())
                let own = self.pair(model, field)
                for value in 1...500 {
                    model.count = value
                    #expect(field.count == value)
                    field.count = -value
                    #expect(model.count == -value)
                    sharedModel.count = thread * 1_000 + value
                }
                withExtendedLifetime(own) {}
                done.leave()
            }.start()
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        sharedModel.count = 7
        #expect(sharedField.count == 7)
        withExtendedLifetime(shared) {}
    }
}
