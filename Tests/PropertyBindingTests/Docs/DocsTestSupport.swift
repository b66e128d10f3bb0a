import Foundation
import PropertyBinding

/// The failures a binding reported, collected from whichever thread reported them.
final class DocsFailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [BindingFailure] = []

    /// Every failure so far, oldest first.
    var all: [BindingFailure] { lock.withLock { failures } }

    /// Records `failure`.
    func append(_ failure: BindingFailure) {
        lock.withLock { failures.append(failure) }
    }
}
