/// What makes two properties one node of a ``BindingGraph``: the same object and key path, the
/// same setter or list (copies of one included), never the same text.
enum NodeIdentity: Hashable {
    /// A key path of an object that lives.
    case keyPath(object: ObjectIdentifier, keyPath: AnyKeyPath)
    /// A selection's property: the owner, the selection and the selected object's key path.
    case selection(owner: ObjectIdentifier, selection: AnyKeyPath, keyPath: AnyKeyPath)
    /// A property that is an object (``TableRows``, ``ObservableArray``), or one that shares an
    /// object among its copies (a ``Setter``'s memory of its last value).
    case instance(ObjectIdentifier)

    /// The identity of `property`, looked for through transformers and type erasure; nil for a
    /// property that can tell none: a value type of your own, or a property whose object is gone
    /// (a property keeps its object weakly, and nothing tells two dead objects apart, not even
    /// their addresses, which a new object may reuse). Such a property is a node of its own in
    /// each binding.
    static func of(_ property: any ReadableProperty) -> NodeIdentity? {
        if let identified = property as? any GraphIdentified { return identified.nodeIdentity }
        if type(of: property) is AnyClass { return .instance(ObjectIdentifier(property as AnyObject)) }
        if let erased = property as? any TypeErasedProperty { return of(erased.erasedBase) }
        if let transformer = property as? any Transformer { return of(transformer.property) }
        return nil
    }
}

/// A property that knows its ``NodeIdentity``.
protocol GraphIdentified {
    var nodeIdentity: NodeIdentity? { get }
}

extension KeyPathProperty {
    var nodeIdentity: NodeIdentity? {
        rootObject.map { .keyPath(object: ObjectIdentifier($0), keyPath: anyKeyPath) }
    }
}

extension Property: GraphIdentified {}
extension ReadOnlyProperty: GraphIdentified {}
extension OptionalLinkProperty: GraphIdentified {}

extension SelectionProperty: GraphIdentified {
    var nodeIdentity: NodeIdentity? {
        owner.map { .selection(owner: ObjectIdentifier($0), selection: selection, keyPath: keyPath) }
    }
}

extension Setter: GraphIdentified {
    /// The target's identity: a setter reads back nothing, so what tells two apart is whom they
    /// call (a setter used by two bindings is one node); nil once the target is gone.
    var nodeIdentity: NodeIdentity? { _target.map { .instance(ObjectIdentifier($0)) } }
}
