import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// The "form on notifications" example of the Two-way forms article, verbatim between the markers.

@Suite(.routesDefaultErrors) struct ReadmeFormExampleTests {
    @Test func theReadmeFormExampleBehavesAsItsCommentsSay() {
        // readme:forms:begin
        final class Person {
            var name = "Ann" { didSet { center.post(name: .personDidChange, object: self) } }
            var age = 42 { didSet { center.post(name: .personDidChange, object: self) } }
            let center: NotificationCenter
            init(center: NotificationCenter) { self.center = center }
        }
        final class TextField {
            var text = "" { didSet { center.post(name: .textDidChange, object: self) } }
            let center: NotificationCenter
            init(center: NotificationCenter) { self.center = center }
        }

        let center = NotificationCenter()
        let person = Person(center: center)
        let nameField = TextField(center: center)
        let ageField = TextField(center: center)
        let formatter = NumberFormatter()
        func personChanged() -> NotificationTrigger {
            NotificationTrigger(center: center, name: .personDidChange, object: person)
        }

        let form = BindingForm {
            //             model                        ⇄ form
            TwoWayBinding(
                "name", model: Property(person, \.name), form: Property(nameField, \.text),
                modelTriggers: [personChanged()],
                formTriggers: [NotificationTrigger(center: center, name: .textDidChange, object: nameField)],
                validators: [.nonEmpty])
            TwoWayBinding(
                "age", model: Property(person, \.age),
                form: StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: formatter),
                modelTriggers: [personChanged()],
                formTriggers: [NotificationTrigger(center: center, name: .textDidChange, object: ageField)],
                validators: [.range(0...150)])
        }
        // nameField.text == "Ann", ageField.text == "42": the form shows the model on creation

        ageField.text = "forty"  // person.age stays 42; ageField.text stays "forty"
        print(form["age"]?.error?.error ?? "")  // "forty" is not a number
        ageField.text = "43"  // person.age == 43; the error is cleared

        form.isContinuous = false  // from now on, values reach the model on commit only
        nameField.text = "Bob"  // person.name stays "Ann"
        form.commit()  // person.name == "Bob"; returns the failures, none here
        nameField.text = "Zed"
        form.discard()  // nameField.text == "Bob" again
        // readme:forms:end

        #expect(person.name == "Bob")
        #expect(person.age == 43)
        #expect(nameField.text == "Bob")
        #expect(ageField.text == "43")
        #expect(form.errors.isEmpty)
    }

    @Test func theReadmeFormExampleStepsHoldOneByOne() {
        final class Model {
            var age = 42 { didSet { center.post(name: .personDidChange, object: self) } }
            let center: NotificationCenter
            init(center: NotificationCenter) { self.center = center }
        }
        final class Field {
            var text = "" { didSet { center.post(name: .textDidChange, object: self) } }
            let center: NotificationCenter
            init(center: NotificationCenter) { self.center = center }
        }
        let center = NotificationCenter()
        let model = Model(center: center)
        let field = Field(center: center)
        let form = BindingForm {
            TwoWayBinding(
                "age", model: Property(model, \.age),
                form: StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: NumberFormatter()),
                modelTriggers: [NotificationTrigger(center: center, name: .personDidChange, object: model)],
                formTriggers: [NotificationTrigger(center: center, name: .textDidChange, object: field)])
        }
        #expect(field.text == "42")
        field.text = "forty"
        #expect(model.age == 42 && field.text == "forty")
        #expect("\(form["age"]?.error?.error ?? PropertyError.readOnly(""))" == "\"forty\" is not a number")
        field.text = "43"
        #expect(model.age == 43 && form["age"]?.error == nil)
    }
}

extension Notification.Name {
    fileprivate static let personDidChange = Notification.Name("ReadmeForm.personDidChange")
    fileprivate static let textDidChange = Notification.Name("ReadmeForm.textDidChange")
}
