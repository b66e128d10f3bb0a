import PropertyBinding
import PropertyBindingTesting
import Testing

private final class Member {
    var age = 0
}

private final class AgeField {
    var value = 0
}

/// An age field bound both ways, fired by hand.
private func ageField() -> (
    TwoWayBinding<Property<Member, Int>, Property<AgeField, Int>>, AgeField, TestTrigger, Member
) {
    let account = Member()
    let field = AgeField()
    let formTrigger = TestTrigger()
    let pair = TwoWayBinding(
        "age", model: Property(account, \.age), form: Property(field, \.value), formTriggers: [formTrigger],
        validators: [.range(0...150)])
    return (pair, field, formTrigger, account)
}

@Suite struct BindingRecorderFormFieldTests {
    @Test func aTwoWayBindingIsRecordedWithoutSpellingItsType() {
        let (pair, field, formTrigger, account) = ageField()
        let recorder = BindingRecorder(pair)
        field.value = 42
        formTrigger.fire()
        field.value = 200
        formTrigger.fire()
        #expect(recorder.newValues == [42])
        #expect(recorder.failures.count == 1 && account.age == 42)
        #expect(recorder.updates.first?.description == "0 → 42 (TestTrigger)")
    }

    @Test func aDirectionIsRecordedWithoutSpellingItsType() {
        let (pair, field, formTrigger, account) = ageField()
        let recorder = BindingRecorder(pair.toModel)
        field.value = 7
        formTrigger.fire()
        #expect(recorder.newValues == [7] && account.age == 7)
    }

    @Test func anyFormFieldIsRecordedWithItsValuesAsAny() throws {
        let (pair, field, formTrigger, account) = ageField()
        let form = BindingForm { pair }
        let recorder = BindingRecorder(try #require(form["age"]))
        field.value = 9
        formTrigger.fire()
        #expect(recorder.newValues as? [Int] == [9])
        #expect(try recorder.destinationValue() as? Int == 9 && account.age == 9)
    }

    @Test func anUpdateQuotesItsValues() {
        final class Name {
            var text = ""
            var shown = ""
        }
        let name = Name()
        let binding = Binding(source: Property(name, \.text), destination: Property(name, \.shown))
        let trigger = TestTrigger()
        binding.addTrigger(trigger)
        let recorder = BindingRecorder(binding)
        name.text = "Ann"
        trigger.fire()
        #expect(recorder.updates.first?.description == #""" → "Ann" (TestTrigger)"#)
    }
}
