/// Why reading or writing a property failed.
public enum PropertyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The object the property refers to has been deallocated: ``DeallocatedObject/root`` names
    /// its type and ``DeallocatedObject/keyPath`` the key path. Made with
    /// ``objectDeallocated(root:keyPath:)``.
    case objectDeallocated(DeallocatedObject)
    /// The property can be read but not written (for example ``AnyProperty`` made from a
    /// read-only property).
    case readOnly(String)
    /// The property can be written but holds nothing to read yet (a ``Setter`` before its
    /// first write).
    case notWrittenYet(String)
    /// The property can be written but reads back nothing: a destination that takes events (a
    /// ``Setter``, unless made with ``Setter/skippingEqualValues()``), which a binding writes at
    /// every fire.
    ///
    /// ```swift
    /// try Setter(screen) { screen, user in screen.present(user) }.read()   // throws .writeOnly("Setter(Screen)")
    /// ```
    case writeOnly(String)

    /// The object of `keyPath` of a `root` object has been deallocated.
    ///
    /// ```swift
    /// #expect(throws: PropertyError.objectDeallocated(root: "Person", keyPath: "\\Person.age")) { try age.read() }
    /// ```
    public static func objectDeallocated(root: String, keyPath: String) -> PropertyError {
        .objectDeallocated(DeallocatedObject(root: root, keyPath: keyPath))
    }

    /// A sentence that says what failed.
    public var description: String {
        switch self {
        case .objectDeallocated(let object):
            return "the \(object.root) object of \(object.keyPath) has been deallocated"
        case .readOnly(let property):
            return "\(property) is read-only"
        case .notWrittenYet(let property):
            return "\(property) has not been written yet"
        case .writeOnly(let property):
            return "\(property) is write-only"
        }
    }
}

/// What ``PropertyError/objectDeallocated(_:)`` says: the type of the object that is gone and
/// the key path that reached it, as text made when first read.
///
/// ```swift
/// guard case .objectDeallocated(let gone) = error as? PropertyError else { return }
/// print(gone.root, gone.keyPath)                 // Person \Person.age
/// ```
///
/// A property whose object is gone fails on every update of a binding that reads it (until the
/// binding ends), and describing a type and a key path costs many times the update: the error
/// keeps the type and the key path, and makes the text only when it is read.
public struct DeallocatedObject: Equatable, @unchecked Sendable, CustomStringConvertible {
    // `@unchecked`: `AnyKeyPath` is immutable; it is not marked `Sendable` only because it is
    // an open class.
    private enum Source {
        case text(root: String, keyPath: String)
        case keyPath(rootType: Any.Type, keyPath: AnyKeyPath)
        case setter(targetType: Any.Type)
    }

    private let source: Source

    /// A dead object named by text.
    init(root: String, keyPath: String) {
        source = .text(root: root, keyPath: keyPath)
    }

    /// A dead object of type `rootType`, reached through `keyPath`; described when read.
    @usableFromInline
    init(rootType: Any.Type, keyPath: AnyKeyPath) {
        source = .keyPath(rootType: rootType, keyPath: keyPath)
    }

    /// The target of a ``Setter`` of a `targetType` object; described when read.
    @usableFromInline
    init(setterOf targetType: Any.Type) {
        source = .setter(targetType: targetType)
    }

    /// The type of the object that is gone: `Person`.
    public var root: String {
        switch source {
        case .text(let root, _): root
        case .keyPath(let rootType, _), .setter(let rootType): String(describing: rootType)
        }
    }

    /// The key path: `\Person.age` (with the name a ``KeyPathNaming`` class declares).
    public var keyPath: String {
        switch source {
        case .text(_, let keyPath): keyPath
        case .keyPath(_, let keyPath): keyPath.stableDescription
        case .setter(let targetType): "Setter(\(targetType))"
        }
    }

    /// `\Person.age of a Person`.
    public var description: String { "\(keyPath) of a \(root)" }

    /// Whether both name the same type and key path.
    public static func == (lhs: DeallocatedObject, rhs: DeallocatedObject) -> Bool {
        lhs.root == rhs.root && lhs.keyPath == rhs.keyPath
    }
}
