import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// A commit writes the edited fields only, all of them or none, checked in
// both directions first; after a write the field shows what the model holds.

@Suite struct BindingFormCommitTests {
    let profile = FormProfile()
    let nameField = TextField()
    let ageField = TextField()
    let heightField = TextField()

    /// name (non-empty), age (through a model-side transformer that refuses ages over 120), and
    /// height shown in de_DE with two fraction digits.
    func makeForm() throws -> BindingForm {
        let form = try BindingForm(continuous: false) {
            try TwoWayBinding(
                "name", model: Property(profile, \.name), form: Property(nameField, \.text), triggers: .standard,
                validators: [.nonEmpty])
            try TwoWayBinding(
                "age",
                model: Property(profile, \.age).map(
                    { $0 }, reverse: { age in age > 120 ? try { throw Refused(value: age) }() : age }),
                form: number(ageField), triggers: .standard)
            try TwoWayBinding(
                "height", model: Property(profile, \.height),
                form: number(heightField, as: Double.self, germanFormatter()),
                triggers: .standard)
        }
        form.onError = { _ in }
        return form
    }

    @Test func anUntouchedRoundedFieldKeepsTheModelsValueExactly() throws {
        profile.name = "Ann"
        profile.height = 1.755
        let form = try makeForm()
        #expect(heightField.text == "1,76")
        nameField.simulateTyping("Bob")
        #expect(form.commit().isEmpty)
        #expect(profile.name == "Bob")
        #expect(profile.height == 1.755, "the height was not edited: it is not written")
        #expect(form["height"]?.commit().didWrite == false)
        #expect(profile.height == 1.755)
    }

    @Test func anEditedRoundedFieldIsWritten() throws {
        profile.name = "Ann"
        profile.height = 1.755
        let form = try makeForm()
        heightField.simulateTyping("1,8")
        #expect(form.commit().isEmpty)
        #expect(profile.height == 1.8)
    }

    @Test func aBadModelSideValueRefusesTheWholeCommit() throws {
        profile.name = "Ann"
        profile.age = 42
        let form = try makeForm()
        nameField.simulateTyping("Bob")
        ageField.simulateTyping("130")
        #expect(form.isValid == false)
        let failures = form.commit()
        #expect(failures.map(\.label) == ["age"])
        #expect(failures.first?.stage == .writingDestination)
        #expect(failures.first?.error as? Refused == Refused(value: 130))
        #expect(profile.name == "Ann", "nothing is written, not even the good field before it")
        #expect(profile.age == 42)
        #expect(form["age"]?.error?.error as? Refused == Refused(value: 130))
        #expect(ageField.text == "130", "the field keeps what was typed")

        ageField.simulateTyping("43")
        #expect(form.commit().isEmpty)
        #expect(profile.name == "Bob" && profile.age == 43)
        #expect(form.errors.isEmpty)
    }

    @Test func everyFailureIsReturnedAndShownOnItsField() throws {
        profile.name = "Ann"
        let form = try makeForm()
        nameField.simulateTyping("")
        ageField.simulateTyping("200")
        heightField.simulateTyping("tall")
        let failures = form.commit()
        #expect(failures.map(\.label) == ["name", "age", "height"])
        #expect(form.errors.map(\.label) == ["name", "age", "height"])
        #expect(profile.name == "Ann" && profile.age == 0 && profile.height == 0)
    }

    @Test func aModelObjectThatIsGoneRefusesTheWholeCommit() {
        var gone: FormProfile? = FormProfile()
        let kept = FormProfile()
        let form = BindingForm(continuous: false) {
            TwoWayBinding(
                "kept", model: Property(kept, \.name), form: Property(nameField, \.text),
                formTriggers: [TargetActionTrigger(control: nameField, events: .editingChanged)])
            TwoWayBinding(
                "gone", model: Property(gone!, \.name), form: Property(ageField, \.text),
                formTriggers: [TargetActionTrigger(control: ageField, events: .editingChanged)])
        }
        form.onError = { _ in }
        ageField.simulateTyping("Bob")
        gone = nil
        nameField.simulateTyping("Ann")
        #expect(form.commit().map(\.label) == ["gone"])
        #expect(kept.name == "")
    }

    @Test func anInvalidatedFormRefusesToCommit() throws {
        let form = try makeForm()
        nameField.simulateTyping("Bob")
        form.invalidate()
        let failures = form.commit()
        #expect(failures.count == 1)
        #expect(failures.first?.error as? FormError == .invalidated)
        #expect(profile.name == "")
    }

    @Test func aFieldWithoutAPendingEditCommitsNothing() throws {
        profile.age = 42
        let form = try makeForm()
        profile.age = 43
        #expect(form["age"]?.hasPendingEdit == false)
        #expect(form["age"]?.commit().didWrite == false)
        #expect(profile.age == 43)
    }
}

@Suite struct FieldShowsTheModelTests {
    let profile = FormProfile()
    let field = TextField()

    @Test func aClampedValueIsShown() throws {
        let score = try TwoWayBinding(
            "score", model: Property(profile, \.score), form: number(field), triggers: .standard)
        field.simulateTyping("150")
        #expect(profile.score == 100)
        #expect(field.text == "100", "the field shows the model's clamped value")
        #expect(score.error == nil)
    }

    @Test func whileTheUserTypesTheTextStaysAndACommitNormalisesIt() throws {
        let height = try TwoWayBinding(
            "height", model: Property(profile, \.height), form: number(field, as: Double.self, germanFormatter()),
            triggers: .standard)
        field.simulateTyping("1234")
        #expect(profile.height == 1234)
        #expect(field.text == "1234", "not rewritten as 1.234 under the cursor")
        field.simulateTyping("12345")
        #expect(profile.height == 12345, "the next keystroke still reads")

        height.isContinuous = false
        field.simulateTyping("1234,5")
        #expect(field.text == "1234,5")
        #expect(height.commit().didWrite)
        #expect(profile.height == 1234.5)
        #expect(field.text == "1.234,5", "a commit shows the model as the formatter writes it")
        field.simulateTyping("99,999")
        #expect(height.commit().didWrite)
        #expect(profile.height == 99.999)
        #expect(field.text == "100", "shown as the formatter writes it: two fraction digits")
    }

    @Test func aFieldCanOptOut() throws {
        let height = try TwoWayBinding(
            "height", model: Property(profile, \.height), form: number(field, as: Double.self, germanFormatter()),
            triggers: .standard)
        height.showsModelAfterWrite = false
        field.simulateTyping("1234,5")
        #expect(profile.height == 1234.5)
        #expect(field.text == "1234,5")
    }

    @Test func aModelObjectThatIsGoneReachesTheFieldAndTheForm() {
        var gone: FormProfile? = FormProfile()
        let form = BindingForm {
            TwoWayBinding("name", model: Property(gone!, \.name), form: Property(field, \.text))
        }
        form.onError = { _ in }
        gone = nil
        let pair = form.fields[0] as! TwoWayBinding<Property<FormProfile, String>, Property<TextField, String>>
        pair.toForm.update()
        #expect(pair.error?.stage == .readingSource)
        #expect(form.errors.count == 1)
        #expect(form.errors.first.map { $0.error is PropertyError } == true)
    }

    @Test func aModelValueTheFormCannotShowReachesTheField() throws {
        let height = try TwoWayBinding(
            "height", model: Property(profile, \.height), form: number(field, as: Double.self), triggers: .standard)
        height.onError = { _ in }
        profile.height = .nan
        #expect((height.error?.error as? TransformError)?.reason == .notRepresentable)
        profile.height = 2
        #expect(height.error == nil)
        #expect(field.text == "2")
    }
}

extension BindingFormCommitTests {
    final class Wallet: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        @Announced var balance: Decimal? = 12.5
    }

    @Test func anOptionalDecimalIsClearedToNil() throws {
        let wallet = Wallet()
        let field = TextField()
        let form = try BindingForm(continuous: false) {
            try TwoWayBinding(
                "balance", model: Property(wallet, \.balance),
                form: StringToNumberTransformer<Decimal?>(
                    property: Property(field, \.text), formatter: germanFormatter()),
                triggers: .standard, validators: [.range(0...100)])
        }
        form.onError = { _ in }
        #expect(field.text == "12,5")
        field.simulateTyping("   ")
        #expect(form.commit().isEmpty)
        #expect(wallet.balance == nil)
        #expect(field.text == "", "the field shows the model's nil as the formatter writes it")
        field.simulateTyping("200")
        #expect(form.commit().map(\.label) == ["balance"])
        #expect(wallet.balance == nil)
    }
}
