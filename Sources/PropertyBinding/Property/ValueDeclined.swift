/// What a filter throws for a value its predicate declines: not a failure. A binding that meets
/// it writes nothing and returns ``UpdateResult/filtered``.
///
/// ```swift
/// do {
///     _ = try Property(counter, \.value).filter { $0 > 10 }.read()
/// } catch is ValueDeclined {
///     print("declined")
/// }
/// ```
public struct ValueDeclined: Error, Equatable, Sendable, CustomStringConvertible {
    /// Creates the error.
    @inlinable
    public init() {}

    /// `the value was declined by a filter`.
    public var description: String { "the value was declined by a filter" }
}
