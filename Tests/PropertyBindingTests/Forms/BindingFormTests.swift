import Foundation
import PropertyBinding
import Testing

@Suite(.routesDefaultErrors) struct BindingFormTests {
    let center = NotificationCenter()

    private struct Fields {
        let name: FormTextField, age: FormTextField, email: FormTextField, height: FormTextField
        let nickname: FormTextField
        init(_ center: NotificationCenter) {
            (name, age, email, height, nickname) = (
                FormTextField(center: center), FormTextField(center: center), FormTextField(center: center),
                FormTextField(center: center), FormTextField(center: center)
            )
        }
    }

    private func makeForm(_ model: FormModel, _ fields: Fields, continuous: Bool? = nil) -> BindingForm {
        BindingForm(continuous: continuous) {
            TwoWayBinding(
                "name", model: Property(model, \.name), form: Property(fields.name, \.text),
                modelTriggers: [modelTrigger(model)], formTriggers: [fieldTrigger(fields.name)],
                validators: [.nonEmpty])
            TwoWayBinding(
                "age", model: Property(model, \.age),
                form: StringToNumberTransformer<Int>(
                    property: Property(fields.age, \.text), formatter: decimalFormatter()),
                modelTriggers: [modelTrigger(model)], formTriggers: [fieldTrigger(fields.age)],
                validators: [.range(0...150)])
            TwoWayBinding(
                "email", model: Property(model, \.email), form: Property(fields.email, \.text),
                modelTriggers: [modelTrigger(model)], formTriggers: [fieldTrigger(fields.email)],
                validators: [.pattern("[^@ ]+@[^@ ]+\\.[a-z]+", message: "is not an e-mail address")])
            TwoWayBinding(
                "height", model: Property(model, \.height),
                form: StringToNumberTransformer<Double>(
                    property: Property(fields.height, \.text), formatter: decimalFormatter("de_DE")),
                modelTriggers: [modelTrigger(model)], formTriggers: [fieldTrigger(fields.height)])
            TwoWayBinding(
                "nickname", model: Property(model, \.nickname).placeholders(whenNil: ""),
                form: Property(fields.nickname, \.text),
                modelTriggers: [modelTrigger(model)], formTriggers: [fieldTrigger(fields.nickname)])
        }
    }

    @Test func fiveFieldsFlowInBothDirections() {
        let model = FormModel(center: center)
        model.name = "Ann"
        model.age = 42
        model.email = "ann@example.org"
        model.height = 1.75
        let fields = Fields(center)
        let form = makeForm(model, fields)
        #expect(form.fields.count == 5)

        // model → form, on creation
        #expect(fields.name.text == "Ann")
        #expect(fields.age.text == "42")
        #expect(fields.email.text == "ann@example.org")
        #expect(fields.height.text == "1,75")
        #expect(fields.nickname.text == "")

        // form → model, each field
        fields.name.text = "Bob"
        fields.age.text = "101"
        fields.email.text = "bob@example.com"
        fields.height.text = "1,8"
        fields.nickname.text = "B"
        #expect(model.name == "Bob")
        #expect(model.age == 101)
        #expect(model.email == "bob@example.com")
        #expect(model.height == 1.8)
        #expect(model.nickname == "B")

        // model → form again, each field
        model.name = "Cy"
        model.age = 9
        model.email = "cy@example.net"
        model.height = 2
        model.nickname = nil
        #expect(fields.name.text == "Cy")
        #expect(fields.age.text == "9")
        #expect(fields.email.text == "cy@example.net")
        #expect(fields.height.text == "2")
        #expect(fields.nickname.text == "")
        #expect(form.errors.isEmpty)
        #expect(form.isValid)
    }

    @Test func aFieldOutOfRangeIsReportedByName() {
        let model = FormModel(center: center)
        let fields = Fields(center)
        let form = makeForm(model, fields)
        model.name = "Ann"
        fields.age.text = "1001"
        #expect(model.age == 0)
        #expect(form.errors.map(\.label) == ["age"])
        #expect(!form.isValid)
        #expect(form["age"]?.error != nil)
        fields.age.text = "101"
        #expect(model.age == 101)
        #expect(form.errors.isEmpty)
    }

    @Test func everyRejectedFieldKeepsTheModelAndItsText() {
        let model = FormModel(center: center)
        model.name = "Ann"
        model.email = "ann@example.org"
        let fields = Fields(center)
        let form = makeForm(model, fields)
        fields.name.text = "   "
        fields.email.text = "not-an-address"
        fields.height.text = "1.75"  // en_US spelling in a de_DE field: 1.75 is a misplaced grouping
        #expect(model.name == "Ann")
        #expect(model.email == "ann@example.org")
        #expect(model.height == 0)
        #expect(fields.name.text == "   ")
        #expect(fields.email.text == "not-an-address")
        #expect(fields.height.text == "1.75")
        #expect(Set(form.errors.compactMap(\.label)) == ["name", "email", "height"])
        #expect((form["email"]?.error?.error as? ValidationError)?.message == "is not an e-mail address")
    }

    @Test func commitWritesAllOrNothing() {
        let model = FormModel(center: center)
        model.name = "Ann"
        model.age = 42
        model.email = "ann@example.org"
        let fields = Fields(center)
        let form = makeForm(model, fields, continuous: false)
        fields.name.text = "Bob"
        fields.age.text = "abc"
        #expect(model.name == "Ann")
        #expect(form.hasPendingEdits)
        let failures = form.commit()
        #expect(failures.map(\.label) == ["age"])
        #expect(model.name == "Ann")
        fields.age.text = "43"
        #expect(form.commit().isEmpty)
        #expect(model.name == "Bob")
        #expect(model.age == 43)
        #expect(!form.hasPendingEdits)
    }

    @Test func discardRestoresEveryField() {
        let model = FormModel(center: center)
        model.name = "Ann"
        model.age = 42
        let fields = Fields(center)
        let form = makeForm(model, fields, continuous: false)
        fields.name.text = "Bob"
        fields.age.text = "7"
        form.discard()
        #expect(fields.name.text == "Ann")
        #expect(fields.age.text == "42")
        #expect(!form.hasPendingEdits)
    }

    @Test func invalidateStopsEveryField() {
        let model = FormModel(center: center)
        let fields = Fields(center)
        let form = makeForm(model, fields)
        form.invalidate()
        fields.name.text = "Zed"
        model.age = 5
        #expect(model.name == "")
        #expect(fields.age.text == "0")
    }

    @Test func aFormBuilderTakesConditionsAndLoops() {
        let model = FormModel(center: center)
        let names = [FormTextField(center: center), FormTextField(center: center)]
        let withEmail = false
        let form = BindingForm {
            for field in names {
                TwoWayBinding(model: Property(model, \.name), form: Property(field, \.text))
            }
            if withEmail {
                TwoWayBinding(model: Property(model, \.email), form: Property(names[0], \.text))
            }
        }
        #expect(form.fields.count == 2)
        #expect(form.bindings.count == 4)
    }
}

extension BindingFormTests {
    @Test func commitWritesNothingWhenOneModelIsGone() {
        let kept = FormModel(center: center)
        var gone: FormModel? = FormModel(center: center)
        let keptField = FormTextField(center: center)
        let goneField = FormTextField(center: center)
        let form = BindingForm(continuous: false) {
            TwoWayBinding(
                "kept", model: Property(kept, \.name), form: Property(keptField, \.text),
                formTriggers: [fieldTrigger(keptField)])
            TwoWayBinding(
                "gone", model: Property(gone!, \.name), form: Property(goneField, \.text),
                formTriggers: [fieldTrigger(goneField)])
        }
        form.onError = { _ in }
        gone = nil
        keptField.text = "Ann"
        goneField.text = "Bob"
        #expect(form.fields.allSatisfy { $0.hasPendingEdit })
        let failures = form.commit()
        #expect(failures.map(\.label) == ["gone"])
        let deallocated: Bool
        if case .objectDeallocated? = failures.first?.error as? PropertyError {
            deallocated = true
        } else {
            deallocated = false
        }
        #expect(deallocated)
        #expect(kept.name == "", "all or nothing: the field before the gone model is not written either")
        #expect(keptField.text == "Ann" && goneField.text == "Bob")
    }
}

extension BindingFormTests {
    final class Person { var name = "" }
    final class Field { var text = "" }

    @Test func aFailedCommitKeepsTheErrorOfAFieldNeverEdited() {
        let person = Person()
        let field = Field()
        let form = BindingForm {
            TwoWayBinding(
                "name", model: Property(person, \.name), form: Property(field, \.text), validators: [.nonEmpty])
        }
        let reported = Locked<[String?]>([])
        form.onError = { failure in reported.withLock { $0.append(failure.label) } }

        let failures = form.commit()
        #expect(failures.map(\.label) == ["name"])
        #expect(form.errors.map(\.label) == ["name"])
        #expect(form["name"]?.error?.stage == .readingSource)
        #expect(form["name"]?.error?.error is ValidationError)
        #expect(reported.withLock { $0 } == ["name"])

        field.text = "Ann"
        #expect(form.commit().isEmpty)
        #expect(person.name == "Ann")
        #expect(form.errors.isEmpty)
        #expect(form["name"]?.error == nil)
    }

    @Test func aFailedCommitShowsEveryFailingFieldUntilItsNextGoodValue() {
        let model = FormModel(center: center)
        model.name = ""
        model.age = 42
        model.email = "ann@example.org"
        let fields = Fields(center)
        let form = makeForm(model, fields, continuous: false)
        form.onError = { _ in }
        fields.age.text = "abc"  // edited: its error shows at once; name was never edited
        #expect(form.errors.map(\.label) == ["age"])

        #expect(form.commit().map(\.label) == ["name", "age"])
        #expect(form.errors.map(\.label) == ["name", "age"])
        #expect(model.age == 42)
        #expect(fields.name.text == "", "the field keeps its text")

        fields.name.text = "Bob"  // a good value clears the error, though it waits for the commit
        #expect(form.errors.map(\.label) == ["age"])
        #expect(model.name == "")
        fields.age.text = "43"
        #expect(form.errors.isEmpty)
        #expect(form.commit().isEmpty)
        #expect(model.name == "Bob" && model.age == 43)
    }

    @Test func aFailedCommitErrorGivesWayToTheModel() {
        let model = FormModel(center: center)
        model.email = "ann@example.org"
        let fields = Fields(center)
        let form = makeForm(model, fields, continuous: false)
        form.onError = { _ in }
        #expect(form.commit().map(\.label) == ["name"])
        #expect(form["name"]?.error != nil)
        model.name = "Cy"  // a model value that really changed is shown, and the error goes
        #expect(fields.name.text == "Cy")
        #expect(form.errors.isEmpty)
        #expect(form.commit().isEmpty)
    }

    @Test func discardForgetsTheErrorsOfAFailedCommit() {
        let model = FormModel(center: center)
        let fields = Fields(center)
        let form = makeForm(model, fields, continuous: false)
        form.onError = { _ in }
        #expect(!form.commit().isEmpty)
        form.discard()
        #expect(form.errors.isEmpty)
        #expect(!form.hasPendingEdits)
    }
}

extension BindingFormTests {
    /// A gauge holding 150 percent, and a note.
    final class Gauge {
        var percent = 150
        var note = ""
    }

    /// The gauge's percent behind a transformer that refuses to write more than 100, and the
    /// form of two fields (percent and note, percent first or not) that edits it.
    private func gaugeForm(
        _ gauge: Gauge, _ percentField: FormTextField, _ noteField: FormTextField, percentFirst: Bool
    ) -> BindingForm {
        let capped = Property(gauge, \.percent).map(
            { $0 },
            reverse: { value in
                guard value <= 100 else { throw TransformError(.outOfRange, input: "\(value)", targetType: "Int") }
                return value
            })
        let percent = TwoWayBinding(
            "percent", model: capped,
            form: StringToNumberTransformer<Int>(
                property: Property(percentField, \.text), formatter: decimalFormatter()),
            formTriggers: [fieldTrigger(percentField)])
        let note = TwoWayBinding(
            "note", model: Property(gauge, \.note), form: Property(noteField, \.text),
            formTriggers: [fieldTrigger(noteField)])
        let form = BindingForm(percentFirst ? [percent, note] : [note, percent], continuous: false)
        form.onError = { _ in }
        return form
    }

    @Test func aFieldNobodyEditedDoesNotRehearseAWriteItWillNotMake() {
        let gauge = Gauge()
        let percentField = FormTextField(center: center)
        let noteField = FormTextField(center: center)
        let form = gaugeForm(gauge, percentField, noteField, percentFirst: true)
        #expect(percentField.text == "150")
        noteField.text = "calibrated"
        #expect(form.isValid, "isValid says what commit will do")
        #expect(form.commit().isEmpty, "the untouched percent is not written, so its write is not rehearsed")
        #expect(gauge.note == "calibrated" && gauge.percent == 150)
    }

    @Test func anEditedFieldStillRehearsesItsWrite() {
        let gauge = Gauge()
        gauge.percent = 50
        let percentField = FormTextField(center: center)
        let noteField = FormTextField(center: center)
        let form = gaugeForm(gauge, percentField, noteField, percentFirst: false)
        noteField.text = "calibrated"
        percentField.text = "150"
        #expect(form.validate().map(\.label) == ["percent"])
        let failures = form.commit()
        #expect(failures.map(\.label) == ["percent"])
        #expect(failures.first?.stage == .writingDestination)
        #expect(gauge.note == "" && gauge.percent == 50, "all or nothing: the note before it is not written")
    }
}
