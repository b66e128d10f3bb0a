/// How many updates a binding wrote, skipped and failed since it was created.
///
/// ```swift
/// storeAge.update()
/// print(storeAge.updateCounts)                    // written 1, skipped 0, failed 0
/// ```
public struct UpdateCounts: Sendable, Hashable, CustomStringConvertible {
    /// Updates that wrote the source's value to the destination (``UpdateResult/written``).
    public internal(set) var written = 0
    /// Updates that wrote nothing because there was nothing to write: the destination already
    /// held an equal value, a two-way pair did not echo, an edit waited for a commit
    /// (``UpdateResult/unchanged``, ``UpdateResult/reentrant``).
    public internal(set) var skipped = 0
    /// Updates that failed (``UpdateResult/failed(_:)``); the latest is ``AnyBinding/lastError``.
    public internal(set) var failed = 0

    /// Counts for a binding that has not updated.
    public init() {}

    /// Counts given explicitly, for comparing in tests.
    public init(written: Int, skipped: Int, failed: Int) {
        self.written = written
        self.skipped = skipped
        self.failed = failed
    }

    /// Counts one update; called with the binding's gate held. Handed-over (``UpdateResult/deferred``)
    /// updates are counted when they run, and an update that found the binding invalidated not at all.
    @inline(__always)
    mutating func count(_ result: UpdateResult) {
        switch result {
        case .written: written &+= 1
        case .unchanged, .reentrant: skipped &+= 1
        case .failed: failed &+= 1
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
    /// thread; counting costs the update path a plain addition.
    public var updateCounts: UpdateCounts {
        gate.withGate { counts }
    }
}
