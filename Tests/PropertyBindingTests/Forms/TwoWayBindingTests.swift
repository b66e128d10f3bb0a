import Foundation
import PropertyBinding
import Testing

@Suite(.routesDefaultErrors) struct TwoWayBindingTests {
    let center = NotificationCenter()

    private func agePair(
        _ model: FormModel, _ field: FormTextField, continuous: Bool = true, initial: InitialSync = .modelToForm
    ) -> TwoWayBinding<Property<FormModel, Int>, ValidatingTransformer<StringToNumberTransformer<Int>>> {
        TwoWayBinding(
            "age",
            model: Property(model, \.age),
            form: StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: decimalFormatter())
                .validated(by: [.range(0...150)]),
            modelTriggers: [modelTrigger(model)],
            formTriggers: [fieldTrigger(field)],
            initial: initial,
            continuous: continuous)
    }

    @Test func theFormShowsTheModelOnCreation() {
        let model = FormModel(center: center)
        model.age = 42
        let field = FormTextField(center: center)
        let pair = agePair(model, field)
        #expect(field.text == "42")
        #expect(pair.error == nil)
    }

    @Test func initialFormToModelTakesTheFormsValue() {
        let model = FormModel(center: center)
        let field = FormTextField(center: center)
        field.text = "1,2"
        let rejected = agePair(model, field, initial: .formToModel)
        #expect(model.age == 0)
        #expect((rejected.error?.error as? TransformError)?.reason == .notANumber)
        rejected.invalidate()
        field.text = "120"
        let pair = agePair(model, field, initial: .formToModel)
        #expect(model.age == 120)
        #expect(pair.error == nil)
    }

    @Test func bothDirectionsFlowAndNeverEcho() {
        let model = FormModel(center: center)
        let field = FormTextField(center: center)
        let pair = agePair(model, field)
        let writesBefore = model.writes
        field.text = "57"
        #expect(model.age == 57)
        #expect(model.writes == writesBefore + 1)
        model.age = 60
        #expect(field.text == "60")
        #expect(model.writes == writesBefore + 2)
        #expect(pair.toForm.lastError == nil && pair.toModel.lastError == nil)
    }

    @Test func aRejectedValueKeepsTheModelAndTheTypedText() {
        let model = FormModel(center: center)
        model.age = 42
        let field = FormTextField(center: center)
        let pair = agePair(model, field)
        let errors = Locked<[BindingFailure]>()
        pair.onError = { errors.append($0) }

        field.text = "forty"
        #expect(model.age == 42)
        #expect(field.text == "forty")
        #expect((pair.error?.error as? TransformError)?.input == "forty")
        #expect(pair.hasPendingEdit)

        field.text = "200"
        #expect(model.age == 42)
        #expect((pair.error?.error as? ValidationError)?.rule == "range")
        #expect(errors.value.count == 2)

        // Another change of the model (its name) announces the model: the unchanged age must not
        // overwrite what the user typed.
        model.name = "Ann"
        #expect(field.text == "200")

        field.text = "43"
        #expect(model.age == 43)
        #expect(pair.error == nil)
        #expect(!pair.hasPendingEdit)
    }

    @Test func aRealModelChangeWinsOverAPendingEdit() {
        let model = FormModel(center: center)
        let field = FormTextField(center: center)
        let pair = agePair(model, field)
        field.text = "forty"
        model.age = 7
        #expect(field.text == "7")
        #expect(pair.error == nil)
    }

    @Test func withoutContinuousUpdatesValuesWaitForCommit() {
        let model = FormModel(center: center)
        model.age = 30
        let field = FormTextField(center: center)
        let pair = agePair(model, field, continuous: false)
        field.text = "31"
        #expect(model.age == 30)
        #expect(pair.hasPendingEdit)
        #expect(pair.commit().didWrite)
        #expect(model.age == 31)
        #expect(!pair.hasPendingEdit)
    }

    @Test func discardRestoresTheFormFromTheModel() {
        let model = FormModel(center: center)
        model.age = 30
        let field = FormTextField(center: center)
        let pair = agePair(model, field, continuous: false)
        field.text = "99"
        pair.discard()
        #expect(field.text == "30")
        #expect(model.age == 30)
        #expect(!pair.hasPendingEdit)

        field.text = "abc"
        pair.discard()
        #expect(field.text == "30")
        #expect(pair.error == nil)
    }

    @Test func commitOfAnInvalidValueWritesNothing() {
        let model = FormModel(center: center)
        model.age = 30
        let field = FormTextField(center: center)
        let pair = agePair(model, field, continuous: false)
        field.text = "4.5"
        let result = pair.commit()
        #expect((result.failure?.error as? TransformError)?.reason == .fractionNotAllowed)
        #expect(model.age == 30)
        #expect(field.text == "4.5")
        #expect(pair.validate() != nil)
    }

    @Test func theDirectionsKeepWorkingInASetAfterThePairIsReleased() {
        let model = FormModel(center: center)
        let field = FormTextField(center: center)
        let set = BindingSet()
        do {
            let pair = agePair(model, field)
            set.add(pair)
        }
        #expect(set.count == 2)
        field.text = "12"
        #expect(model.age == 12)
        field.text = "x"
        model.name = "Bo"
        #expect(field.text == "x")
        set.removeAll()
        field.text = "13"
        #expect(model.age == 12)
    }

    @Test func aNonEquatableValueStillSettles() {
        struct Tags { var items: [String] }
        final class Holder {
            let center: NotificationCenter
            var tags = Tags(items: []) { didSet { center.post(name: .formModelDidChange, object: self) } }
            init(center: NotificationCenter) { self.center = center }
        }
        let model = Holder(center: center)
        let view = Holder(center: center)
        let pair = TwoWayBinding(
            model: Property(model, \.tags), form: Property(view, \.tags),
            modelTriggers: [NotificationTrigger(center: center, name: .formModelDidChange, object: model)],
            formTriggers: [NotificationTrigger(center: center, name: .formModelDidChange, object: view)])
        model.tags = Tags(items: ["a"])
        #expect(view.tags.items == ["a"])
        view.tags = Tags(items: ["b"])
        #expect(model.tags.items == ["b"])
        #expect(pair.error == nil)
    }
}

@Suite struct TwoWayBindingSyncTests {
    private final class Model {
        var age: Int
        init(_ age: Int) { self.age = age }
    }
    private final class Form { var age = 0 }

    /// The pair starts out equal, so its first sync writes nothing; a pending edit must still
    /// give way to a model value that really changed.
    @Test func aRealModelChangeWinsOverAPendingEditWhenThePairStartedEqual() {
        let model = Model(0)
        let form = Form()
        let pair = TwoWayBinding(model: Property(model, \.age), form: Property(form, \.age), continuous: false)
        form.age = 5
        pair.toModel.update()
        #expect(pair.hasPendingEdit)
        model.age = 9
        pair.toForm.update()
        #expect(form.age == 9)
        #expect(!pair.hasPendingEdit)
    }

    /// A model value equal to the pending edit settles the edit: nothing is left to commit.
    @Test func aModelValueEqualToThePendingEditSettlesIt() {
        let model = Model(1)
        let form = Form()
        let pair = TwoWayBinding(model: Property(model, \.age), form: Property(form, \.age), continuous: false)
        form.age = 7
        pair.toModel.update()
        #expect(pair.hasPendingEdit && model.age == 1)
        model.age = 7
        pair.toForm.update()
        #expect(!pair.hasPendingEdit)
    }
}
