import Foundation
import Synchronization

/// A class that names its key paths for messages: Swift prints a key path through a property
/// with observers, of a non-final class or behind a property wrapper as
/// `\Person.<computed 0x… (Int)>`; a name declared here makes it read `\Person.age` in every
/// failure, registry error, binding ``Binding/path`` and ``BindingGraph`` node.
///
/// ```swift
/// final class Person: KeyPathNaming {
///     var age = 0 { didSet { print("now \(age)") } }
///     static var keyPathNames: [AnyKeyPath: String] { [\Person.age: "age"] }
/// }
/// print(Property(person, \.age))              // \Person.age
/// ```
///
/// A class that may be subclassed declares `class var keyPathNames`, and each subclass that has
/// names of its own overrides it, adding them to its superclass's, as the stand-in controls of
/// `PropertyBindingControls` do. A key path is named on the class it is written on: Swift makes
/// `\FuelGauge.level` another key path than `\Gauge.level`, so a subclass names the inherited
/// properties it binds (`\FuelGauge.level` below), or binds them as the superclass's
/// (`Property(fuelGauge as Gauge, \.level)`):
///
/// ```swift
/// open class Gauge: KeyPathNaming {
///     public var level = 0
///     open class var keyPathNames: [AnyKeyPath: String] { [\Gauge.level: "level"] }
/// }
/// final class FuelGauge: Gauge {
///     var reserve = 0 { didSet { print("now \(reserve)") } }
///     override class var keyPathNames: [AnyKeyPath: String] {
///         super.keyPathNames.merging([\FuelGauge.reserve: "reserve", \FuelGauge.level: "level"]) { $1 }
///     }
/// }
/// print(Property(fuelGauge, \.level))        // \FuelGauge.level
/// ```
///
/// The library's own classes name their computed properties too: `\BindingForm.isValid`,
/// `\BindingSet.count`, `\ObservableArray<Int>.elements`.
///
/// A ``KeyPathObservable`` class conforms already, with the names of its
/// ``KeyPathObservable/announcedKeyPaths``; an `@Announced` property needs no declaration: its
/// name is read from the wrapper while the object lives (in a ``PropertyError/objectDeallocated(root:keyPath:)``
/// it reads `\Person.<computed String>`, unless declared). A key path reads the same in every
/// run, whatever other threads name at the same time.
public protocol KeyPathNaming: AnyObject {
    /// The names of this class's key paths whose printed form shows no name.
    static var keyPathNames: [AnyKeyPath: String] { get }
}

/// The names of key paths that Swift prints without one: declared by ``KeyPathNaming``, or
/// learned from a property wrapper's storage (`_age` for `@Announced var age`) while a read
/// is being probed.
///
/// A probe is the state of the task (or thread) that runs it, never of the process: a wrapper
/// read on another thread while a probe runs tells nothing, so what is learned is only what a
/// probe asked for. And a learned name is shown only where a probe could learn it again (the
/// object lives): so the same key path reads the same in every run, whatever ran before it or
/// next to it (Swift Testing runs tests in parallel).
@usableFromInline
enum KeyPathNames {
    private static let learned = NameTable()
    /// Whether this task (or this thread, outside a task) runs a probe.
    @TaskLocal private static var probesHere = false
    /// How many probes run anywhere: only lets a wrapper's every read skip the task-local
    /// lookup while none runs. It decides nothing: a probe is `probesHere`.
    private static let probesAnywhere = Atomic<Int>(0)

    /// Whether a probe runs on this task or thread: property wrappers then tell the names of
    /// the key paths they serve.
    @usableFromInline
    static var isProbing: Bool { probesAnywhere.load(ordering: .relaxed) > 0 && probesHere }

    /// Runs `body` (a read through a key path) with wrappers telling the names they know.
    static func probing<Result>(_ body: () throws -> Result) rethrows -> Result {
        probesAnywhere.add(1, ordering: .relaxed)
        defer { probesAnywhere.subtract(1, ordering: .relaxed) }
        return try $probesHere.withValue(true, operation: body)
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

    /// The name of `keyPath`'s last component, when its root class declares it.
    static func declaredName(of keyPath: AnyKeyPath) -> String? {
        guard let naming = type(of: keyPath).rootType as? any KeyPathNaming.Type else { return nil }
        return naming.keyPathNames[keyPath]
    }

    /// The name of `keyPath`'s last component, declared, or learned from a wrapper by reading
    /// `object` under a probe (at most once per key path).
    static func name(of keyPath: AnyKeyPath, reading object: AnyObject) -> String? {
        if let declared = declaredName(of: keyPath) { return declared }
        if let known = learned[keyPath] { return known }
        probe(keyPath, of: object)
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
    /// class), and with the name the root class declares (``KeyPathNaming``): `\Person.age`,
    /// else `\Person.<computed Int>`; the same text on every run. A name an `@Announced`
    /// wrapper tells is not used here, as no object is read: see ``stableDescription(reading:)``.
    ///
    /// Made once per key path and kept: describing a key path costs far more than an update,
    /// and a failure on a deallocated object names its key path.
    var stableDescription: String {
        if let known = Self.stableDescriptions[self] { return known }
        let text = String(describing: self)
        let made = text.contains("<computed 0x") ? described(text, name: KeyPathNames.declaredName(of: self)) : text
        Self.stableDescriptions[self] = made
        return made
    }

    /// ``stableDescription`` by key path: it reads no object, so it is the same every time.
    private static let stableDescriptions = NameTable()

    /// ``stableDescription``, with the name of an `@Announced` property too, learned by reading
    /// the value through the key path from `object` when it lives.
    func stableDescription(reading object: AnyObject?) -> String {
        let text = String(describing: self)
        guard text.contains("<computed 0x") else { return text }
        // Only a class that names its key paths (a `KeyPathObservable` one) can hold `@Announced`
        // wrappers; reading another's getter, an `@Observable` one say, could have effects.
        guard let object, object is any KeyPathNaming else {
            return described(text, name: KeyPathNames.declaredName(of: self))
        }
        return described(text, name: KeyPathNames.name(of: self, reading: object))
    }

    /// `text`, Swift's description of a key path with a computed component, with `name` for
    /// its last component, or with the component's type instead of its address.
    private func described(_ text: String, name: String?) -> String {
        if let name { return "\\\(type(of: self).rootType).\(name)" }
        return text.replacing(/<computed 0x[0-9a-fA-F]+ \((.*?)\)>/) { "<computed \($0.1)>" }
    }
}
