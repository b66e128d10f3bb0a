import Foundation

/// The lock that serializes updates, and the flag that says one is running.
///
/// Every binding has a gate; bindings that share one (the two directions of a two-way
/// binding, or every binding of a form) update one at a time, and an update that fires
/// another binding of the same gate on the same thread skips it as re-entrant. That is what
/// stops a two-way pair from echoing a value back, and what keeps two threads that fire the
/// two sides at once from deadlocking (there is one lock, not two taken in opposite orders).
///
/// The lock is recursive, so a nested fire on the updating thread is detected by the flag
/// rather than deadlocking; other threads wait.
final class UpdateGate: @unchecked Sendable {
    let lock = NSRecursiveLock()
    /// Guarded by `lock`: whether an update of a binding of this gate is running.
    var isUpdating = false
}
