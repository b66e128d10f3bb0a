import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// The snippets of the "Two-way forms" article (PropertyBinding.docc/TwoWayForms.md); the
// article quotes them verbatim (scripts/docs checks it).

/// A model that announces each change of its properties to key path triggers.
private final class Account: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var name = ""
    @Announced var age = 0
    @Announced var email: String? = nil
}

@Suite(.routesDefaultErrors) struct TwoWayFormsSnippetTests {
    @Test func oneFieldBothWays() {
        let account = Account()
        account.age = 42
        // snippet: field
        let ageField = TextField()
        let age = TwoWayBinding(
            "age",
            model: Property(account, \.age),
            form: StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: NumberFormatter()),
            modelTriggers: [KeyPathTrigger(account, \.age)],
            formTriggers: [TargetActionTrigger(control: ageField, events: .editingChanged)],
            validators: [.range(0...150)])
        // ageField.text == "42": the form shows the model on creation
        // end snippet
        #expect(ageField.text == "42")

        // snippet: both ways
        ageField.simulateTyping("43")  // account.age == 43
        account.age = 44  // ageField.text == "44"
        // end snippet
        #expect(account.age == 44)
        #expect(ageField.text == "44")

        let printedInvalid = Printed.lines {
            // snippet: invalid
            ageField.simulateTyping("200")  // account.age stays 44, ageField.text stays "200"
            print(age.error?.error ?? "")  // "200" must be between 0 and 150
            print(age.hasPendingEdit)  // true: the form holds an edit the model does not have

            ageField.simulateTyping("45")  // account.age == 45; the error is cleared
            // end snippet
        }
        #expect(printedInvalid == [#""200" must be between 0 and 150"#, "true"])
        #expect(account.age == 45)
        #expect(age.error == nil)
        #expect(!age.hasPendingEdit)
        ageField.simulateTyping("200")
        #expect(
            age.error?.error as? ValidationError
                == ValidationError(rule: "range", message: "must be between 0 and 150", input: "200"))
        #expect(account.age == 45)
        #expect(ageField.text == "200")
        ageField.simulateTyping("forty")
        #expect(age.error?.error as? TransformError == TransformError(.notANumber, input: "forty", targetType: "Int"))
        #expect(ageField.text == "forty")
        age.discard()
        #expect(ageField.text == "45")
        #expect(age.error == nil)
    }

    @Test func validators() throws {
        // snippet: validators
        let name: [Validator<String>] = [.nonEmpty, .pattern("[A-Za-z ]+", message: "letters only")]
        let age: [Validator<Int>] = [.range(0...150)]
        let even = Validator<Int>("even") { $0 % 2 == 0 ? nil : "must be even" }
        // end snippet
        #expect(throws: ValidationError(rule: "nonEmpty", message: "must not be empty", input: " ")) {
            try name[0].validate(" ")
        }
        #expect(throws: ValidationError(rule: "pattern", message: "letters only", input: "Ann1")) {
            try name[1].validate("Ann1")
        }
        try name[1].validate("Ann Lee")
        try age[0].validate(150)
        #expect(throws: ValidationError.self) { try age[0].validate(151) }
        try even.validate(4)
        #expect(throws: ValidationError(rule: "even", message: "must be even", input: "3")) { try even.validate(3) }
    }

    @Test func aWholeForm() {
        let account = Account()
        let nameField = TextField()
        let ageField = TextField()
        let emailField = TextField()
        account.name = "Ann"
        account.age = 42
        let asksForEmail = true
        // snippet: form
        func edited(_ field: TextField) -> TargetActionTrigger {
            TargetActionTrigger(control: field, events: .editingChanged)
        }

        let form = BindingForm(continuous: false) {
            TwoWayBinding(
                "name", model: Property(account, \.name), form: Property(nameField, \.text),
                modelTriggers: [KeyPathTrigger(account, \.name)], formTriggers: [edited(nameField)],
                validators: [.nonEmpty])
            TwoWayBinding(
                "age", model: Property(account, \.age),
                form: StringToNumberTransformer<Int>(
                    property: Property(ageField, \.text), formatter: NumberFormatter()),
                modelTriggers: [KeyPathTrigger(account, \.age)], formTriggers: [edited(ageField)],
                validators: [.range(0...150)])
            if asksForEmail {
                TwoWayBinding(
                    "email", model: Property(account, \.email).placeholders(whenNil: ""),
                    form: Property(emailField, \.text), modelTriggers: [KeyPathTrigger(account, \.email)],
                    formTriggers: [edited(emailField)])
            }
        }
        // end snippet
        #expect(nameField.text == "Ann" && ageField.text == "42" && emailField.text == "")
        let printedCommit = Printed.lines {
            // snippet: commit
            nameField.simulateTyping("Bob")
            ageField.simulateTyping("200")
            print(form.isValid)  // false: the age fails its range
            form.commit()  // writes nothing, returns the age's failure
            ageField.simulateTyping("43")
            form.commit()  // account.name == "Bob", account.age == 43: the edited fields, or none
            // end snippet
        }
        #expect(printedCommit == ["false"])
        #expect(account.name == "Bob")
        #expect(account.age == 43)
        #expect(account.email == nil)
        #expect(form.errors.isEmpty)
        let printedDiscard = Printed.lines {
            // snippet: discard
            emailField.simulateTyping("bob@example.com")
            print(form.hasPendingEdits)  // true
            form.discard()  // emailField.text == "": every field shows the model again
            print(form["email"]?.hasPendingEdit == true)  // false
            // end snippet
        }
        #expect(printedDiscard == ["true", "false"])
        #expect(emailField.text == "")
        #expect(account.email == nil)
        #expect(!form.hasPendingEdits)
        emailField.simulateTyping("bob@example.com")
        #expect(form.commit().isEmpty)
        #expect(account.email == "bob@example.com")
        emailField.simulateTyping("")
        form.commit()
        #expect(account.email == nil)
        form.invalidate()
        #expect(form.bindings.count == 0)
    }

    /// "What a commit writes": a rule read with `reading:` sees the values the commit writes.
    @Test func aRuleReadingAnotherModelPropertySeesTheCommitsValues() {
        final class Limits {
            var a = 1
            var b = 5
            var c = 0
        }
        let limits = Limits()
        let fields = (a: TextField(), b: TextField(), c: TextField())
        let atLeastA = Validator<Int>("at least a", reading: Property(limits, \.a)) { b, a in
            b >= a ? nil : "must be at least \(a)"
        }
        let form = BindingForm(continuous: false) {
            TwoWayBinding(
                "a", model: Property(limits, \.a), form: number(fields.a),
                formTriggers: [TargetActionTrigger(control: fields.a, events: .editingChanged)])
            TwoWayBinding(
                "b", model: Property(limits, \.b), form: number(fields.b),
                formTriggers: [TargetActionTrigger(control: fields.b, events: .editingChanged)],
                validators: [atLeastA])
            TwoWayBinding(
                "c", model: Property(limits, \.c), form: number(fields.c),
                formTriggers: [TargetActionTrigger(control: fields.c, events: .editingChanged)])
        }
        form.onError = { _ in }
        fields.a.simulateTyping("10")
        fields.b.simulateTyping("6")
        fields.c.simulateTyping("7")
        let failures = form.commit()
        #expect(failures.map { ($0.error as? ValidationError)?.message } == ["must be at least 10"])
        #expect((limits.a, limits.b, limits.c) == (1, 5, 0))
    }

    /// The article says how many lines of binding code the sample's profile screen takes: the
    /// lines between its `form:` markers, at most 40.
    @Test func theArticleCountsTheProfileScreensBindingCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
        let screen = try String(
            contentsOf: root.appendingPathComponent("Samples/PersonForm/ProfileScreen.swift"), encoding: .utf8)
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/PropertyBinding/PropertyBinding.docc/TwoWayForms.md"),
            encoding: .utf8)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0.contains("// form: begin") })
        let end = try #require(lines.firstIndex { $0.contains("// form: end") })
        let count = end - begin - 1
        #expect(count <= 40)
        #expect(article.contains("**\(count) lines**"))
        #expect(lines[begin..<end].filter { $0.contains("try TwoWayBinding(") }.count == 8)
    }
}
