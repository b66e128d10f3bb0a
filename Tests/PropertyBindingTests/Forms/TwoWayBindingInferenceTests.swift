import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// One statement per field, with the triggers a registry infers.

extension TwoWayBindingInferenceTests {
    /// A model that announces nothing: no registry knows its triggers.
    final class Silent {
        var age = 0
    }
}

@Suite struct TwoWayBindingInferenceTests {
    @Test func bothSidesGetTheirTriggersFromTheRegistry() throws {
        let person = FormProfile()
        person.age = 42
        let ageField = TextField()
        // The issue's statement, verbatim but for the form side.
        let age = try TwoWayBinding(
            "age", model: Property(person, \.age), form: number(ageField), triggers: .standard,
            validators: [.range(0...150)])
        #expect(ageField.text == "42")
        ageField.simulateTyping("43")
        #expect(person.age == 43)
        person.age = 44
        #expect(ageField.text == "44")
        age.onError = { _ in }
        ageField.simulateTyping("200")
        #expect(person.age == 44)
        #expect(age.error?.error is ValidationError)
    }

    @Test func aFormTakesThrowingFields() throws {
        let person = FormProfile()
        let nameField = TextField()
        let ageField = TextField()
        let form = try BindingForm {
            try TwoWayBinding(
                "name", model: Property(person, \.name), form: Property(nameField, \.text), triggers: .standard)
            try TwoWayBinding("age", model: Property(person, \.age), form: number(ageField), triggers: .standard)
        }
        #expect(form.fields.count == 2)
        nameField.simulateTyping("Ann")
        #expect(person.name == "Ann")
    }

    @Test func aSideWithNothingRegisteredIsATypedErrorWhenTheFormIsMade() {
        let silent = Silent()
        let field = TextField()
        let modelSide = #expect(throws: TriggerRegistryError.self) {
            try BindingForm {
                try TwoWayBinding("age", model: Property(silent, \.age), form: number(field), triggers: .standard)
            }
        }
        guard case .noTrigger(_, let keyPath)? = modelSide else {
            Issue.record("expected noTrigger, got \(String(describing: modelSide))")
            return
        }
        #expect(keyPath.contains("age"))
        #expect(field.text == "", "nothing is written when the form is not made")

        let person = FormProfile()
        let plain = FormTextField(center: NotificationCenter())
        #expect(throws: TriggerRegistryError.self) {
            try TwoWayBinding(
                "name", model: Property(person, \.name), form: Property(plain, \.text), triggers: .standard)
        }
    }

    @Test func aFormIsMadeFromAnArrayOfFields() throws {
        let person = FormProfile()
        let fields = [TextField(), TextField()]
        let made: [any FormField] = try fields.map { field in
            try TwoWayBinding(
                "name", model: Property(person, \.name), form: Property(field, \.text), triggers: .standard)
        }
        let form = BindingForm(made, continuous: false)
        #expect(form.fields.count == 2)
        #expect(form.bindings.count == 4)
        #expect(!form.isContinuous)
        fields[1].simulateTyping("Bea")
        #expect(person.name == "")
        #expect(form.commit().isEmpty)
        #expect(person.name == "Bea")
    }
}
