import Foundation
import PropertyBinding
import PropertyBindingControls

extension Notification.Name {
    static let personDidChange = Notification.Name("PersonDidChange")
    static let textDidChange = Notification.Name("TextFieldTextDidChange")
}

/// The README's quick start, narrated: a `NotificationTrigger` fires each binding, and the age
/// text becomes an `Int` through a `StringToNumberTransformer`.
enum QuickStart {
    static func run() {
        let center = NotificationCenter()
        let person = Person()
        let nameField = TextField()
        let ageField = TextField()
        let bindings = BindingSet()

        let showName = Binding(source: Property(person, \.name), destination: Property(nameField, \.text))
        showName.addTrigger(NotificationTrigger(center: center, name: .personDidChange, object: person))
        bindings.add(showName)

        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let typedAge = StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: formatter)
        let storeAge = Binding(source: typedAge, destination: Property(person, \.age))
        storeAge.addTrigger(NotificationTrigger(center: center, name: .textDidChange, object: ageField))
        bindings.add(storeAge)
        bindings.onError = { failure in print("  bindings.onError: \(failure.error)") }

        func step(_ title: String, _ action: () -> Void) {
            print("> " + title)
            action()
            print(
                "  person: name \(quoted(person.name)), age \(person.age)"
                    + " · nameField \(quoted(nameField.text)), ageField \(quoted(ageField.text))")
        }

        print("== 1. Quick start: a NotificationTrigger fires each binding; the age text becomes an Int")
        step("person.name = \"Ann\", post PersonDidChange") {
            person.name = "Ann"
            center.post(name: .personDidChange, object: person)
        }
        step("ageField.text = \"42\", post TextFieldTextDidChange") {
            ageField.text = "42"
            center.post(name: .textDidChange, object: ageField)
        }
        step("ageField.text = \"forty\", post TextFieldTextDidChange: not a number, nothing written") {
            ageField.text = "forty"
            center.post(name: .textDidChange, object: ageField)
        }
        step("ageField.text = \"7\", storeAge.update(): a manual update needs no trigger") {
            ageField.text = "7"
            storeAge.update()
        }
        step("bindings.removeAll(), person.name = \"Bea\", post PersonDidChange: nothing follows") {
            bindings.removeAll()
            person.name = "Bea"
            center.post(name: .personDidChange, object: person)
        }
    }
}
