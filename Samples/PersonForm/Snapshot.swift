import PropertyBinding
import PropertyBindingControls

/// What each side holds at one moment, as the lines the sample prints.
struct Snapshot {
    let lines: [String]

    init(_ editor: PersonEditor) {
        let person = editor.person
        let view = editor.view
        let card = editor.card
        var lines = [
            "person: name \(quoted(person.name)), age \(person.age), email \(person.email.map(quoted) ?? "nil")"
                + " · card: \(card.title), \(card.detail)",
            "fields: name \(shown(view.nameField)), age \(shown(view.ageField)), stepper \(view.ageStepper.intValue),"
                + " email \(shown(view.emailField))",
        ]
        let fields = editor.form.fields
        let errors = fields.compactMap { field in field.error.map { "\(field.label ?? ""): \($0.error)" } }
        if !errors.isEmpty { lines.append("errors: " + errors.joined(separator: "; ")) }
        let pending = fields.filter { $0.hasPendingEdit && $0.error == nil }.compactMap(\.label)
        if !pending.isEmpty { lines.append("edited, not stored yet: " + pending.joined(separator: ", ")) }
        self.lines = lines
    }
}

extension Snapshot {
    /// What a commit did, given the failures that stopped it.
    static func describe(commit failures: [BindingFailure]) -> String {
        guard !failures.isEmpty else { return "committed: every field stored" }
        let reasons = failures.map { "\($0.label ?? ""): \($0.error)" }
        return "not committed, nothing stored: " + reasons.joined(separator: "; ")
    }
}

/// `text` in quotes, escaped as Swift writes a string literal.
func quoted(_ text: String) -> String {
    String(reflecting: text)
}

/// What a text field shows: its text, or its placeholder while it is empty.
func shown(_ field: TextField) -> String {
    guard field.text.isEmpty, let placeholder = field.placeholder else { return quoted(field.text) }
    return "(placeholder \(quoted(placeholder)))"
}
