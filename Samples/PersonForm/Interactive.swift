import Foundation

/// `swift run PersonForm --interactive`: the form of the scripted session, driven by the lines
/// a person types (or pipes in), one command a line.
enum Interactive {
    static func run() throws {
        let editor = try PersonEditor(person: Person())
        editor.form.isContinuous = false
        // Piped input is not shown by a terminal: print each command, so the output reads as a
        // transcript. A person at a terminal gets a prompt instead.
        let isTerminal = isatty(STDIN_FILENO) != 0
        print("PersonForm: a new person. The person changes on commit; `help` lists the commands.")
        show(editor)
        while true {
            if isTerminal {
                print("> ", terminator: "")
                fflush(nil)
            }
            guard let line = readLine() else {
                if isTerminal { print() }
                return
            }
            let command = line.trimmingCharacters(in: .whitespaces)
            if command.isEmpty { continue }
            if !isTerminal { print("> " + command) }
            guard let parsed = Command(command) else {
                print("  unknown command \(quoted(command)); `help` lists the commands")
                continue
            }
            if parsed == .quit { return }
            perform(parsed, on: editor)
        }
    }

    private static func perform(_ command: Command, on editor: PersonEditor) {
        switch command {
        case .type(let field, let text):
            editor.type(text, into: field)
            editor.leave(field)
        case .change(let field, let text):
            guard change(field, to: text, in: editor) else { return }
        case .step(let up):
            editor.tapStepper(up: up)
        case .continuous(let on):
            editor.form.isContinuous = on
            print(on ? "  the person changes as you type" : "  the person changes on commit")
            return
        case .commit:
            print("  " + Snapshot.describe(commit: editor.commit()))
        case .discard:
            editor.discard()
        case .show:
            break
        case .help:
            for line in Command.summary.split(separator: "\n") { print("  " + line) }
            return
        case .quit:
            return
        }
        show(editor)
    }

    /// Sets a property of the person as the app's own code would; false when `text` does not fit it.
    private static func change(_ field: PersonField, to text: String, in editor: PersonEditor) -> Bool {
        let person = editor.person
        switch field {
        case .name:
            editor.perform { person.name = text }
        case .email:
            editor.perform { person.email = text.isEmpty ? nil : text }
        case .age:
            guard let age = Int(text) else {
                print("  person.age takes a whole number, not \(quoted(text))")
                return false
            }
            editor.perform { person.age = age }
        }
        return true
    }

    private static func show(_ editor: PersonEditor) {
        for line in editor.snapshot.lines { print("  " + line) }
    }
}
