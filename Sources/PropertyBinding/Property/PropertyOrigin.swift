/// The object and key path a property reads, found through any transformers that wrap it:
/// what a ``TriggerRegistry`` looks triggers up by.
struct PropertyOrigin {
    /// The root type the key path was written on (`TextField` for `\TextField.text`).
    let rootType: Any.Type
    /// The key path.
    let keyPath: AnyKeyPath
    /// The object, or nil once it is gone.
    let object: AnyObject?
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
