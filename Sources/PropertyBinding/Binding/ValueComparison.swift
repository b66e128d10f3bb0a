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
