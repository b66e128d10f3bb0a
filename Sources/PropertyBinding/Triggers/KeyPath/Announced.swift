/// A property of a ``KeyPathObservable`` class that announces its key path after every write,
/// so a ``KeyPathTrigger`` fires with no `didSet` to write.
///
/// ```swift
/// final class Person: KeyPathObservable {
///     let keyPathObservers = KeyPathObservers()
///     @Announced var name = ""
/// }
/// person.name = "Ann"        // observers of \Person.name run now, after the value is stored
/// ```
///
/// Every write announces, even of an equal value (a binding skips equal values itself). The
/// wrapper only works on properties of classes that conform to ``KeyPathObservable``; it uses
/// the enclosing-instance subscript of property wrappers to reach the object.
@propertyWrapper
public struct Announced<Value> {
    @usableFromInline var stored: Value

    /// Creates the wrapper with the property's initial value.
    public init(wrappedValue: Value) {
        stored = wrappedValue
    }

    /// Not available: an `@Announced` property belongs to a ``KeyPathObservable`` class.
    @available(*, unavailable, message: "@Announced is only available on properties of KeyPathObservable classes")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        // swift-format-ignore
        set { fatalError("unavailable") }
    }

    /// Reads and writes the value; a write announces `wrapped` to the object's observers.
    ///
    /// Inlined into the class's accessors, where the key paths are literals: the optimizer then
    /// reaches the storage directly instead of applying a key path at run time, several times
    /// cheaper for a write with its announcement and a binding's update (Benchmarks/README.md).
    @inlinable
    public static subscript<Root: KeyPathObservable>(
        _enclosingInstance object: Root,
        wrapped wrapped: ReferenceWritableKeyPath<Root, Value>,
        storage storage: ReferenceWritableKeyPath<Root, Self>
    ) -> Value {
        get {
            if KeyPathNames.isProbing { AnnouncedWrappers.record(wrapped, storage: storage) }
            return object[keyPath: storage].stored
        }
        set {
            object[keyPath: storage].stored = newValue
            object.keyPathObservers.notify(wrapped)
        }
    }
}

/// The key paths served by an `@Announced` wrapper, learned while a read is probed (see
/// `KeyPathNames`): a ``TriggerRegistry`` reads a key path under a probe to know whether a
/// wrapper announces it.
@usableFromInline
enum AnnouncedWrappers {
    private static let keyPaths = Locked<Set<AnyKeyPath>>([])

    @usableFromInline
    static func record(_ keyPath: AnyKeyPath, storage: AnyKeyPath) {
        KeyPathNames.learn(keyPath, storage: storage)
        _ = keyPaths.withLock { $0.insert(keyPath) }
    }

    /// Whether reading `keyPath` of `object` goes through an `@Announced` wrapper.
    static func announce(_ keyPath: AnyKeyPath, of object: AnyObject) -> Bool {
        if keyPaths.withLock({ $0.contains(keyPath) }) { return true }
        KeyPathNames.probe(keyPath, of: object)
        return keyPaths.withLock { $0.contains(keyPath) }
    }

    /// The key paths learned so far.
    static var all: Set<AnyKeyPath> { keyPaths.value }
}
