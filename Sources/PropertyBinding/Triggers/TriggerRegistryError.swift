/// Why a ``TriggerRegistry`` could not give a property its triggers: thrown when a binding is
/// made, so a binding that would never fire is never made.
public enum TriggerRegistryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is registered for `keyPath` of `root` (nor for the type, nor a protocol it conforms to).
    case noTrigger(root: String, keyPath: String)
    /// The property is not made of an object and a key path, even through its transformers (a
    /// `NotificationValue`, a property type of your own), so there is nothing to look up; add
    /// its triggers by hand.
    case noKeyPath(property: String)

    /// A sentence that names the property and says what to do.
    public var description: String {
        switch self {
        case .noTrigger(let root, let keyPath):
            return "no trigger is registered for \(keyPath) of \(root): register one, or add a trigger by hand"
        case .noKeyPath(let property):
            return "\(property) is not an (object, key path) property, so no trigger can be inferred for it"
        }
    }
}
