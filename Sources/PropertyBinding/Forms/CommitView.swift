/// The model as a form's commit will leave it: the value each edited field writes, by the model
/// property it writes, seen by the validators that read the model with
/// `Validator(_:reading:_:)` while the commit (or ``BindingForm/validate()``) runs on this thread.
///
/// A commit stages every edited field's value before it checks the first one, so a validator
/// of one field sees what every other field of the commit writes, earlier or later in the form,
/// in the rehearsal and at the write alike, and the model is not written until every check
/// passed.
final class CommitView: @unchecked Sendable {
    /// A model property: its object and key path.
    struct Key: Hashable {
        let object: ObjectIdentifier
        let keyPath: AnyKeyPath
    }

    /// The view of the commit running on this thread, if any. Only that thread reads it.
    @TaskLocal static var current: CommitView?

    /// The values the commit writes; only the committing thread touches them.
    private var staged: [Key: Any] = [:]

    /// The model property `property` reads when it is a ``Property`` (or an ``AnyProperty`` of
    /// one) whose object is alive: the properties a commit can name. Nil for any other.
    static func key(of property: any ReadableProperty) -> Key? {
        if let erased = property as? any TypeErasedProperty { return key(of: erased.erasedBase) }
        guard let property = property as? any KeyPathProperty, let object = property.rootObject else { return nil }
        return Key(object: ObjectIdentifier(object), keyPath: property.anyKeyPath)
    }

    /// Records that the commit writes `value` to `property`.
    func stage(_ value: Any, for property: any ReadableProperty) {
        guard let key = Self.key(of: property) else { return }
        staged[key] = value
    }

    /// The value `property` holds once the commit running on this thread is written: what a field
    /// of the commit writes there, or, outside a commit and for a property no field writes, its
    /// value now.
    static func value<Other: ReadableProperty>(of property: Other) throws -> Other.Value {
        if let view = current, let key = key(of: property), let value = view.staged[key] as? Other.Value {
            return value
        }
        return try property.read()
    }
}
