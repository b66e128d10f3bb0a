import Foundation
import Synchronization

/// A class that names its key paths for messages: Swift prints a key path through a property
/// with observers, of a non-final class or behind a property wrapper as
/// `\Person.<computed 0x… (Int)>`; a name declared here makes it read `\Person.age` in every
/// failure, registry error and binding ``Binding/path``.
///
/// ```swift
/// final class Person: KeyPathNaming {
///     var age = 0 { didSet { print("now \(age)") } }
///     static var keyPathNames: [AnyKeyPath: String] { [\Person.age: "age"] }
/// }
/// print(Property(person, \.age))              // \Person.age
/// ```
///
/// A ``KeyPathObservable`` class conforms already, with the names of its
/// ``KeyPathObservable/announcedKeyPaths``; an `@Announced` property needs no declaration: its
/// name is read from the wrapper.
public protocol KeyPathNaming: AnyObject {
    /// The names of this class's key paths whose printed form shows no name.
    static var keyPathNames: [AnyKeyPath: String] { get }
}

/// The names of key paths that Swift prints without one: declared by ``KeyPathNaming``, or
/// learned from a property wrapper's storage (`_age` for `@Announced var age`) while a read
/// is being probed.
enum KeyPathNames {
    private static let learned = NameTable()
    private static let probes = Atomic<Int>(0)

    /// Whether a probe runs: property wrappers then tell the names of the key paths they serve.
    static var isProbing: Bool { probes.load(ordering: .relaxed) > 0 }

    /// Runs `body` (a read through a key path) with wrappers telling the names they know.
    static func probing<Result>(_ body: () throws -> Result) rethrows -> Result {
        probes.add(1, ordering: .relaxed)
        defer { probes.subtract(1, ordering: .relaxed) }
        return try body()
    }

    /// Reads `keyPath` of `object` under a probe.
    static func probe(_ keyPath: AnyKeyPath, of object: AnyObject) {
        func read<Root: AnyObject>(_ root: Root) { _ = root[keyPath: keyPath] }
        probing { read(object) }
    }

    /// Learns the name of `keyPath` from `storage`, the key path of the wrapper's stored
    /// property (`\Person._age`), which Swift prints with its name.
    static func learn(_ keyPath: AnyKeyPath, storage: AnyKeyPath) {
        let printed = String(describing: storage)
        guard let dot = printed.lastIndex(of: "."), printed[printed.index(after: dot)...].hasPrefix("_") else {
            return
        }
        let name = String(printed[printed.index(dot, offsetBy: 2)...])
        learned[keyPath] = name
    }

    /// The name of `keyPath`'s last component, when declared or learned.
    static func name(of keyPath: AnyKeyPath) -> String? {
        if let naming = type(of: keyPath).rootType as? any KeyPathNaming.Type,
            let name = naming.keyPathNames[keyPath]
        {
            return name
        }
        return learned[keyPath]
    }
}

/// Names by key path, behind a lock. Key paths are immutable; `AnyKeyPath` is not marked
/// `Sendable` only because it is an open class.
private final class NameTable: @unchecked Sendable {
    private let names = Locked<[AnyKeyPath: String]>([:])

    subscript(keyPath: AnyKeyPath) -> String? {
        get { names.withLock { $0[keyPath] } }
        set { names.withLock { $0[keyPath] = newValue } }
    }
}

extension AnyKeyPath {
    /// The key path as Swift prints it, without the memory address it prints for a computed
    /// component (a property with observers, of a non-final class, or of an `@Observable`
    /// class), and with the name of the property when it is known (``KeyPathNaming``, an
    /// `@Announced` wrapper): `\Person.age`, else `\Person.<computed Int>`; the same text on
    /// every run.
    var stableDescription: String {
        let text = String(describing: self)
        guard text.contains("<computed 0x") else { return text }
        if let name = KeyPathNames.name(of: self) {
            return "\\\(type(of: self).rootType).\(name)"
        }
        return text.replacing(/<computed 0x[0-9a-fA-F]+ \((.*?)\)>/) { "<computed \($0.1)>" }
    }

    /// ``stableDescription``, after reading the value through the key path from `object` so that
    /// a property wrapper can tell its name.
    func stableDescription(reading object: AnyObject?) -> String {
        // Only a class that names its key paths (a `KeyPathObservable` one) can hold `@Announced`
        // wrappers; reading another's getter, an `@Observable` one say, could have effects.
        if let object, object is any KeyPathNaming, String(describing: self).contains("<computed 0x"),
            KeyPathNames.name(of: self) == nil
        {
            KeyPathNames.probe(self, of: object)
        }
        return stableDescription
    }
}
