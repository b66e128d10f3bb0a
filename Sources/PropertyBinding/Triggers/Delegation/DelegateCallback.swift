/// The name of one delegate callback, which a ``DelegationTrigger`` can be asked to fire on.
///
/// ```swift
/// extension DelegateCallback {
///     static let sliderDidMove: DelegateCallback = "sliderDidMove"
/// }
/// ```
public struct DelegateCallback: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The callback's name, usually the method's name.
    public let name: String

    /// Creates a callback name.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates a callback name from a string literal.
    public init(stringLiteral name: String) {
        self.name = name
    }

    /// The name.
    public var description: String { name }
}
