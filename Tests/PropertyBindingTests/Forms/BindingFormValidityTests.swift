import PropertyBinding
import PropertyBindingControls
import Testing

/// What a form's `isValid` says is what its `commit()` does, and a value a filter declines is
/// no failure of either.
@Suite(.routesDefaultErrors) struct BindingFormValidityTests {
    @Test func aFormWhoseModelAndViewsAreGoneIsInvalidAndCommitsNothing() {
        var profile: FormProfile? = FormProfile()
        var field: TextField? = TextField()
        let form = BindingForm(continuous: false) {
            TwoWayBinding(
                "name", model: Property(profile!, \.name), form: Property(field!, \.text),
                formTriggers: [TargetActionTrigger(control: field!, events: .editingChanged)])
        }
        form.onError = { _ in }
        profile = nil
        field = nil
        form.discard()  // the pair finds its objects gone, says so, and ends
        #expect(form.isValid == false)
        #expect(form.validate().map(\.label) == ["name"])
        #expect(form.commit().map(\.label) == ["name"], "isValid said the commit would fail")
    }

    @Test func anInvalidatedFormIsInvalid() {
        let profile = FormProfile()
        let field = TextField()
        let form = BindingForm {
            TwoWayBinding("name", model: Property(profile, \.name), form: Property(field, \.text))
        }
        form.invalidate()
        #expect(form.isValid == false)
        #expect(form.validate().first?.error as? FormError == .invalidated)
        #expect(form.commit().first?.error as? FormError == .invalidated)
    }

    @Test func aCommitOfAValueTheModelsFilterDeclinesIsSilent() {
        let profile = FormProfile()
        let field = TextField()
        let errors = Locked(0)
        let form = BindingForm(continuous: false) {
            TwoWayBinding(
                "age", model: Property(profile, \.age).filter { $0 < 100 }, form: number(field),
                formTriggers: [TargetActionTrigger(control: field, events: .editingChanged)])
        }
        form.onError = { _ in errors.withLock { $0 += 1 } }
        field.simulateTyping("150")
        #expect(form.isValid)
        #expect(form.commit().isEmpty, "a declined value is no failure")
        #expect(profile.age == 0, "nothing written")
        #expect(errors.value == 0)
        #expect(form.errors.isEmpty)
        #expect(form["age"]?.commit().description == "filtered")

        field.simulateTyping("42")
        #expect(form.commit().isEmpty)
        #expect(profile.age == 42)
    }
}
