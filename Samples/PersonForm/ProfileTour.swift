import PropertyBinding

/// Section 4 of the scripted session: the profile screen, committed field by field.
enum ProfileTour {
    static func run() throws {
        let screen = try ProfileScreen(profile: Profile())
        let view = screen.view
        func step(_ title: String, _ action: () -> Void = {}) {
            print("> " + title)
            action()
            for line in screen.lines { print("  " + line) }
        }
        func commit() {
            let failures = screen.form.commit()
            let reasons = failures.map { "\($0.label ?? ""): \($0.error)" }
            print(
                "  " + (failures.isEmpty ? "committed: the edited fields stored" : "not committed, nothing stored: ")
                    + reasons.joined(separator: "; "))
        }

        print("== 4. A profile screen: eight fields, one statement each, triggers inferred; commit on demand")
        step("open the screen: the height 1.755 is shown with two fraction digits, in de_DE")
        step("type \"Bea\" into the name, switch the newsletter on, pick Pro, commit: the height keeps 1.755") {
            view.name.simulateTyping("Bea")
            view.newsletter.simulateToggle()
            view.plan.simulateSelection(1)
            commit()
        }
        step("type \"43\" into the age, \"0,005\" into the salary, commit: the model refuses 0.005 €") {
            view.age.simulateTyping("43")
            view.salary.simulateTyping("0,005")
            commit()
        }
        step("type \"60000\" into the salary, \"lilac\" into the password, commit: the confirmation does not match") {
            view.salary.simulateTyping("60000")
            view.password.simulateTyping("lilac")
            commit()
        }
        step("type \"lilac\" into the confirmation, commit: the salary shows the model's \"60.000\"") {
            view.confirmation.simulateTyping("lilac")
            commit()
        }
        step("clear the salary, commit: nil, and the field shows its hint (never stored)") {
            view.salary.simulateTyping("")
            commit()
        }
    }
}
