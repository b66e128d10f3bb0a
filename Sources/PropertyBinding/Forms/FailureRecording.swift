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
