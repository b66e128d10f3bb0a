import Dispatch
import Foundation
import Observation
import PropertyBinding
import PropertyBindingTesting
import Testing

/// A model whose age and nickname announce their changes by key path.
private final class Member: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var age: Int
    @Announced var nickname = ""

    init(age: Int) { self.age = age }

    /// Fires the age's observers without changing it, as a model that announces every save does.
    func announceAge() { didChange(\Member.age) }
}

/// A text field whose text announces its changes by key path.
private final class Field: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var text = ""
}

/// A text field observed through Swift Observation.
@Observable private final class ObservedField {
    var text = ""
}

/// en_US integers.
private func integers() -> NumberFormatter {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: "en_US")
    formatter.numberStyle = .decimal
    return formatter
}

/// `member.age` shown in `field.text`, the model side heard by key path, the form side by
/// `formTriggers`.
private func ageField(
    _ member: Member, _ field: Field, formTriggers: [any Trigger], continuous: Bool = true
) -> TwoWayBinding<Property<Member, Int>, StringToNumberTransformer<Int>> {
    TwoWayBinding(
        "age", model: Property(member, \.age),
        form: StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: integers()),
        modelTriggers: [KeyPathTrigger(member, \.age)], formTriggers: formTriggers, continuous: continuous)
}

/// An edit is what the field holds that differs from what the model last showed there, whether
/// or not a form trigger has reported it: a model → form update with the model's unchanged value
/// never overwrites it, and a commit writes it.
@Suite struct UnreportedEditTests {
    @Test func aDebouncedEditSurvivesAnUnchangedModelAndReachesTheModel() {
        let clock = TestClock()
        let member = Member(age: 10)
        let field = Field()
        let pair = ageField(
            member, field,
            formTriggers: [KeyPathTrigger(field, \.text).debounced(for: .milliseconds(300), clock: clock)])
        #expect(field.text == "10")
        field.text = "12"  // the debounce has not fired yet
        member.announceAge()  // the model side fires with its unchanged 10
        #expect(field.text == "12")
        #expect(pair.hasPendingEdit)
        clock.advance(by: .seconds(1))
        #expect(member.age == 12)
        #expect(field.text == "12")
        #expect(!pair.hasPendingEdit)
        pair.invalidate()
    }

    @Test func aThrottledEditSurvivesAnUnchangedModelAndReachesTheModel() {
        let clock = TestClock()
        let member = Member(age: 10)
        let field = Field()
        let pair = ageField(
            member, field, formTriggers: [KeyPathTrigger(field, \.text).throttled(for: .seconds(1), clock: clock)])
        field.text = "11"  // the leading fire: at once
        #expect(member.age == 11)
        field.text = "12"  // inside the window: held for the trailing fire
        member.announceAge()
        #expect(field.text == "12")
        clock.advance(by: .seconds(2))
        #expect(member.age == 12)
        pair.invalidate()
    }

    @Test func anEditObservationHasNotDeliveredSurvivesAnUnchangedModel() {
        let queue = DispatchQueue(label: "form")
        let member = Member(age: 10)
        let field = ObservedField()
        let pair = TwoWayBinding(
            "age", model: Property(member, \.age),
            form: StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: integers()),
            modelTriggers: [KeyPathTrigger(member, \.age)],
            formTriggers: [ObservationTrigger(field, \.text, queue: queue)])
        queue.suspend()
        field.text = "12"  // the delivery waits on the suspended queue
        member.announceAge()
        #expect(field.text == "12")
        queue.resume()
        queue.sync {}
        #expect(member.age == 12)
        pair.invalidate()
    }

    @Test func anEditWithoutAnyFormTriggerIsKeptAndCommitted() {
        let member = Member(age: 10)
        let field = Field()
        let pair = ageField(member, field, formTriggers: [])
        field.text = "12"
        member.announceAge()
        #expect(field.text == "12")
        #expect(pair.hasPendingEdit)
        #expect(pair.commit().description == "written")
        #expect(member.age == 12)
        #expect(!pair.hasPendingEdit)
        #expect(pair.commit().description == "unchanged")
    }

    @Test func anUnreportedEditThatDoesNotConvertFailsTheCommitAndWritesNothing() {
        let member = Member(age: 10)
        let field = Field()
        let pair = ageField(member, field, formTriggers: [], continuous: false)
        field.text = "twelve"
        member.announceAge()
        #expect(field.text == "twelve")
        #expect(pair.hasPendingEdit)
        let result = pair.commit()
        #expect(result.failure?.stage == .readingSource)
        #expect(member.age == 10)
        #expect(pair.error != nil)
    }

    @Test func aModelThatReallyChangedStillWinsOverAnUnreportedEdit() {
        let member = Member(age: 10)
        let field = Field()
        let pair = ageField(member, field, formTriggers: [])
        field.text = "12"
        member.age = 20
        #expect(field.text == "20")
        #expect(!pair.hasPendingEdit)
        #expect(pair.commit().description == "unchanged")
        #expect(member.age == 20)
    }

    @Test func aFieldShowingTheModelsValueRoundedHoldsNoEdit() {
        final class Measure: KeyPathObservable {
            let keyPathObservers = KeyPathObservers()
            @Announced var value = 1.755
        }
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "de_DE")
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 2
        let measure = Measure()
        let field = Field()
        let pair = TwoWayBinding(
            "height", model: Property(measure, \.value),
            form: StringToNumberTransformer<Double>(property: Property(field, \.text), formatter: formatter),
            modelTriggers: [KeyPathTrigger(measure, \.value)])
        #expect(field.text == "1,76")
        #expect(!pair.hasPendingEdit)
        #expect(pair.commit().description == "unchanged")
        #expect(measure.value == 1.755)
        field.text = "1,8"
        measure.didChange(\Measure.value)
        #expect(field.text == "1,8")
        #expect(pair.commit().description == "written")
        #expect(measure.value == 1.8)
    }

    @Test func aFormCommitsAnUnreportedEditAndOnlyThat() throws {
        let member = Member(age: 10)
        let ageText = Field()
        let nicknameText = Field()
        member.nickname = "Bo"
        let form = BindingForm(fields: {
            ageField(member, ageText, formTriggers: [])
            TwoWayBinding(
                "nickname", model: Property(member, \.nickname), form: Property(nicknameText, \.text),
                modelTriggers: [KeyPathTrigger(member, \.nickname)])
        })
        ageText.text = "12"
        #expect(form.hasPendingEdits)
        #expect(form["nickname"]?.hasPendingEdit == false)
        #expect(form.commit().isEmpty)
        #expect(member.age == 12)
        #expect(member.nickname == "Bo")
        ageText.text = "many"
        let failures = form.commit()
        #expect(failures.map(\.label) == ["age"])
        #expect(member.age == 12)
    }
}

/// A price that is not `Equatable`.
private struct Money {
    var cents: Int
}

/// A shop whose price announces its changes.
private final class Shop: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var price = Money(cents: 100)
}

/// A field that holds a price.
private final class MoneyField {
    var value = Money(cents: 0)
}

/// Values that are not `Equatable` are the same when their bits are: the model's unchanged value
/// (a copy of what it last showed) never overwrites an edit; a value built anew wins.
@Suite struct NonEquatableEditTests {
    private func pricePair(
        _ shop: Shop, _ field: MoneyField, modelTrigger: TestTrigger, formTriggers: [any Trigger] = [],
        continuous: Bool = true
    ) -> TwoWayBinding<Property<Shop, Money>, Property<MoneyField, Money>> {
        TwoWayBinding(
            "price", model: Property(shop, \.price), form: Property(field, \.value),
            modelTriggers: [modelTrigger, KeyPathTrigger(shop, \.price)], formTriggers: formTriggers,
            validators: [Validator("small") { $0.cents < 1000 ? nil : "too big" }], continuous: continuous)
    }

    @Test func aRefusedEditSurvivesTheModelsUnchangedValue() {
        let shop = Shop()
        let field = MoneyField()
        let modelChanged = TestTrigger()
        let formChanged = TestTrigger()
        let pair = pricePair(shop, field, modelTrigger: modelChanged, formTriggers: [formChanged])
        field.value = Money(cents: 5000)
        formChanged.fire()
        #expect(pair.error != nil)
        modelChanged.fire()
        #expect(field.value.cents == 5000)
        #expect(pair.hasPendingEdit)
        shop.price = Money(cents: 200)  // a value built anew: the model wins
        #expect(field.value.cents == 200)
        #expect(!pair.hasPendingEdit)
    }

    @Test func anEditWaitingForACommitSurvivesTheModelsUnchangedValue() {
        let shop = Shop()
        let field = MoneyField()
        let modelChanged = TestTrigger()
        let formChanged = TestTrigger()
        let pair = pricePair(shop, field, modelTrigger: modelChanged, formTriggers: [formChanged], continuous: false)
        field.value = Money(cents: 700)
        formChanged.fire()
        modelChanged.fire()
        #expect(field.value.cents == 700)
        #expect(pair.commit().description == "written")
        #expect(shop.price.cents == 700)
    }

    @Test func anUnreportedEditIsKeptAndCommitted() {
        let shop = Shop()
        let field = MoneyField()
        let modelChanged = TestTrigger()
        let pair = pricePair(shop, field, modelTrigger: modelChanged)
        #expect(field.value.cents == 100)
        #expect(!pair.hasPendingEdit)
        field.value = Money(cents: 300)
        modelChanged.fire()
        #expect(field.value.cents == 300)
        #expect(pair.hasPendingEdit)
        #expect(pair.commit().description == "written")
        #expect(shop.price.cents == 300)
        #expect(!pair.hasPendingEdit)
    }
}

/// A form whose object is gone holds no edit: the pair's next model → form update fails, says
/// so once, and ends the pair, whether or not the model's value changed.
@Suite struct GoneFormEndsThePairTests {
    @Test func aTransformedFormWhoseObjectIsGoneEndsThePairOnAnUnchangedModelValue() {
        let member = Member(age: 10)
        var field: Field? = Field()
        let pair = ageField(member, field!, formTriggers: [])
        #expect(field?.text == "10")
        field = nil
        member.announceAge()
        #expect(pair.error?.error is PropertyError)
        #expect(!pair.toForm.isValid)
        #expect(!pair.toModel.isValid)
    }

    @Test func aFormOfAValueThatIsNotEquatableWhoseObjectIsGoneEndsThePair() {
        let shop = Shop()
        var field: MoneyField? = MoneyField()
        let modelChanged = TestTrigger()
        let pair = TwoWayBinding(
            "price", model: Property(shop, \.price), form: Property(field!, \.value), modelTriggers: [modelChanged])
        #expect(field?.value.cents == 100)
        field = nil
        modelChanged.fire()
        #expect(pair.error?.error is PropertyError)
        #expect(!pair.toForm.isValid)
    }
}

extension GoneFormEndsThePairTests {
    @Test func aFormWhoseObjectIsGoneHoldsNoPendingEdit() {
        let member = Member(age: 10)
        var field: Field? = Field()
        let pair = ageField(member, field!, formTriggers: [])
        field = nil
        #expect(!pair.hasPendingEdit)
        #expect(pair.commit().description == "unchanged")
        #expect(member.age == 10)
    }
}

/// A text field whose getter can run a hook once, after it has read its text: the moment between
/// a commit's first look at the field and its entering the pair.
private final class HookedField {
    var stored = ""
    var onRead: (() -> Void)?
    var text: String {
        get {
            let text = stored
            if let hook = onRead {
                onRead = nil
                hook()
            }
            return text
        }
        set { stored = newValue }
    }
}

extension UnreportedEditTests {
    @Test func anEditGoneByTheTimeTheCommitEntersThePairIsNotWritten() {
        let member = Member(age: 10)
        let field = HookedField()
        let pair = TwoWayBinding(
            "age", model: Property(member, \.age),
            form: StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: integers()),
            modelTriggers: [TestTrigger()])
        #expect(field.stored == "10")
        field.stored = "12"
        // Once the commit has seen "12": the field shows the model's 10 again, and the model
        // changes to 20 (its trigger has not fired yet).
        field.onRead = {
            field.stored = "10"
            member.age = 20
        }
        #expect(pair.commit().description == "unchanged")
        #expect(member.age == 20)
    }
}
