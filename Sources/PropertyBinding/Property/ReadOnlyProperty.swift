/// A property of an object that can only be read, named by a key path: reads
/// `object[keyPath: keyPath]`. The source of a binding over a computed property or a
/// `private(set)` one, which ``Property`` cannot name because it also writes.
///
/// ```swift
/// @Observable final class Player {
///     var name = "Ann"
///     var score = 0
///     var summary: String { "\(name): \(score) points" }
/// }
/// let summary = ReadOnlyProperty(player, \.summary)
/// print(try summary.read())                      // "Ann: 0 points"
/// let showSummary = try Binding(source: summary, destination: Property(label, \.text), triggers: .standard)
/// ```
///
/// Like ``Property``, it never keeps its object alive: once the object is gone, ``read()``
/// throws ``PropertyError/objectDeallocated(root:keyPath:)`` instead of crashing. A
/// ``TriggerRegistry`` infers its triggers as it does a property's (an ``ObservationTrigger``
/// for an `@Observable` object, whose computed properties it tracks through the stored ones
/// they read).
public struct ReadOnlyProperty<Root: AnyObject, Value>: ReadableProperty {
    /// The key path this property reads.
    public let keyPath: KeyPath<Root, Value>
    @usableFromInline weak var _object: Root?
    /// Reads the value; nil when the object has ended (an ``EndingObject``). The optimizer folds
    /// a literal key path into direct access only in a closure that is its sole user.
    @usableFromInline let _read: (Root) -> Value?

    /// Creates a read-only property of `object` at `keyPath`; `object` is held weakly.
    ///
    /// ```swift
    /// let summary = ReadOnlyProperty(player, \.summary)
    /// ```
    ///
    /// `keyPath` is evaluated twice (once for the accessor, once for ``keyPath``), so that
    /// each evaluation of a key path literal has one user; evaluating a key path has no side
    /// effect.
    @inlinable
    public init(_ object: Root, _ keyPath: @autoclosure () -> KeyPath<Root, Value>) {
        self._object = object
        self._read = Self.accessor(keyPath())
        self.keyPath = keyPath()
    }

    /// Creates a read-only property of an ``EndingObject`` at `keyPath`; `object` is held
    /// weakly, and once it has ended, reads throw as they do when it is deallocated.
    ///
    /// ```swift
    /// let shown = ReadOnlyProperty(handle, \.text)   // handle: a WidgetHandle, an EndingObject
    /// ```
    @inlinable
    public init(_ object: Root, _ keyPath: @autoclosure () -> KeyPath<Root, Value>) where Root: EndingObject {
        self._object = object
        let read = Self.accessor(keyPath())
        self._read = { root in root.hasEnded ? nil : read(root) }
        self.keyPath = keyPath()
    }

    @inlinable
    static func accessor(_ keyPath: KeyPath<Root, Value>) -> (Root) -> Value? {
        { root in root[keyPath: keyPath] }
    }

    /// The object, or `nil` once it has been deallocated.
    @inlinable public var object: Root? { _object }

    /// Returns `object[keyPath: keyPath]`.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the object is gone.
    @inlinable
    public func read() throws -> Value {
        guard let object = _object, let value = _read(object) else { throw deallocated() }
        return value
    }

    @usableFromInline
    func deallocated() -> PropertyError {
        .objectDeallocated(DeallocatedObject(rootType: Root.self, keyPath: keyPath))
    }
}

extension ReadOnlyProperty: CustomStringConvertible {
    /// The key path, for error messages: `\Player.summary`.
    public var description: String { keyPath.stableDescription(reading: _object) }
}
