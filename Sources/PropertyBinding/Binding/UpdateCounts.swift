import Synchronization

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
    /// (``UpdateResult/unchanged``, ``UpdateResult/reentrant``), or a filter declined the value
    /// (``UpdateResult/filtered``). An echo that a ``KeyPathTrigger`` announces is stopped by
    /// the trigger before it reaches the binding, so it is not counted.
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

    /// `written 1, skipped 0, failed 0`.
    public var description: String {
        "written \(written), skipped \(skipped), failed \(failed)"
    }
}

/// The counts inside every binding: relaxed atomics, so that they can be read from any thread,
/// even from inside another binding's update, without entering the binding's gate (waiting for
/// it there could deadlock).
struct UpdateCounters: ~Copyable {
    private let written = Atomic<UInt32>(0)
    private let skipped = Atomic<UInt32>(0)
    private let failed = Atomic<UInt32>(0)

    /// Counts one update. Handed-over (``UpdateResult/deferred``) updates are counted when they
    /// run, and an update that found the binding invalidated not at all.
    @inline(__always)
    func count(_ result: UpdateResult) {
        switch result {
        case .written: written.wrappingAdd(1, ordering: .relaxed)
        case .unchanged, .reentrant, .filtered: skipped.wrappingAdd(1, ordering: .relaxed)
        case .failed: failed.wrappingAdd(1, ordering: .relaxed)
        case .deferred, .invalidated, .scheduled: break
        }
    }

    /// The counts now.
    var snapshot: UpdateCounts {
        UpdateCounts(
            written: Int(written.load(ordering: .relaxed)), skipped: Int(skipped.load(ordering: .relaxed)),
            failed: Int(failed.load(ordering: .relaxed)))
    }
}

extension AnyBinding {
    /// How many updates this binding wrote, skipped and failed since it was created; readable
    /// from any thread (an update running meanwhile may or may not be counted yet).
    public var updateCounts: UpdateCounts {
        counts.snapshot
    }
}
