import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// The snippets of the "Getting started" article (PropertyBinding.docc/GettingStarted.md),
// in the article's order; the article quotes them verbatim (scripts/docs checks it).

@Suite struct GettingStartedSnippetTests {
    @Test func theQuickStartDoesWhatTheArticleSays() {
        let failures = Locked<[BindingFailure]>()

        // snippet: objects
        final class Person {
            var name = ""
            var age = 0
        }

        final class TextField {
            var text = ""
        }

        let center = NotificationCenter()
        let personDidChange = Notification.Name("PersonDidChange")
        let textDidChange = Notification.Name("TextFieldTextDidChange")

        let person = Person()
        let nameField = TextField()
        let ageField = TextField()
        // end snippet

        // snippet: set
        let bindings = BindingSet()
        bindings.onError = { failure in print(failure) }
        // end snippet
        bindings.onError = { failure in failures.append(failure) }

        // snippet: model to form
        let showName = Binding(source: Property(person, \.name), destination: Property(nameField, \.text))
        showName.addTrigger(NotificationTrigger(center: center, name: personDidChange, object: person))
        bindings.add(showName)

        person.name = "Ann"
        center.post(name: personDidChange, object: person)  // nameField.text == "Ann"
        // end snippet
        #expect(nameField.text == "Ann")

        // snippet: form to model
        let ageText = Property(ageField, \.text)
        let typedAge = StringToNumberTransformer<Int>(property: ageText, formatter: NumberFormatter())
        let storeAge = Binding(source: typedAge, destination: Property(person, \.age))
        storeAge.label = "age"
        storeAge.addTrigger(NotificationTrigger(center: center, name: textDidChange, object: ageField))
        bindings.add(storeAge)

        ageField.text = "42"
        center.post(name: textDidChange, object: ageField)  // person.age == 42
        // end snippet
        #expect(person.age == 42)
        #expect(failures.value.isEmpty)

        // snippet: failure
        ageField.text = "forty"
        center.post(name: textDidChange, object: ageField)  // person.age stays 42
        if let failure = storeAge.lastError {
            print(failure.stage, failure.error)  // readingSource "forty" is not a number
        }
        // end snippet
        #expect(person.age == 42)
        #expect(failures.value.count == 1)
        #expect(failures.value.first?.stage == .readingSource)
        #expect(
            (failures.value.first?.error as? TransformError)
                == TransformError(.notANumber, input: "forty", targetType: "Int"))
        #expect(storeAge.lastError?.label == "age")
        #expect(storeAge.lastError.map { "\($0.stage) \($0.error)" } == #"readingSource "forty" is not a number"#)

        // snippet: manual update
        ageField.text = "43"
        storeAge.update()  // person.age == 43, no trigger needed
        // end snippet
        #expect(person.age == 43)
        #expect(storeAge.lastError == nil)

        let triggers = bindings.bindings.flatMap(\.triggers).compactMap { $0 as? NotificationTrigger }
        #expect(triggers.count == 2 && triggers.allSatisfy(\.isObserving))
        // snippet: teardown
        bindings.removeAll()  // every trigger stops observing
        person.name = "Bob"
        center.post(name: personDidChange, object: person)  // nameField.text stays "Ann"
        // end snippet
        #expect(triggers.allSatisfy { !$0.isObserving })
        #expect(nameField.text == "Ann")
        #expect(!showName.isValid && !storeAge.isValid)
    }
}
