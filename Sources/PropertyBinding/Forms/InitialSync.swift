/// Which way a ``TwoWayBinding`` synchronises when it is created.
public enum InitialSync: Sendable {
    /// The form shows the model's value (the default).
    case modelToForm
    /// The model takes the form's value (validated).
    case formToModel
    /// Neither side is written until a trigger fires.
    case none
}
