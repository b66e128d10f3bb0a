/// A field that can host the rules of its form (``TwoWayBinding`` is one).
protocol RuleHosting: AnyObject {
    /// The rules that report on this field.
    var fieldRules: FieldRules { get }
    /// Calls `body` after each edit of this field that transformed and validated.
    func observeEdits(_ body: @escaping () -> Void)
    /// Checks the field again after a field its rules read was edited.
    func revalidate()
}

extension TwoWayBinding: RuleHosting {
    var fieldRules: FieldRules { rules }

    func observeEdits(_ body: @escaping () -> Void) {
        state.withLock {
            let earlier = state.onEdit
            state.onEdit = {
                earlier?()
                body()
            }
        }
    }

    func revalidate() {
        // An edited field runs its update again (a continuous field then writes the value
        // the rule no longer refuses); an untouched one is only checked, so that a value it
        // shows rounded is not written.
        if hasPendingEdit {
            toModel.update()
        } else if let failure = validate() {
            toModel.record(failure)
        }
    }
}
