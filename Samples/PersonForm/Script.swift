import PropertyBinding
import PropertyBindingControls

/// The scripted session of `swift run PersonForm`: the quick start, a user filling in the form,
/// the profile screen, the sign-in screen and the people list, each step followed by what model and fields hold.
enum Script {
    static func run() throws {
        print("PersonForm, a tour of PropertyBinding (`swift run PersonForm --interactive` to type yourself)")
        print()
        QuickStart.run()
        print()
        let editor = try playForm()
        print()
        try ProfileTour.run()
        print()
        let signIn = try SignInTour.run()
        print()
        let people = try PeopleTour.run()
        print()
        tearDown(editor, signIn, people)
    }

    private static func playForm() throws -> PersonEditor {
        let editor = try PersonEditor(person: Person(name: "Ann", age: 42))
        func step(_ title: String, _ action: () -> Void = {}) {
            print("> " + title)
            action()
            for line in editor.snapshot.lines { print("  " + line) }
        }

        print("== 2. The form: a BindingForm of three text fields, a stepper, validators, text ⇄ number")
        print("   fields → person: target-action (name; age and stepper as TriggerRegistry infers), delegation (email)")
        print("   person → fields: KeyPathTrigger, at once; person → card: ObservationTrigger, a queue turn later")
        step("open the form on Person(name: \"Ann\", age: 42): it shows the person")
        step("type \"\" into the name field, \"forty\" into the age field") {
            editor.type("", into: .name)
            editor.type("forty", into: .age)
        }
        step("type \"200\" into the age field") { editor.type("200", into: .age) }
        step("type \"Bob\" into the name field, \"43\" into the age field: the errors clear") {
            editor.type("Bob", into: .name)
            editor.type("43", into: .age)
        }
        step("tap + on the stepper") { editor.tapStepper(up: true) }
        step("type \"bob@example\" into the email field: stored when editing ends (delegation)") {
            editor.type("bob@example", into: .email)
        }
        step("leave the email field") { editor.leave(.email) }
        step("type \"bob@example.com\" into the email field and leave it") {
            editor.type("bob@example.com", into: .email)
            editor.leave(.email)
        }
        step("in code, person.name = \"Robert\"") {
            let (field, card) = editor.perform {
                editor.person.name = "Robert"
                return (editor.view.nameField.text, editor.card.title)
            }
            print("  right after it: name field \(quoted(field)), card still \(card)")
        }

        print()
        print("== 3. Commit and discard: form.isContinuous = false, the fields reach the person on commit")
        editor.form.isContinuous = false
        step("type \"Rob\" into the name field, \"45\" into the age field") {
            editor.type("Rob", into: .name)
            editor.type("45", into: .age)
        }
        step("commit") { print("  " + Snapshot.describe(commit: editor.commit())) }
        step("type \"Zed\" into the name field, \"x\" into the age field, commit: the edited fields, all or none") {
            editor.type("Zed", into: .name)
            editor.type("x", into: .age)
            print("  " + Snapshot.describe(commit: editor.commit()))
        }
        step("discard") { editor.discard() }
        step("clear the email field, leave it, commit: no email") {
            editor.type("", into: .email)
            editor.leave(.email)
            print("  " + Snapshot.describe(commit: editor.commit()))
        }

        return editor
    }

    private static func tearDown(_ editor: PersonEditor, _ signIn: SignInScreen, _ people: PeopleList) {
        print("== 7. Teardown")
        editor.tearDown()
        signIn.tearDown()
        people.tearDown()
        let view = editor.view
        let observers =
            editor.person.keyPathObservers.count + signIn.authenticator.keyPathObservers.count
            + people.observerCount
        let controls: [Control] = [
            view.nameField, view.ageField, view.ageStepper, view.emailField,
            signIn.view.email, signIn.view.password, signIn.view.signIn, signIn.view.status, people.table,
            people.searchField, people.sortByName, people.nameField,
        ]
        let actions = controls.map { $0.actionCount() }
        let proxies = view.emailField.delegateSlot.proxyCount
        print(
            "> tear down: \(observers) key-path observers, \(actions.reduce(0, +)) control actions,"
                + " \(proxies) delegate proxies left")
    }
}
