/// A class that announces its own changes, key path by key path, at the moment they happen:
/// the key-value observing of this library, on every platform.
///
/// Conform by storing a ``KeyPathObservers`` and announcing each change, either by calling
/// ``didChange(_:)`` in `didSet`, or by marking the property ``Announced``:
///
/// ```swift
/// final class Person: KeyPathObservable {
///     let keyPathObservers = KeyPathObservers()
///     var name = "" { didSet { didChange(\.name) } }
///     @Announced var age = 0                          // announces \Person.age after each write
/// }
/// let showName = Binding(source: Property(person, \.name), destination: Property(label, \.text))
/// showName.addTrigger(KeyPathTrigger(person, \.name))
/// person.name = "Ann"                                 // label.text == "Ann" when this line returns
/// ```
///
/// List the key paths announced in `didSet`, and the computed ones with what they depend on, in
/// ``announcedKeyPaths``: a ``TriggerRegistry`` infers a ``KeyPathTrigger`` only for a key path
/// that something announces (`@Announced` ones need no listing), and messages show their names.
///
/// Announce in `didSet` (after the value is stored), never in `willSet`, with the key path
/// written on the class that declares the property (`didChange(\.name)` there does). A
/// subclass's key path, `\Subclass.name`, is another key path than `\Base.name`; a
/// ``KeyPathTrigger`` on it still hears `Base` announce the property when its value is
/// `Equatable` (see the trigger).
public protocol KeyPathObservable: KeyPathNaming {
    /// The observers of this object's key paths.
    var keyPathObservers: KeyPathObservers { get }

    /// The key paths this class announces with ``didChange(_:)``, and its computed key paths
    /// with the key paths they depend on, each with its name; empty by default. `@Announced`
    /// properties announce themselves and need not be listed.
    ///
    /// ```swift
    /// static let announcedKeyPaths: [AnnouncedKeyPath] = [
    ///     .announced("age", \Profile.age),
    ///     .computed("greeting", \Profile.greeting, dependsOn: \Profile.name),
    /// ]
    /// ```
    static var announcedKeyPaths: [AnnouncedKeyPath] { get }
}

extension KeyPathObservable {
    /// No key path announced with ``didChange(_:)``, no computed key path.
    public static var announcedKeyPaths: [AnnouncedKeyPath] { [] }

    /// The names of ``announcedKeyPaths``.
    public static var keyPathNames: [AnyKeyPath: String] {
        Dictionary(announcedKeyPaths.map { ($0.keyPath, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// Tells the observers of `keyPath` that its value changed; they run now, on this thread.
    ///
    /// ```swift
    /// var name = "" { didSet { didChange(\.name) } }
    /// ```
    public func didChange(_ keyPath: PartialKeyPath<Self>) {
        keyPathObservers.notify(keyPath)
    }
}
