import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

// The README's quick start, verbatim, with each commented outcome checked.

private final class Person { var name = ""; var age = 0 }
private final class TextField { var text = "" }

extension Notification.Name {
    fileprivate static let personDidChange = Notification.Name("PersonDidChange")
    fileprivate static let textDidChange = Notification.Name("TextFieldTextDidChange")
}

@Suite struct QuickStartTests {
    @Test func quickStartBehavesAsItsCommentsSay() {
        let center = NotificationCenter()
        let person = Person()
        let nameField = TextField()
        let ageField = TextField()
        let bindings = BindingSet()

        // model → form
        let showName = Binding(source: Property(person, \.name), destination: Property(nameField, \.text))
        showName.addTrigger(NotificationTrigger(center: center, name: .personDidChange, object: person))
        bindings.add(showName)

        // form → model: the typed digits become an Int
        let typedAge = StringToNumberTransformer<Int>(
            property: Property(ageField, \.text), formatter: NumberFormatter())
        let storeAge = Binding(source: typedAge, destination: Property(person, \.age))
        storeAge.addTrigger(NotificationTrigger(center: center, name: .textDidChange, object: ageField))
        bindings.add(storeAge)
        let ageRecorder = BindingRecorder(storeAge)

        person.name = "Ann"
        center.post(name: .personDidChange, object: person)  // nameField.text == "Ann"
        #expect(nameField.text == "Ann")

        ageField.text = "42"
        center.post(name: .textDidChange, object: ageField)  // person.age == 42
        #expect(person.age == 42)

        ageField.text = "forty"
        center.post(name: .textDidChange, object: ageField)  // person.age stays 42; the failure is reported
        #expect(person.age == 42)
        #expect(ageRecorder.newValues == [42])
        #expect(ageRecorder.failures.map(\.stage) == [.readingSource])
        #expect(
            ageRecorder.errors.first as? TransformError
                == TransformError(.notANumber, input: "forty", targetType: "Int"))
        #expect(storeAge.lastError != nil)

        ageField.text = "7"
        storeAge.update()  // person.age == 7: a manual update needs no trigger
        #expect(person.age == 7)
        #expect(ageRecorder.updates.last?.isManual == true)
        #expect(storeAge.lastError == nil)

        let triggers = bindings.bindings.flatMap(\.triggers).compactMap { $0 as? NotificationTrigger }
        #expect(triggers.count == 2 && triggers.allSatisfy(\.isObserving))
        bindings.removeAll()  // every trigger stops observing
        #expect(triggers.allSatisfy { !$0.isObserving })
        person.name = "Bob"
        center.post(name: .personDidChange, object: person)
        #expect(nameField.text == "Ann")
    }
}
