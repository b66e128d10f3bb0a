/// A field that can keep a failure found without running its update, as its ``FormField/error``.
protocol FailureRecording {
    /// Keeps `failure` as the field's error until a later value is good, and reports it to the
    /// field's error handlers.
    func record(_ failure: BindingFailure)
}

extension TwoWayBinding: FailureRecording {
    func record(_ failure: BindingFailure) {
        toModel.record(failure)
    }
}

/// A field whose form value can be checked without rehearsing the model side's write: what a
/// form's commit asks of the fields that hold no edit, since it does not write them.
protocol FormValueChecking {
    /// The form value's conversion and validators, without the model side's dry run; nil when
    /// they pass.
    func validateFormValue() -> BindingFailure?
}

extension TwoWayBinding: FormValueChecking {
    func validateFormValue() -> BindingFailure? {
        validate(rehearsingWrite: false)
    }
}
