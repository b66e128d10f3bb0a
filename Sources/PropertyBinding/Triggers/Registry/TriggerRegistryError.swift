/// Why a ``TriggerRegistry`` could not give a property its triggers: thrown when a binding is
/// made, so a binding that would never fire is never made.
public enum TriggerRegistryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is registered for `keyPath` of `root` (nor for the type, nor a protocol it conforms to).
    case noTrigger(root: String, keyPath: String)
    /// The property is not made of an object and a key path, even through its transformers (a
    /// `NotificationValue`, a property type of your own), so there is nothing to look up; add
    /// its triggers by hand.
    case noKeyPath(property: String)
    /// The key path is written on a subclass of a `KeyPathObservable` class, `superclass`, which
    /// announces its own properties as key paths on itself (`\Base.name`, not `\Sub.name`), and
    /// its value is not `Equatable`, so the inferred ``KeyPathTrigger`` could not tell whether
    /// such an announcement is this property's: write the key path on the class that declares the
    /// property (`Property(object as Base, \.name)`), or add a trigger by hand.
    case announcedOnSuperclass(root: String, keyPath: String, superclass: String)
    /// The object is a ``KeyPathObservable`` but nothing announces `keyPath`: it is not
    /// `@Announced`, not listed in ``KeyPathObservable/announcedKeyPaths``, or a computed key path
    /// listed with a dependency that is not announced, or a key path through objects with a link
    /// that is not announced (optional or not: `\.address?.city`). A ``KeyPathTrigger`` on it would
    /// never fire.
    case notAnnounced(root: String, keyPath: String)

    /// A sentence that names the property and says what to do.
    public var description: String {
        switch self {
        case .noTrigger(let root, let keyPath):
            return "no trigger is registered for \(keyPath) of \(root), nor does \(root) announce it: register one, "
                + "or add a trigger by hand"
        case .noKeyPath(let property):
            return "\(property) is not an (object, key path) property, so no trigger can be inferred for it"
        case .announcedOnSuperclass(let root, let keyPath, let superclass):
            return "\(keyPath) of \(root) is not announced as such when \(superclass) declares it, and its value is "
                + "not Equatable: write the key path on the class that declares the property, "
                + "or add a trigger by hand"
        case .notAnnounced(let root, let keyPath):
            return "nothing announces \(keyPath) of \(root), so no trigger would ever fire: "
                + "mark it @Announced, or list it in \(root).announcedKeyPaths (.announced when its didSet calls didChange, "
                + ".computed with the key paths it depends on); through objects, every link must be announced "
                + "(an optional one too); or add a trigger by hand"
        }
    }
}
