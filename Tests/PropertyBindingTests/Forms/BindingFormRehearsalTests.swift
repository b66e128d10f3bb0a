import PropertyBinding
import PropertyBindingTesting
import Testing

/// A model of three numbers that records every write.
private final class Limits {
    var writes: [String] = []
    var a = 1 { didSet { writes.append("a") } }
    var b = 5 { didSet { writes.append("b") } }
    var c = 0 { didSet { writes.append("c") } }
}

/// What the user typed into the form's three inputs.
private final class Inputs {
    var a = 0
    var b = 0
    var c = 0
}

/// A commit rehearses every write before the first one, and a validator that reads the model
/// with `Validator(_:reading:_:)` sees there the values the commit writes: a commit that fails
/// writes nothing, also when a field's rule reads what an earlier field writes.
@Suite struct BindingFormRehearsalTests {
    fileprivate let model = Limits()
    fileprivate let inputs = Inputs()
    let triggers = (a: TestTrigger(), b: TestTrigger(), c: TestTrigger())

    /// Fields a, b and c, commit-only; b must be at least the model's `a`, read by `atLeastA`.
    func makeForm(_ atLeastA: Validator<Int>) -> BindingForm {
        let form = BindingForm(continuous: false) {
            TwoWayBinding(
                "a", model: Property(model, \.a), form: Property(inputs, \.a), formTriggers: [triggers.a])
            TwoWayBinding(
                "b", model: Property(model, \.b), form: Property(inputs, \.b), formTriggers: [triggers.b],
                validators: [atLeastA])
            TwoWayBinding(
                "c", model: Property(model, \.c), form: Property(inputs, \.c), formTriggers: [triggers.c])
        }
        form.onError = { _ in }
        model.writes = []
        return form
    }

    /// The rule on b, reading the model's `a` as the commit will leave it.
    var atLeastA: Validator<Int> {
        Validator("at least a", reading: Property(model, \.a)) { b, a in b >= a ? nil : "must be at least \(a)" }
    }

    func type(a: Int, b: Int, c: Int) {
        inputs.a = a
        triggers.a.fire()
        inputs.b = b
        triggers.b.fire()
        inputs.c = c
        triggers.c.fire()
    }

    @Test func aCommitThatFailsAtARuleReadingAnEarlierFieldsWriteWritesNothing() throws {
        let form = makeForm(atLeastA)
        type(a: 10, b: 6, c: 7)  // b ≥ the model's a (1) now, not once a is written (10)
        let failures = form.commit()
        #expect(failures.map(\.label) == ["b"])
        let error = try #require(failures.first?.error as? ValidationError)
        #expect(error.message == "must be at least 10")
        #expect(model.writes.isEmpty, "nothing is written")
        #expect((model.a, model.b, model.c) == (1, 5, 0))
        #expect((inputs.a, inputs.b, inputs.c) == (10, 6, 7), "the form keeps its edits")
        #expect(form.hasPendingEdits)
        #expect(form["b"]?.error != nil)
        #expect(form.validate().map(\.label) == ["b"], "validate() sees what commit() sees")
    }

    @Test func aCommitThatPassesItsRehearsalWritesEveryField() {
        let form = makeForm(atLeastA)
        type(a: 10, b: 12, c: 7)
        #expect(form.isValid)
        #expect(form.commit().isEmpty)
        #expect((model.a, model.b, model.c) == (10, 12, 7))
        #expect(model.writes == ["a", "b", "c"])
        #expect(!form.hasPendingEdits)
    }

    @Test func aRuleSeesWhatALaterFieldOfTheCommitWrites() {
        let model = model
        let form = BindingForm(continuous: false) {
            TwoWayBinding(
                "a", model: Property(model, \.a), form: Property(inputs, \.a), formTriggers: [triggers.a],
                validators: [
                    Validator("below c", reading: Property(model, \.c)) { a, c in a < c ? nil : "must be below \(c)" }
                ])
            TwoWayBinding(
                "c", model: Property(model, \.c), form: Property(inputs, \.c), formTriggers: [triggers.c])
        }
        form.onError = { _ in }
        inputs.a = 3
        triggers.a.fire()
        inputs.c = 2
        triggers.c.fire()
        #expect(form.commit().map(\.label) == ["a"])
        #expect((model.a, model.c) == (1, 0))
        inputs.c = 4
        triggers.c.fire()
        #expect(form.commit().isEmpty)
        #expect((model.a, model.c) == (3, 4))
    }

    @Test func outsideACommitTheRuleReadsTheModelAsItIs() {
        let rule = atLeastA
        model.a = 7
        #expect(throws: ValidationError.self) { try rule.validate(6) }
        #expect(throws: Never.self) { try rule.validate(7) }
    }

    @Test func aWriteThatFailsAfterItsRehearsalStopsTheCommitThere() {
        // A rule that reads the model object itself sees the model before the commit in the
        // rehearsal (1), and the fields written so far at its write (10): the commit stops at b.
        let model = model
        let form = makeForm(Validator("at least a") { b in b >= model.a ? nil : "must be at least \(model.a)" })
        type(a: 10, b: 6, c: 7)
        #expect(form.commit().map(\.label) == ["b"])
        #expect(model.writes == ["a"], "c, after the failure, is not written")
        #expect((model.a, model.b, model.c) == (10, 5, 0))
    }
}
