/// The error of a binding fired again by its own update through a cycle of bindings
/// (A → B → C → A) whose values have not settled: the nested update is not run, so the cycle
/// cannot recurse until the stack overflows.
///
/// A cycle whose values agree (each binding would write what its destination already holds)
/// settles silently; this error means the bindings of the cycle disagree, for example a
/// transformer that does not round-trip.
public struct UpdateCycleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The source and destination of the binding that was fired again.
    public let path: String

    /// A sentence naming the binding.
    public var description: String {
        "update cycle: \(path) was fired again by its own update before its values settled"
    }
}
