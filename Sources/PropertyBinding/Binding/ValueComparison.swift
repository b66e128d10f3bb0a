/// How a ``Binding`` compares the source's value with the destination's: chosen when the
/// binding is made, as a type, so that the comparison is compiled into its update step and
/// costs the binding no stored closure.
@usableFromInline
protocol ValueComparison<Value> {
    associatedtype Value
    /// Whether values are compared at all (an equal value is then not written again).
    static var compares: Bool { get }
    /// Whether `lhs` equals `rhs`; only called when ``compares`` is true.
    static func areEqual(_ lhs: Value, _ rhs: Value) -> Bool
}

/// No comparison: every update writes (values that are not `Equatable`).
@usableFromInline
enum NoComparison<Value>: ValueComparison {
    @inlinable static var compares: Bool { false }
    @inlinable static func areEqual(_ lhs: Value, _ rhs: Value) -> Bool { false }
}

/// `==`: an update skips the write when the destination already holds an equal value.
@usableFromInline
enum EquatableComparison<Value: Equatable>: ValueComparison {
    @inlinable static var compares: Bool { true }
    @inlinable static func areEqual(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }
}

/// `lhs == rhs` when `Value` is `Equatable` (found at run time), or nil when it is not: for the
/// rare paths (a cycle report) where a binding needs its comparison without its type.
func dynamicallyEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool? {
    guard let equatable = Value.self as? any Equatable.Type else { return nil }
    func open<E: Equatable>(_: E.Type) -> Bool {
        // `Value` is `E` here: the casts always succeed.
        guard let lhs = lhs as? E, let rhs = rhs as? E else { return false }
        return lhs == rhs
    }
    return open(equatable)
}

/// **State and events**, the one rule that decides whether an update writes a value the
/// destination may already hold: the write is skipped only when the binding compares values
/// (they are `Equatable`: ``ValueComparison/compares``) *and* the destination read back a value
/// (`current`) equal to the new one.
///
/// A destination that holds state (a property, a view's text) reads back what it holds, so an
/// equal value is not written again. A destination that cannot be read back for comparison
/// (a ``Setter``, whose ``Setter/read()`` throws ``PropertyError/writeOnly(_:)``, or any
/// destination of your own whose read throws) takes *events*: each fire is delivered, also
/// with the value of the fire before (a tap twice, the same user presented twice, a manual
/// re-alert). A setter made with ``Setter/skippingEqualValues()`` reads back its last value, so
/// it is state again. Every update step asks here: the one compiled for the binding
/// (``Binding/makeStep(comparing:)``) and a delivered binding's write on its queue.
@inlinable @inline(__always)
func skipsWrite<Value>(_ value: Value, over current: Value?, compares: Bool, equal: (Value, Value) -> Bool) -> Bool {
    guard compares, let current else { return false }
    return equal(current, value)
}
