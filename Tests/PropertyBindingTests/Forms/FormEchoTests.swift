import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// A model with a `Double` that announces its changes.
private final class Measure: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var value: Double

    init(_ value: Double) { self.value = value }
}

/// A text field whose text announces every change, its own writes in code included (as a
/// key-value observed text property does).
private final class AnnouncingField: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var text = ""
}

/// A control that clamps what it is given to 0...100, and announces every change.
private final class Gauge: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var level = 0.0 {
        didSet { if level > 100 { level = 100 } }
    }
}

/// de_DE with at most two fraction digits: 1.755 is shown as "1,76".
private func german() -> NumberFormatter {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: "de_DE")
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 2
    return formatter
}

/// A field of `measure.value` shown in `field.text`, whose form trigger fires 300 ms after the
/// text changes (a debounced text field), on `clock`.
private func debouncedField(
    _ label: String, _ measure: Measure, _ field: AnnouncingField, clock: TestClock
) -> TwoWayBinding<Property<Measure, Double>, StringToNumberTransformer<Double>> {
    TwoWayBinding(
        label, model: Property(measure, \.value),
        form: StringToNumberTransformer<Double>(property: Property(field, \.text), formatter: german()),
        modelTriggers: [KeyPathTrigger(measure, \.value)],
        formTriggers: [KeyPathTrigger(field, \.text).debounced(for: .milliseconds(300), clock: clock)])
}

/// The model's value, shown rounded in the form, must not come back into the model when the
/// form's trigger fires later than the write (debounced, or on another queue): nobody edited it.
@Suite struct FormEchoTests {
    @Test func aRoundedValueShownByALateTriggerIsNotWrittenBack() {
        let clock = TestClock()
        let measure = Measure(1.755)
        let field = AnnouncingField()
        let pair = debouncedField("height", measure, field, clock: clock)
        clock.advance(by: .seconds(1))
        #expect(field.text == "1,76")
        #expect(measure.value == 1.755)
        #expect(!pair.hasPendingEdit)

        measure.value = 2.345  // set in code: shown as "2,35" or "2,34", read back as another value
        clock.advance(by: .seconds(1))
        #expect(measure.value == 2.345)

        pair.discard()
        clock.advance(by: .seconds(1))
        #expect(measure.value == 2.345)

        measure.value = 2.345  // announced again, unchanged
        clock.advance(by: .seconds(1))
        #expect(measure.value == 2.345)
        withExtendedLifetime(pair) {}
    }

    @Test func anEditIsStillWrittenAndAnEditBackToTheShownTextLeavesTheModel() {
        let clock = TestClock()
        let measure = Measure(1.755)
        let field = AnnouncingField()
        let pair = debouncedField("height", measure, field, clock: clock)
        clock.advance(by: .seconds(1))

        field.text = "1,7"
        clock.advance(by: .seconds(1))
        #expect(measure.value == 1.7)

        measure.value = 1.755
        clock.advance(by: .seconds(1))
        field.text = "1,8"
        field.text = "1,76"  // typed back to what the form showed: the model's value, not an edit
        clock.advance(by: .seconds(1))
        #expect(measure.value == 1.755)
        #expect(!pair.hasPendingEdit)
        #expect(pair.error == nil)
        withExtendedLifetime(pair) {}
    }

    @Test func aValueSetInCodeLeavesNoPendingEditForTheNextCommit() {
        let clock = TestClock()
        let (a, b) = (Measure(0), Measure(5))
        let (fieldA, fieldB) = (AnnouncingField(), AnnouncingField())
        let form = BindingForm(continuous: false) {
            debouncedField("a", a, fieldA, clock: clock)
            debouncedField("b", b, fieldB, clock: clock)
        }
        a.value = 0.1 + 0.2 + 1e-9  // from a server, say: shown as "0,3"
        clock.advance(by: .seconds(1))
        #expect(!form.hasPendingEdits)

        fieldB.text = "6"  // the user edits b only
        clock.advance(by: .seconds(1))
        #expect(form.commit().isEmpty)
        #expect(b.value == 6)
        #expect(a.value == 0.1 + 0.2 + 1e-9)
    }

    @Test func aValueTheFormClampsIsNotWrittenBack() {
        let clock = TestClock()
        let measure = Measure(150)
        let gauge = Gauge()
        let pair = TwoWayBinding(
            "level", model: Property(measure, \.value), form: Property(gauge, \.level),
            modelTriggers: [KeyPathTrigger(measure, \.value)],
            formTriggers: [KeyPathTrigger(gauge, \.level).debounced(for: .milliseconds(300), clock: clock)])
        clock.advance(by: .seconds(1))
        #expect(gauge.level == 100)
        #expect(measure.value == 150)

        measure.value = 120  // set in code, after the form's trigger is added
        clock.advance(by: .seconds(1))
        #expect(gauge.level == 100)
        #expect(measure.value == 120)

        gauge.level = 40  // the user moves it
        clock.advance(by: .seconds(1))
        #expect(measure.value == 40)
        withExtendedLifetime(pair) {}
    }

    @Test func aFieldThatCannotShowItsModelDoesNotBlockTheCommitOfAnother() throws {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.numberStyle = .decimal
        let (x, y) = (Measure(.nan), Measure(1))
        let (fieldX, fieldY) = (TextField(), TextField())
        let form = BindingForm(continuous: false) {
            TwoWayBinding(
                "x", model: Property(x, \.value),
                form: StringToNumberTransformer<Double>(property: Property(fieldX, \.text), formatter: formatter),
                modelTriggers: [KeyPathTrigger(x, \.value)],
                formTriggers: [TargetActionTrigger(control: fieldX, events: .editingChanged)])
            TwoWayBinding(
                "y", model: Property(y, \.value),
                form: StringToNumberTransformer<Double>(property: Property(fieldY, \.text), formatter: formatter),
                modelTriggers: [KeyPathTrigger(y, \.value)],
                formTriggers: [TargetActionTrigger(control: fieldY, events: .editingChanged)])
        }
        let shownError = try #require(form["x"]?.error?.error as? TransformError)
        #expect(shownError.reason == .notRepresentable)

        fieldY.simulateTyping("2")
        #expect(form.commit().isEmpty)
        #expect(y.value == 2)
        #expect(x.value.isNaN)
        // x keeps the reason it shows nothing, not a complaint about the empty text.
        #expect((form["x"]?.error?.error as? TransformError)?.reason == .notRepresentable)

        fieldX.simulateTyping("")  // an edit of x is checked as any edit is
        #expect(!form.commit().isEmpty)
        #expect(x.value.isNaN)
    }
}
