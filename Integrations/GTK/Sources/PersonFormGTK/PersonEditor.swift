import CGTK
import Foundation
import PropertyBinding
import PropertyBindingGTK

/// The person editor: a `BindingForm` of three entries that waits for Commit, a spin button that
/// writes the age at once, and a card that follows the person on the main queue.
///
/// | binding | trigger |
/// |---|---|
/// | person ⇄ name, age entries | inferred by `TriggerRegistry.standard` (`changed`, key paths) |
/// | email entry → person | the entry's `.editingDidEnd` (focus leaves it, or Enter) |
/// | person ⇄ spin button | inferred (`value-changed`, key path) |
/// | person → card | `ObservationTrigger` on the main queue, run by the GTK loop |
/// | Commit, Discard → form | the button's `clicked`, into a `Setter` |
final class PersonEditor {
    let person: Person
    let nameField = GTKEntry(placeholder: "Name")
    let ageField = GTKEntry(placeholder: "Age")
    let ageSpin = GTKSpinButton(range: 0...150, step: 1)
    let emailField = GTKEntry(placeholder: "name@example.com")
    let card = GTKLabel()
    let errors = GTKLabel()
    let commitButton = GTKButton(title: "Commit")
    let discardButton = GTKButton(title: "Discard")
    let form: BindingForm
    private let bindings = BindingSet()
    /// The section's widget.
    private(set) var widget: UnsafeMutablePointer<GtkWidget>!

    init(person: Person) throws {
        self.person = person
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let ageText = StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: formatter)
        let (nameField, emailField) = (self.nameField, self.emailField)
        form = try BindingForm(continuous: false) {
            try TwoWayBinding(
                "name", model: Property(person, \.name), form: Property(nameField, \.text), triggers: .standard,
                validators: [.nonEmpty])
            try TwoWayBinding(
                "age", model: Property(person, \.age), form: ageText, triggers: .standard, validators: [.range(0...150)]
            )
            TwoWayBinding(
                "email", model: Property(person, \.email).placeholders(whenNil: ""), form: Property(emailField, \.text),
                modelTriggers: [KeyPathTrigger(person, \.email)],
                formTriggers: [TargetActionTrigger(source: emailField, events: .editingDidEnd)],
                validators: [.pattern("([^@ ]+@[^@ ]+\\.[^@ ]+)?", message: "is not an email address")])
        }
        // Each field keeps its failure in `error`; Commit shows them.
        form.onError = { _ in }

        // A click is a command: each one reaches its Setter.
        let commit = Binding(
            source: Property(commitButton, \.isEnabled).map { _ in Click() },
            destination: Setter(self) { editor, _ in editor.commit() })
        commit.addTrigger(TargetActionTrigger(source: commitButton, events: .primaryActionTriggered))
        let discard = Binding(
            source: Property(discardButton, \.isEnabled).map { _ in Click() },
            destination: Setter(self) { editor, _ in editor.discard() })
        discard.addTrigger(TargetActionTrigger(source: discardButton, events: .primaryActionTriggered))

        let age = Property(person, \.age)
        let spinShowsAge = try Binding(source: age, destination: Property(ageSpin, \.intValue), triggers: .standard)
        let spinSetsAge = try Binding(source: Property(ageSpin, \.intValue), destination: age, triggers: .standard)

        // The card follows the person through Swift Observation, a main-queue turn later.
        let showCard = Binding(
            source: CombinedProperty(Property(person, \.name), Property(person, \.age)) { name, age in
                "\(name.isEmpty ? "(no name)" : name), age \(age)"
            },
            destination: Property(card, \.text))
        showCard.addTrigger(ObservationTrigger(person, \.name, queue: .main))
        showCard.addTrigger(ObservationTrigger(person, \.age, queue: .main))
        bindings.add(commit, discard, spinShowsAge, spinSetsAge, showCard)
        for binding in [spinShowsAge, showCard] { binding.update() }
        errors.text = " "
        widget = layout()
    }

    private func layout() -> UnsafeMutablePointer<GtkWidget> {
        let buttons = Layout.row([commitButton.widget!, discardButton.widget!])
        gtk_widget_add_css_class(commitButton.widget!, "suggested-action")
        let content = Layout.column(
            spacing: 10,
            [
                Layout.label(card, classes: ["card"]),
                Layout.form([
                    ("Name", nameField.widget!), ("Age", ageField.widget!), ("Stepper", ageSpin.widget!),
                    ("Email", emailField.widget!),
                ]),
                Layout.label(errors, classes: ["error"]),
                buttons,
            ])
        return Layout.section("Person", content)
    }

    /// Stores every field in the person, or none; the errors label says why not.
    func commit() {
        let failures = form.commit()
        errors.text =
            failures.isEmpty
            ? "Committed."
            : "Not committed: " + failures.map { "\($0.label ?? ""): \($0.error)" }.joined(separator: "; ")
        if failures.isEmpty {
            gtk_widget_remove_css_class(errors.widget!, "error")
        } else {
            gtk_widget_add_css_class(errors.widget!, "error")
        }
    }

    /// Shows the person's values again.
    func discard() {
        form.discard()
        errors.text = "Discarded."
        gtk_widget_remove_css_class(errors.widget!, "error")
    }
}
