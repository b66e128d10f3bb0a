import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// The snippets of the "Migrating from Cocoa Bindings, the Objective-C Bindings pod, Bond and
// Combine" article (PropertyBinding.docc/MigratingFromOtherLibraries.md); the article quotes
// them verbatim (scripts/docs checks it).

/// A model that announces its changes by key path, as a KVO-compliant object does.
private final class MigrationPerson: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var name = ""
    @Announced var age = 0
    var nickname: String?
}

private final class MigrationLabel {
    var text = ""
}

@Suite(.routesDefaultErrors) struct MigratingSnippetTests {
    @Test func oneWay() {
        let person = MigrationPerson()
        let nameLabel = MigrationLabel()
        let bindings = BindingSet()
        // snippet: one way
        let showName = Binding(source: Property(person, \.name), destination: Property(nameLabel, \.text))
        showName.addTrigger(KeyPathTrigger(person, \.name))
        bindings.add(showName)
        // end snippet
        person.name = "Ann"
        #expect(nameLabel.text == "Ann")
        // snippet: teardown
        bindings.removeAll()  // unbind(_:), dispose(), cancel(): every trigger stops observing
        // end snippet
        person.name = "Bob"
        #expect(nameLabel.text == "Ann")
    }

    @Test func inferredTriggers() throws {
        let person = MigrationPerson()
        let ageLabel = MigrationLabel()
        // snippet: inferred
        let showAge = try Binding(
            source: Property(person, \.age).map { "\($0)" }, destination: Property(ageLabel, \.text),
            triggers: .standard)
        // end snippet
        person.age = 7
        #expect(ageLabel.text == "7")
        #expect(showAge.triggers.count == 1)
    }

    @Test func twoWay() {
        let person = MigrationPerson()
        let nameField = TextField()
        let bindings = BindingSet()
        person.name = "Ann"
        // snippet: two way
        let editName = TwoWayBinding(
            "name", model: Property(person, \.name), form: Property(nameField, \.text),
            modelTriggers: [KeyPathTrigger(person, \.name)],
            formTriggers: [TargetActionTrigger(control: nameField, events: .editingChanged)])
        bindings.add(editName)
        // end snippet
        #expect(nameField.text == "Ann")
        nameField.simulateTyping("Ann Lee")
        #expect(person.name == "Ann Lee")
        person.name = "Bo"
        #expect(nameField.text == "Bo")
    }

    @Test func transformers() throws {
        let person = MigrationPerson()
        let ageField = TextField()
        let nameLabel = MigrationLabel()
        person.name = "Ann"
        // snippet: transformers
        let shout = Binding(
            source: Property(person, \.name).map { $0.uppercased() }, destination: Property(nameLabel, \.text))
        let typedAge = StringToNumberTransformer<Int>(
            property: Property(ageField, \.text), formatter: NumberFormatter())
        let nickname = Property(person, \.nickname).placeholders(whenNil: "(none)", whenDeallocated: "—")
        // end snippet
        shout.update()
        #expect(nameLabel.text == "ANN")
        ageField.simulateTyping("42")
        #expect(try typedAge.read() == 42)
        #expect(try nickname.read() == "(none)")
        try nickname.write("Annie")
        #expect(person.nickname == "Annie")
        try nickname.write("(none)")
        #expect(person.nickname == nil)
    }

    @Test func editing() {
        let person = MigrationPerson()
        let ageField = TextField()
        let failures = Locked<[BindingFailure]>()
        person.age = 30
        // snippet: editing
        let editAge = TwoWayBinding(
            "age", model: Property(person, \.age),
            form: StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: NumberFormatter()),
            formTriggers: [TargetActionTrigger(control: ageField, events: .editingChanged)],
            validators: [.range(0...150)], continuous: false)

        ageField.simulateTyping("31")  // person.age stays 30 until the commit
        editAge.commit()  // commitEditing(): person.age == 31
        ageField.simulateTyping("200")
        editAge.commit()  // fails validation: person.age stays 31
        editAge.discard()  // discardEditing(): ageField.text == "31"
        // end snippet
        #expect(person.age == 31)
        #expect(ageField.text == "31")
        #expect(editAge.error == nil)
        editAge.onError = { failure in failures.append(failure) }
        ageField.simulateTyping("abc")
        #expect(editAge.commit().failure != nil)
        #expect(
            failures.value.last?.error as? TransformError
                == TransformError(.notANumber, input: "abc", targetType: "Int"))
        #expect(person.age == 31)
    }

    @Test func errors() {
        let person = MigrationPerson()
        let ageField = TextField()
        let bindings = BindingSet()
        let failures = Locked<[BindingFailure]>()
        let storeAge = Binding(
            source: StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: NumberFormatter()),
            destination: Property(person, \.age))
        bindings.add(storeAge)
        // snippet: errors
        bindings.onError = { failure in print(failure) }  // a failure of any binding of the set
        // end snippet
        bindings.onError = { failure in failures.append(failure) }
        ageField.simulateTyping("x")
        storeAge.update()
        #expect(failures.value.count == 1)
        #expect(person.age == 0)
    }
}
