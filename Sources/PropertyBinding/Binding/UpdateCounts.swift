/// How many updates a binding wrote, skipped and failed since it was created (each count wraps
/// to 0 after 2³² updates).
///
/// ```swift
/// storeAge.update()
/// print(storeAge.updateCounts)                    // written 1, skipped 0, failed 0
/// ```
public struct UpdateCounts: Sendable, Hashable, CustomStringConvertible {
    // 32 bits each: the counts live inside every binding, and three words would make a typical
    // binding's allocation 32 bytes larger instead of 16. They wrap after 2³² updates.
    private var writtenCount: UInt32 = 0
    private var skippedCount: UInt32 = 0
    private var failedCount: UInt32 = 0

    /// Updates that wrote the source's value to the destination (``UpdateResult/written``).
    public var written: Int { Int(writtenCount) }
    /// Updates that wrote nothing because there was nothing to write: the destination already
    /// held an equal value, a two-way pair did not echo, an edit waited for a commit
    /// (``UpdateResult/unchanged``, ``UpdateResult/reentrant``).
    public var skipped: Int { Int(skippedCount) }
    /// Updates that failed (``UpdateResult/failed(_:)``); the latest is ``AnyBinding/lastError``.
    public var failed: Int { Int(failedCount) }

    /// Counts for a binding that has not updated.
    public init() {}

    /// Counts given explicitly, for comparing in tests.
    public init(written: Int, skipped: Int, failed: Int) {
        writtenCount = UInt32(truncatingIfNeeded: written)
        skippedCount = UInt32(truncatingIfNeeded: skipped)
        failedCount = UInt32(truncatingIfNeeded: failed)
    }

    /// Counts one update; called with the binding's gate held. Handed-over (``UpdateResult/deferred``)
    /// updates are counted when they run, and an update that found the binding invalidated not at all.
    @inline(__always)
    mutating func count(_ result: UpdateResult) {
        switch result {
        case .written: writtenCount &+= 1
        case .unchanged, .reentrant: skippedCount &+= 1
        case .failed: failedCount &+= 1
        case .deferred, .invalidated: break
        }
    }

    /// `written 1, skipped 0, failed 0`.
    public var description: String {
        "written \(written), skipped \(skipped), failed \(failed)"
    }
}

extension AnyBinding {
    /// How many updates this binding wrote, skipped and failed since it was created.
    ///
    /// Read under the binding's update gate, so it waits for an update running on another
    /// thread; counting costs the update path a plain addition. Read it outside updates (not in
    /// an ``Binding/onUpdate`` handler): a thread inside an update that waits for another
    /// binding's gate could wait for a thread that waits for it.
    public var updateCounts: UpdateCounts {
        gate.withGate { counts }
    }
}
