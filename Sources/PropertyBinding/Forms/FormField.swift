/// One field of a ``BindingForm``: a model property and a form property bound both ways.
/// ``TwoWayBinding`` is one.
public protocol FormField: AnyObject, Sendable {
    /// The field's name.
    var label: String? { get }
    /// The failure of the latest update of either direction; nil once a later one succeeds.
    var error: BindingFailure? { get }
    /// Whether the form holds an edit the model does not have yet, reported by a form trigger
    /// or not (``TwoWayBinding/hasPendingEdit`` reads the form).
    var hasPendingEdit: Bool { get }
    /// Whether form values flow to the model as they change, or only on ``commit()``.
    var isContinuous: Bool { get set }
    /// The bindings that make the field, to add to a ``BindingSet``.
    var bindings: [AnyBinding] { get }
    /// Checks the form's value in both directions without writing it (the dry run of a commit);
    /// nil when a commit would write it.
    func validate() -> BindingFailure?
    /// Writes the form's pending edit to the model now; without one, writes nothing.
    @discardableResult func commit() -> UpdateResult
    /// Shows the model's value again, throwing the pending edit away.
    func discard()
}
