import Foundation

/// A value behind a lock, for collecting what handlers on other threads report.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value
    init(_ value: Value) { _value = value }
    var value: Value { lock.withLock { _value } }
    func withLock<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&_value) } }
}

extension Locked where Value: RangeReplaceableCollection {
    /// An empty log of what handlers on other threads report.
    convenience init() { self.init(Value()) }

    /// Adds `element` to the log.
    func append(_ element: Value.Element) { withLock { $0.append(element) } }
}
