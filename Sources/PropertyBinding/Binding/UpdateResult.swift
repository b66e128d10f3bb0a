/// What one update of a binding did.
///
/// ```swift
/// switch binding.update() {
/// case .written: print("destination updated")
/// case .failed(let failure): print(failure)
/// default: break
/// }
/// ```
public enum UpdateResult: Sendable, CustomStringConvertible {
    /// The source's value was written to the destination.
    case written
    /// The destination already held an equal value (for `Equatable` values); nothing was
    /// written.
    case unchanged
    /// A filter declined the value (``ReadableProperty/filter(_:)``): nothing was written, and
    /// that is no failure (no error handler is called, ``AnyBinding/lastError`` is kept as it
    /// was); counted as skipped.
    case filtered
    /// The source's value was read and its write scheduled on the binding's delivery queue
    /// (``Binding/delivered(on:)``); the write is counted, and its failure reported, when it runs.
    case scheduled
    /// The update failed; nothing was written. The failure has also gone to the error
    /// handlers and to ``AnyBinding/lastError``.
    case failed(BindingFailure)
    /// The binding was already updating on this thread (its own write fired it again, or a
    /// chain of bindings came back to it); the nested update was skipped instead of recursing.
    case reentrant
    /// This thread is inside another update and the binding was being updated by another
    /// thread: rather than wait for it (and risk a deadlock), the update was handed to that
    /// thread, which runs it before it lets the binding go.
    case deferred
    /// The binding has been invalidated; it updates no more.
    case invalidated

    /// Whether the write was scheduled on a delivered binding's queue.
    var isScheduled: Bool {
        if case .scheduled = self { return true }
        return false
    }

    /// Whether a value was written.
    public var didWrite: Bool {
        if case .written = self { return true }
        return false
    }

    /// The failure, for a failed update.
    public var failure: BindingFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    /// The case's name, and the failure for a failed update.
    public var description: String {
        switch self {
        case .written: return "written"
        case .unchanged: return "unchanged"
        case .filtered: return "filtered"
        case .scheduled: return "scheduled"
        case .failed(let failure): return "failed: \(failure)"
        case .reentrant: return "reentrant"
        case .deferred: return "deferred"
        case .invalidated: return "invalidated"
        }
    }
}
