/// What a form's commit asks of a field beyond ``FormField``: to check its value without
/// rehearsing a write it will not make, and to keep a failure found without running its update.
protocol CommittableField {
    /// The form value's conversion and validators, without the model side's dry run; nil when
    /// they pass. A commit asks this of the fields that hold no edit, since it does not write them.
    func validateFormValue() -> BindingFailure?

    /// Stages in `view` the value a commit would write to the model: the form's value, converted
    /// but not yet validated; nothing when the field holds no edit or its value does not convert.
    func stageEdit(in view: CommitView)

    /// Keeps `failure` as the field's error until a later value is good, and reports it to the
    /// field's error handlers.
    func record(_ failure: BindingFailure)

    /// Why the field updates no more (an object it binds is gone, or it was invalidated), or nil
    /// while it does: a commit cannot write it.
    var endedFailure: BindingFailure? { get }
}

extension TwoWayBinding: CommittableField {
    func validateFormValue() -> BindingFailure? {
        // A form that could not show the model's value (NaN, a value its transformer refuses)
        // holds no value of the model's: checking it would fail every commit of the form over a
        // field nobody edited, which the commit does not write. The field keeps its own error.
        if toForm.hasLastError { return nil }
        return validate(rehearsingWrite: false)
    }

    func stageEdit(in view: CommitView) {
        guard hasPendingEdit, let value = try? toModel.source.property.read() else { return }
        view.stage(value, for: toModel.destination)
    }

    func record(_ failure: BindingFailure) {
        toModel.record(failure)
    }

    var endedFailure: BindingFailure? {
        guard !toModel.isValid else { return nil }
        // The failure that ended it (an object gone), kept by the direction that met it.
        return error ?? toModel.failure(.writingDestination, FormError.invalidated)
    }
}
