import Foundation
import Observation
import PropertyBinding
import PropertyBindingControls
import Testing

// The snippets of TriggersInDetail.md, verbatim between the markers, each outcome checked after.

extension TriggersInDetailSnippetTests {
    // snippet: key path model
    final class Person: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        var name = "" { didSet { didChange(\.name) } }
        @Announced var age = 0  // announces \Person.age after each write
    }
    // end snippet

    // snippet: through objects model
    final class Address: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        @Announced var city = ""
    }

    final class Customer: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        var address = Address() { didSet { didChange(\.address) } }
        static let announcedKeyPaths: [AnnouncedKeyPath] = [.announced("address", \Customer.address)]
    }
    // end snippet

    /// A class of the app's own that nothing registers.
    final class Caption {
        var text = ""
    }

    // snippet: observable model
    @Observable final class Player { var score = 0 }
    // end snippet

    // snippet: controller
    final class FormController {
        var log: [String] = []
        func nameChanged(_ sender: TextField) { log.append(sender.text) }
        func save() { log.append("saved") }
    }
    // end snippet

    // snippet: delegate
    final class Form: TextFieldDelegate {
        var edited = 0
        func textFieldDidChange(_ textField: TextField) { edited += 1 }
    }
    // end snippet
}

@Suite struct TriggersInDetailSnippetTests {
    @Test func keyPathObservation() {
        let person = Person()
        let label = Label()

        // snippet: key path
        let showName = Binding(source: Property(person, \.name), destination: Property(label, \.text))
        showName.addTrigger(KeyPathTrigger(person, \.name))
        person.name = "Ann"  // label.text == "Ann" when this line returns
        person.age = 43  // another key path: showName does not fire
        showName.invalidate()  // person.keyPathObservers.count == 0
        // end snippet
        #expect(label.text == "Ann")
        #expect(person.keyPathObservers.count == 0)
    }

    @Test func keyPathsThroughObjects() {
        let customer = Customer()
        let label = Label()

        // snippet: through objects
        let showCity = Binding(source: Property(customer, \.address.city), destination: Property(label, \.text))
        showCity.addTrigger(KeyPathTrigger(customer, \.address.city))
        let old = customer.address
        customer.address = Address()  // fires, and observes the new address's city from now on
        customer.address.city = "Rome"  // label.text == "Rome"
        old.city = "Oslo"  // the old address no longer fires: label.text == "Rome"
        showCity.invalidate()  // customer and its address: keyPathObservers.count == 0
        // end snippet
        #expect(label.text == "Rome")
        #expect(customer.keyPathObservers.count == 0)
        #expect(customer.address.keyPathObservers.count == 0)
        #expect(old.keyPathObservers.count == 0)
    }

    @MainActor @Test func swiftObservation() async {
        let player = Player()
        let label = Label()

        // snippet: observation
        let showScore = Binding(
            source: Property(player, \.score).map { "\($0) points" }, destination: Property(label, \.text))
        showScore.addTrigger(ObservationTrigger(player, \.score))  // delivers on the main queue
        player.score = 10  // on the main actor: label.text is still "" here…
        // …and "10 points" once the main queue has run
        // end snippet
        #expect(label.text == "")
        await drainMainQueue()
        #expect(label.text == "10 points")
    }

    @Test func targetAction() {
        let nameField = TextField(placeholder: "Name")
        let person = Person()
        let controller = FormController()

        // snippet: target-action
        nameField.addTarget(controller, action: FormController.nameChanged, for: .editingChanged)
        nameField.addTarget(controller, action: FormController.save, for: .primaryActionTriggered)
        let storeName = Binding(source: Property(nameField, \.text), destination: Property(person, \.name))
        storeName.addTrigger(TargetActionTrigger(control: nameField, events: .editingChanged))

        nameField.simulateTyping("Ann")  // person.name == "Ann"; controller.log == ["Ann"]
        nameField.simulateReturn()  // controller.log == ["Ann", "saved"]
        nameField.text = "Bob"  // from code: no action is sent, person.name stays "Ann"
        // end snippet
        #expect(person.name == "Ann")
        #expect(controller.log == ["Ann", "saved"])
    }

    @Test func delegation() {
        let nameField = TextField()
        let person = Person()
        let form = Form()

        // snippet: delegation
        nameField.delegate = form
        let storeName = Binding(source: Property(nameField, \.text), destination: Property(person, \.name))
        storeName.addTrigger(DelegationTrigger(textField: nameField, callbacks: [.textFieldDidEndEditing]))

        nameField.simulateTyping("Ann")  // form.edited == 1; person.name is still ""
        nameField.endEditing()  // person.name == "Ann"
        #expect(nameField.delegate === form)  // the proxy sits in front of it, never instead of it
        storeName.invalidate()  // nameField.delegateSlot.proxyCount == 0
        // end snippet
        #expect(form.edited == 1 && person.name == "Ann")
        #expect(nameField.delegateSlot.proxyCount == 0)
    }

    @Test func registry() throws {
        let nameField = TextField()
        let ageField = TextField()
        let person = Person()
        let formatter = NumberFormatter()

        // snippet: registry
        let storeName = try Binding(
            source: Property(nameField, \.text), destination: Property(person, \.name), triggers: .standard)
        let storeAge = try TriggerRegistry.standard.bind(
            source: StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: formatter),
            destination: Property(person, \.age))
        nameField.simulateTyping("Ann")  // person.name == "Ann"
        ageField.simulateTyping("42")  // person.age == 42
        // end snippet
        #expect(person.name == "Ann" && person.age == 42)

        let caption = Caption()
        #expect(throws: TriggerRegistryError.noTrigger(root: "Caption", keyPath: "\\Caption.text")) {
            // snippet: registry refuses
            try Binding(source: Property(caption, \.text), destination: Property(person, \.name), triggers: .standard)
            // throws TriggerRegistryError.noTrigger(root: "Caption", keyPath: "\Caption.text")
            // end snippet
        }
        _ = (storeName, storeAge)
    }
}
