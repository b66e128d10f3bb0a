import PropertyBinding
import PropertyBindingControls
import Testing

/// A form value that is only the model's value coming back is never written to the model: a
/// form trigger that fires late (debounced, or by hand) cannot undo a change of the model that
/// model → form has not shown yet. Found by the spin model of the pair (Verification/).
@Suite(.routesDefaultErrors) struct StaleWriteBackTests {
    final class Person { var age = 0 }

    @Test func aLateFormFireDoesNotWriteTheOldValueBackOverAModelChange() {
        let person = Person()
        person.age = 1
        let field = TextField()
        let age = TwoWayBinding("age", model: Property(person, \.age), form: number(field))
        #expect(field.text == "1")
        person.age = 2  // its trigger has not fired yet
        #expect(age.toModel.update().description == "unchanged", "the form still shows the model's 1: no edit")
        #expect(person.age == 2, "the model keeps its change")
        age.toForm.update()
        #expect(field.text == "2")
    }

    @Test func anEditIsStillWrittenOverAModelChange() {
        let person = Person()
        let field = TextField()
        let age = TwoWayBinding("age", model: Property(person, \.age), form: number(field))
        person.age = 2  // its trigger has not fired yet
        field.text = "5"
        #expect(age.toModel.update().didWrite)
        #expect(person.age == 5)
    }
}
