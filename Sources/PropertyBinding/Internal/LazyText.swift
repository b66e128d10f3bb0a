/// Text made the first time it is read, once, from any thread: for descriptions that are
/// costly to make and seldom read (a failure's path).
final class LazyText: @unchecked Sendable {
    private let lock = StateLock()
    // Guarded by `lock`.
    private var make: (() -> String)?
    private var text: String?

    /// Text that `make` makes when it is first read.
    init(_ make: @escaping () -> String) {
        self.make = make
    }

    /// Text already made.
    init(_ text: String) {
        self.text = text
    }

    /// The text, made now if it was not yet.
    var value: String {
        lock.withLock {
            if let text { return text }
            let made = make?() ?? ""
            text = made
            make = nil
            return made
        }
    }
}
