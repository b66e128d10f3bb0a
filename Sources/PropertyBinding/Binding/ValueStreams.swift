/// The live streams of a binding's ``Binding/values(bufferingPolicy:)``: one registry per
/// binding, installed once next to its ``Binding/onUpdate`` handler.
///
/// A stream that ends (its consumer left the loop, its last copy was dropped, its task was
/// cancelled) removes its entry at once, through the continuation's `onTermination`; so an
/// update costs the same however many streams were asked for and dropped before. The registry
/// goes with its binding, and finishing the continuations that are left ends their streams.
final class ValueStreams<Value: Sendable>: ValueSink, Sendable {
    private let live = Locked(Live())

    /// The continuations of the streams that have not ended, by the number each was given.
    private struct Live {
        var nextID: UInt64 = 0
        var continuations: [UInt64: AsyncStream<Value>.Continuation] = [:]
    }

    deinit {
        // Finished after the lock is let go: `finish()` calls each stream's `onTermination`,
        // which finds the registry gone.
        let remaining = live.withLock { $0.continuations.values }
        for continuation in remaining { continuation.finish() }
    }

    /// Hands `value` to every live stream.
    func yield(_ value: Value) {
        // `yield` only buffers the element or resumes a waiting consumer (which runs on its own
        // task); it never calls `onTermination`, so it may run with the lock held, which keeps
        // every stream's elements in the order of the updates.
        live.withLock { live in
            for continuation in live.continuations.values { continuation.yield(value) }
        }
    }

    /// The number of streams that have not ended.
    var count: Int {
        live.withLock { $0.continuations.count }
    }

    private func remove(_ id: UInt64) {
        _ = live.withLock { $0.continuations.removeValue(forKey: id) }
    }

    private func insert(_ continuation: AsyncStream<Value>.Continuation) -> UInt64 {
        live.withLock { live in
            defer { live.nextID += 1 }
            live.continuations[live.nextID] = continuation
            return live.nextID
        }
    }

    /// A new stream, fed from the next update on until it ends or the registry goes.
    func makeStream(bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        let id = insert(continuation)
        // Set after the entry is in, so that a stream that ends at once still finds it to remove.
        // It runs in the stack of whoever ends the stream, never with the lock held.
        continuation.onTermination = { [weak self] _ in
            self?.remove(id)
        }
        return stream
    }
}

/// What a ``Binding``'s update handler hands each written value to: the streams of
/// ``Binding/values(bufferingPolicy:)``, seen without their `Value: Sendable` requirement, which
/// a binding does not have.
protocol ValueSink<Value>: AnyObject {
    associatedtype Value
    /// Hands `value` to every live stream.
    func yield(_ value: Value)
    /// The number of streams that have not ended.
    var count: Int { get }
}
