/// A property read through an optional link, `\.selected?.name`: the value while the link holds
/// an object, and no value (``NoSelectionError``) while it is `nil`, so that a placeholder can
/// stand in and nothing is written otherwise. Bind's `flatMap` over an optional, and Cocoa's
/// binding through a selection.
///
/// ```swift
/// final class Editor: KeyPathObservable {
///     let keyPathObservers = KeyPathObservers()
///     @Announced var selected: Person?
/// }
/// let showName = try Binding(
///     source: OptionalLinkProperty(editor, \.selected?.name).placeholder(whenNoSelection: "No selection"),
///     destination: Property(nameLabel, \.text), triggers: .standard)
/// editor.selected = ann        // nameLabel.text == "Ann"; follows Ann's name from now on
/// editor.selected = nil        // nameLabel.text == "No selection"
/// ```
///
/// With `triggers: .standard` on ``KeyPathObservable`` objects whose every link is announced, the
/// ``KeyPathTrigger`` follows the link: it observes the object the link holds now, and moves to
/// the next one when the link is announced. Without a placeholder, a read while the link is `nil`
/// fails with ``NoSelectionError`` (reported, nothing written). A `nil` at the end of the key
/// path (`\.selected?.nickname`, a `String?`) reads as no value too; a ``SelectionProperty`` tells
/// the two apart. Like ``Property``, it never keeps its object alive.
public struct OptionalLinkProperty<Root: AnyObject, Value>: ReadableProperty {
    /// The key path through the optional link.
    public let keyPath: KeyPath<Root, Value?>
    private weak var _object: Root?

    /// Creates a property read through `keyPath` from `object` (held weakly).
    ///
    /// ```swift
    /// let city = OptionalLinkProperty(person, \.spareAddress?.city)
    /// ```
    public init(_ object: Root, _ keyPath: KeyPath<Root, Value?>) {
        self._object = object
        self.keyPath = keyPath
    }

    /// The object, or `nil` once it has been deallocated.
    public var object: Root? { _object }

    /// Returns the value the key path leads to.
    ///
    /// - Throws: ``NoSelectionError`` while a link on the way (or the value) is `nil`,
    ///   ``PropertyError/objectDeallocated(root:keyPath:)`` once the object is gone.
    public func read() throws -> Value {
        guard let object = _object else {
            throw PropertyError.objectDeallocated(DeallocatedObject(rootType: Root.self, keyPath: keyPath))
        }
        guard let value = object[keyPath: keyPath] else { throw NoSelectionError(selection: description) }
        return value
    }
}

extension OptionalLinkProperty: CustomStringConvertible {
    /// The key path: `\Editor.selected?.name`.
    public var description: String { keyPath.stableDescription(reading: _object) }
}

extension OptionalLinkProperty: KeyPathProperty {
    var rootType: Any.Type { Root.self }
    var anyKeyPath: AnyKeyPath { keyPath }
    var rootObject: AnyObject? { _object }
}
