// Here and not in Property/: finding the origin looks through transformers, which sit above
// properties.
extension PropertyOrigin {
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

extension PropertyOrigin {
    /// The sources of a ``CombinedProperty`` found through any transformers that wrap it, or nil
    /// when `property` combines nothing.
    static func combinedSources(of property: any ReadableProperty) -> [any ReadableProperty]? {
        if let combined = property as? any CombinedSources { return combined.combinedSources }
        if let erased = property as? any TypeErasedProperty { return combinedSources(of: erased.erasedBase) }
        if let transformer = property as? any Transformer { return combinedSources(of: transformer.property) }
        return nil
    }

    /// The objects `property` reads, through transformers and combined properties: nil for one
    /// that is gone (deallocated, or an ``EndingObject`` that has ended). Empty for a property
    /// made of no object.
    static func objects(of property: any ReadableProperty) -> [AnyObject?] {
        if let sources = combinedSources(of: property) { return sources.flatMap { objects(of: $0) } }
        if let origin = of(property) { return [isGone(origin.object) ? nil : origin.object] }
        return []
    }
}
