/// A key path a ``KeyPathObservable`` class declares it announces, with the property's name:
/// one it announces itself with ``KeyPathObservable/didChange(_:)``, or a computed one whose
/// value changes when the key paths it depends on are announced (Cocoa's
/// `keyPathsForValuesAffectingValueForKey:`).
///
/// ```swift
/// final class Profile: KeyPathObservable {
///     let keyPathObservers = KeyPathObservers()
///     @Announced var name = ""                                 // announces itself: not listed
///     var age = 0 { didSet { didChange(\.age) } }
///     var greeting: String { "Hello, \(name)!" }
///     static let announcedKeyPaths: [AnnouncedKeyPath] = [
///         .announced("age", \Profile.age),
///         .computed("greeting", \Profile.greeting, dependsOn: \Profile.name),
///     ]
/// }
/// ```
///
/// A ``KeyPathTrigger`` on a computed key path fires when any of its dependencies is announced
/// (and when the key path itself is). A ``TriggerRegistry`` gives a binding a ``KeyPathTrigger``
/// only for a key path that is announced: listed here, `@Announced`, or computed from such key
/// paths; for any other, making the binding throws
/// ``TriggerRegistryError/notAnnounced(root:keyPath:)``. The name makes messages read
/// `\Profile.greeting` where Swift prints `\Profile.<computed 0x… (String)>`.
public struct AnnouncedKeyPath: @unchecked Sendable {
    /// The property's name, for messages: `"age"`.
    public let name: String
    /// The key path, written on the declaring class: `\Profile.age`.
    public let keyPath: AnyKeyPath
    /// The key paths whose announcements change a computed key path's value; nil for a key path
    /// the class announces itself.
    public let dependencies: [AnyKeyPath]?

    /// A key path the class announces itself, calling ``KeyPathObservable/didChange(_:)`` in
    /// the property's `didSet`.
    ///
    /// ```swift
    /// .announced("age", \Profile.age)
    /// ```
    public static func announced(_ name: String, _ keyPath: AnyKeyPath) -> AnnouncedKeyPath {
        AnnouncedKeyPath(name: name, keyPath: keyPath, dependencies: nil)
    }

    /// A computed key path whose value changes when one of `dependencies` is announced.
    ///
    /// ```swift
    /// .computed("greeting", \Profile.greeting, dependsOn: \Profile.name)
    /// ```
    public static func computed(
        _ name: String, _ keyPath: AnyKeyPath, dependsOn dependencies: AnyKeyPath...
    ) -> AnnouncedKeyPath {
        AnnouncedKeyPath(name: name, keyPath: keyPath, dependencies: dependencies)
    }
}

/// What a ``KeyPathObservable`` object announces, from its class's declaration and its
/// `@Announced` wrappers.
struct Announcements {
    let object: any KeyPathObservable
    let declared: [AnnouncedKeyPath]

    init(of object: any KeyPathObservable) {
        self.object = object
        declared = type(of: object).announcedKeyPaths
    }

    /// The key paths whose announcement changes `keyPath`'s value, other than itself: its
    /// declared dependencies and theirs.
    func dependencies(of keyPath: AnyKeyPath) -> [AnyKeyPath] {
        var found: [AnyKeyPath] = []
        var pending = declared.first { $0.keyPath == keyPath }?.dependencies ?? []
        while let next = pending.popLast() {
            guard next != keyPath, !found.contains(next) else { continue }
            found.append(next)
            pending += declared.first { $0.keyPath == next }?.dependencies ?? []
        }
        return found
    }

    /// Whether an announcement reaches `keyPath`: it is declared announced, `@Announced`, heard
    /// from a superclass that announces a property of its value type, or computed from key paths
    /// that all are.
    func reach(_ keyPath: AnyKeyPath, visited: Set<AnyKeyPath> = []) -> Bool {
        guard !visited.contains(keyPath) else { return false }
        if let entry = declared.first(where: { $0.keyPath == keyPath }) {
            guard let dependencies = entry.dependencies else { return true }
            return !dependencies.isEmpty
                && dependencies.allSatisfy { reach($0, visited: visited.union([keyPath])) }
        }
        if AnnouncedWrappers.announce(keyPath, of: object) { return true }
        return isAnnouncedOnSuperclass(keyPath)
    }

    /// Whether `keyPath`, written on a subclass, may be announced by a superclass as its own key
    /// path (see ``KeyPathTrigger``): a superclass announces a key path of the same value type.
    private func isAnnouncedOnSuperclass(_ keyPath: AnyKeyPath) -> Bool {
        let types = type(of: keyPath)
        guard let superclass = SuperclassAnnouncements(of: keyPath)?.superclass else { return false }
        func isOnSuperclass(_ candidate: AnyKeyPath) -> Bool {
            let candidateTypes = type(of: candidate)
            guard candidateTypes.valueType == types.valueType else { return false }
            func isAncestor<Ancestor>(_: Ancestor.Type) -> Bool { superclass is Ancestor.Type }
            return isAncestor(candidateTypes.rootType)
        }
        return declared.contains { $0.dependencies == nil && isOnSuperclass($0.keyPath) }
            || AnnouncedWrappers.all.contains(where: isOnSuperclass)
    }
}
