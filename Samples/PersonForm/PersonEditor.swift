import Foundation
import PropertyBinding

/// The person, the form that edits it and the card that shows it, bound together with every
/// kind of trigger but the notification (the quick start has that one):
///
/// | binding | trigger |
/// |---|---|
/// | person → name, email fields | `KeyPathTrigger` (synchronous, like key-value observing) |
/// | name field → person | `TargetActionTrigger` (`.editingChanged`) |
/// | age field, stepper ⇄ person | inferred by `TriggerRegistry.standard` |
/// | email field → person | `DelegationTrigger` (when editing ends) |
/// | person → card | `ObservationTrigger` (Swift Observation, on the UI queue) |
final class PersonEditor {
    let person: Person
    let view: PersonFormView
    let card = PersonCard()
    let form: BindingForm
    /// The stepper's and the card's bindings, outside the form: they follow the person, and the
    /// stepper writes to it at once, whether or not the form waits for a commit.
    private let bindings = BindingSet()
    /// Stands in for the main queue of an app: every user action runs on it, and Swift
    /// Observation delivers the card's updates on it after the action that changed the model.
    /// A queue of the sample's own, not `.main`, because a command-line program does not run
    /// the main queue while it waits for input.
    private let ui = DispatchQueue(label: "PersonForm.ui")

    init(person: Person) throws {
        let view = PersonFormView()
        self.person = person
        self.view = view

        let ageFormatter = NumberFormatter()
        // Fixed, so that the sample reads and writes ages alike on every machine.
        ageFormatter.locale = Locale(identifier: "en_US_POSIX")
        let ageText = StringToNumberTransformer<Int>(property: Property(view.ageField, \.text), formatter: ageFormatter)
        let age = Property(person, \.age)
        // The registry knows that a text field announces edits with .editingChanged, a stepper
        // with .valueChanged, and a KeyPathObservable person by key path.
        let registry = TriggerRegistry.standard
        let ageChanged = try registry.triggers(for: age)
        let ageTyped = try registry.triggers(for: ageText)

        form = BindingForm {
            TwoWayBinding(
                "name", model: Property(person, \.name), form: Property(view.nameField, \.text),
                modelTriggers: [KeyPathTrigger(person, \.name)],
                formTriggers: [TargetActionTrigger(control: view.nameField, events: .editingChanged)],
                validators: [.nonEmpty])
            TwoWayBinding(
                "age", model: age, form: ageText, modelTriggers: ageChanged, formTriggers: ageTyped,
                validators: [.range(0...150)])
            // The null placeholder: no email is an empty field, and an empty field is no email.
            TwoWayBinding(
                "email", model: Property(person, \.email).placeholders(whenNil: ""),
                form: Property(view.emailField, \.text),
                modelTriggers: [KeyPathTrigger(person, \.email)],
                // Checked and stored when the user leaves the field, not at every keystroke.
                formTriggers: [DelegationTrigger(textField: view.emailField, callbacks: [.textFieldDidEndEditing])],
                validators: [.pattern("([^@ ]+@[^@ ]+\\.[^@ ]+)?", message: "is not an email address")])
        }
        // Each field keeps its failure in `error`, which the sample prints; nothing more to say.
        form.onError = { _ in }

        // A tap is a command, not an edit: it reaches the person at once. Were the stepper a
        // field of the form, a tap and a typed age could both wait for the commit, disagreeing.
        let stepperShowsAge = try Binding(
            source: age, destination: Property(view.ageStepper, \.intValue), triggers: .standard)
        let stepperSetsAge = try Binding(
            source: Property(view.ageStepper, \.intValue), destination: age, triggers: .standard)

        let showName = Binding(
            source: Property(person, \.name).map { $0.isEmpty ? "(no name)" : $0 }, destination: Property(card, \.title)
        )
        showName.addTrigger(ObservationTrigger(person, \.name, queue: ui))
        let showAge = Binding(
            source: Property(person, \.age).map { "age \($0)" }, destination: Property(card, \.detail))
        showAge.addTrigger(ObservationTrigger(person, \.age, queue: ui))
        bindings.add(stepperShowsAge, stepperSetsAge, showName, showAge)
        for binding in [stepperShowsAge, showName, showAge] { binding.update() }
    }

    /// Runs `action` on the UI queue, then lets the card's updates it scheduled run, so that
    /// what is printed next is settled.
    @discardableResult
    func perform<Result>(_ action: () -> Result) -> Result {
        let result = ui.sync(execute: action)
        ui.sync {}
        return result
    }

    /// Types `text` into a field, replacing what it held, as a user would.
    func type(_ text: String, into field: PersonField) {
        perform { view.textField(field).simulateTyping(text) }
    }

    /// Leaves a field: editing ends there.
    func leave(_ field: PersonField) {
        perform { view.textField(field).endEditing() }
    }

    /// Taps the stepper's "+" (`up`) or "−".
    func tapStepper(up: Bool) {
        perform { up ? view.ageStepper.simulateIncrement() : view.ageStepper.simulateDecrement() }
    }

    /// Stores every field in the person, or none: the failures that stopped it.
    func commit() -> [BindingFailure] {
        perform { form.commit() }
    }

    /// Shows the person's values again.
    func discard() {
        perform { form.discard() }
    }

    /// Stops every binding: the triggers take back what they registered.
    func tearDown() {
        perform {
            form.invalidate()
            bindings.removeAll()
        }
    }

    /// What the model, the fields and the card hold now.
    var snapshot: Snapshot { perform { Snapshot(self) } }
}
