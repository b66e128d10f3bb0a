/// The object and key path a property reads, found through any transformers that wrap it:
/// what a ``TriggerRegistry`` looks triggers up by.
struct PropertyOrigin {
    /// The root type the key path was written on (`TextField` for `\TextField.text`).
    let rootType: Any.Type
    /// The key path.
    let keyPath: AnyKeyPath
    /// The object, or nil once it is gone.
    let object: AnyObject?

    /// Finds the origin of `property`: a ``Property`` or a ``ReadOnlyProperty`` is its own; a
    /// ``Transformer`` has its wrapped property's; an ``AnyProperty`` has the origin of the
    /// property it erases. Nil for a property made of neither (a `NotificationValue`, a type of
    /// your own).
    static func of(_ property: any ReadableProperty) -> PropertyOrigin? {
        if let property = property as? any KeyPathProperty {
            return PropertyOrigin(
                rootType: property.rootType, keyPath: property.anyKeyPath, object: property.rootObject)
        }
        if let erased = property as? any TypeErasedProperty {
            return of(erased.erasedBase)
        }
        if let transformer = property as? any Transformer {
            return of(transformer.property)
        }
        return nil
    }
}

/// A property made of an object and a key path.
protocol KeyPathProperty {
    var rootType: Any.Type { get }
    var anyKeyPath: AnyKeyPath { get }
    var rootObject: AnyObject? { get }
}

/// A property that stands for another one it hides.
protocol TypeErasedProperty {
    var erasedBase: any ReadableProperty { get }
}

extension Property: KeyPathProperty {
    var rootType: Any.Type { Root.self }
    var anyKeyPath: AnyKeyPath { keyPath }
    var rootObject: AnyObject? { object }
}

extension ReadOnlyProperty: KeyPathProperty {
    var rootType: Any.Type { Root.self }
    var anyKeyPath: AnyKeyPath { keyPath }
    var rootObject: AnyObject? { object }
}

extension AnyProperty: TypeErasedProperty {
    var erasedBase: any ReadableProperty { _base }
}
