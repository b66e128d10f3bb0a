import Foundation

/// One line typed at the interactive prompt.
enum Command: Equatable {
    /// `name=Ann`: type into a field, then leave it.
    case type(PersonField, String)
    /// `person.name=Ann`: change the person in code, as the app would.
    case change(PersonField, String)
    /// `+` or `-`: tap the stepper.
    case step(up: Bool)
    /// `continuous on` or `continuous off`.
    case continuous(Bool)
    case commit, discard, show, help, quit

    /// What the prompt accepts, for `help`.
    static let summary = """
        name=TEXT          type TEXT into the name field, then leave it (also age=, email=)
        + / -              tap the age stepper (it sets the person's age at once)
        commit             store every field in the person, or none when one is invalid
        discard            show the person's values again
        continuous on|off  store as you type, or on commit only (the default)
        person.name=TEXT   change the person in code (also person.age=, person.email=)
        show               print the person, the fields and the card
        help               this list
        quit               leave (so does the end of input)
        """

    /// Reads `line`; nil when it is no command.
    init?(_ line: String) {
        if let equals = line.firstIndex(of: "=") {
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            let text = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if let field = PersonField(rawValue: name) {
                self = .type(field, text)
            } else if name.hasPrefix("person."), let field = PersonField(rawValue: String(name.dropFirst(7))) {
                self = .change(field, text)
            } else {
                return nil
            }
            return
        }
        switch line.split(separator: " ", omittingEmptySubsequences: true) {
        case ["+"]: self = .step(up: true)
        case ["-"]: self = .step(up: false)
        case ["continuous", "on"]: self = .continuous(true)
        case ["continuous", "off"]: self = .continuous(false)
        case ["commit"]: self = .commit
        case ["discard"]: self = .discard
        case ["show"]: self = .show
        case ["help"]: self = .help
        case ["quit"], ["exit"]: self = .quit
        default: return nil
        }
    }
}
