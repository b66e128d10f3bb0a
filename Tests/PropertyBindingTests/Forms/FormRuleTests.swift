import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// Rules that read other fields.

@Suite struct FormRuleTests {
    @Test func aValidatorReadsAnotherFieldInSwift6Mode() {
        let passwordField = TextField()  // not Sendable
        let confirmationField = TextField()
        let account = FormProfile()
        // The statement, verbatim: it compiles in Swift 6 mode with a non-Sendable capture.
        let matches = Validator<String>("matches") { $0 == passwordField.text ? nil : "does not match" }
        let confirmation = TwoWayBinding(
            "confirmation", model: Property(account, \.name), form: Property(confirmationField, \.text),
            formTriggers: [TargetActionTrigger(control: confirmationField, events: .editingChanged)],
            validators: [matches])
        confirmation.onError = { _ in }
        passwordField.text = "secret"
        confirmationField.simulateTyping("secrte")
        #expect((confirmation.error?.error as? ValidationError)?.message == "does not match")
        #expect(account.name == "")
        confirmationField.simulateTyping("secret")
        #expect(confirmation.error == nil)
        #expect(account.name == "secret")
    }

    /// start and end, with the rule "end after start" on end.
    func makeForm(_ profile: FormProfile, _ start: TextField, _ end: TextField) throws -> BindingForm {
        let form = try BindingForm(continuous: false) {
            try TwoWayBinding("start", model: Property(profile, \.start), form: number(start), triggers: .standard)
            try TwoWayBinding("end", model: Property(profile, \.end), form: number(end), triggers: .standard)
        }
        try form.addRule(
            FormRule("end after start", on: "end", reading: ["start"]) {
                Int(end.text) ?? 0 > Int(start.text) ?? 0 ? nil : "must be after the start"
            })
        form.onError = { _ in }
        return form
    }

    @Test func aRuleOverSeveralFieldsRunsOnEachEditOfAnyOfThem() throws {
        let profile = FormProfile()
        let start = TextField()
        let end = TextField()
        let form = try makeForm(profile, start, end)
        start.simulateTyping("5")
        end.simulateTyping("10")
        #expect(form.errors.isEmpty)

        start.simulateTyping("20")  // an edit of start checks end's rule
        #expect(form.errors.map(\.label) == ["end"])
        #expect((form["end"]?.error?.error as? ValidationError)?.rule == "end after start")
        #expect(form["start"]?.error == nil)

        end.simulateTyping("15")  // and so does an edit of end
        #expect((form["end"]?.error?.error as? ValidationError)?.input == "15")

        start.simulateTyping("1")
        #expect(form.errors.isEmpty)
        #expect(form.commit().isEmpty)
        #expect(profile.start == 1 && profile.end == 15)
    }

    @Test func aRuleRunsAtCommitAndRefusesIt() throws {
        let profile = FormProfile()
        profile.start = 1
        profile.end = 2
        let start = TextField()
        let end = TextField()
        let form = try makeForm(profile, start, end)
        start.simulateTyping("3")  // end is not edited; the commit checks its rule all the same
        let failures = form.commit()
        #expect(failures.map(\.label) == ["end"])
        #expect(profile.start == 1 && profile.end == 2, "nothing is written")
    }

    @Test func aRuleNamingNoFieldIsATypedError() throws {
        let form = try makeForm(FormProfile(), TextField(), TextField())
        #expect(throws: FormError.noField("finish")) {
            try form.addRule(FormRule("x", on: "finish", reading: ["start"]) { nil })
        }
        #expect(throws: FormError.noField("begin")) {
            try form.addRule(FormRule("x", on: "end", reading: ["begin"]) { nil })
        }
    }
}

extension FormRuleTests {
    @Test func aRuleOverTwoEditedFieldsRefusesTheWholeCommit() throws {
        let profile = FormProfile()
        profile.end = 100
        let start = TextField()
        let end = TextField()
        let form = try makeForm(profile, start, end)
        start.simulateTyping("50")
        end.simulateTyping("40")
        let failures = form.commit()
        #expect(failures.map(\.label) == ["end"])
        #expect(profile.start == 0 && profile.end == 100, "nothing is written")
        #expect(start.text == "50" && end.text == "40", "both edits stay")
    }

    /// The case the Two-way forms article warns of: a validator that reads the *model* sees it
    /// as it is before the commit in the rehearsal, and as the earlier fields left it at its
    /// own write.
    @Test func aValidatorReadingTheModelSeesTheEarlierFieldsWrittenAtItsWrite() throws {
        let profile = FormProfile()
        profile.end = 100
        let start = TextField()
        let end = TextField()
        let formatter = NumberFormatter()
        let form = try BindingForm(continuous: false) {
            try TwoWayBinding(
                "start", model: Property(profile, \.start),
                form: StringToNumberTransformer<Int>(property: Property(start, \.text), formatter: formatter),
                triggers: .standard)
            try TwoWayBinding(
                "end", model: Property(profile, \.end),
                form: StringToNumberTransformer<Int>(property: Property(end, \.text), formatter: formatter),
                triggers: .standard,
                validators: [Validator("after the model's start") { $0 > profile.start ? nil : "too early" }])
        }
        form.onError = { _ in }
        start.simulateTyping("50")
        end.simulateTyping("40")
        #expect(form.isValid, "the rehearsal compares 40 with the model's start, still 0")
        let failures = form.commit()
        #expect(failures.map(\.label) == ["end"])
        #expect(profile.start == 50 && profile.end == 100, "start was written before end's write failed")
        #expect(form["end"]?.hasPendingEdit == true && end.text == "40")
    }
}
