import Foundation
import PropertyBinding
import PropertyBindingTesting
import Testing

extension UpdateCountsTests {
    final class Model { var age = 0 }
    final class Field { var text = "" }
}

@Suite struct UpdateCountsTests {
    @Test func aBindingCountsWritesSkipsAndFailures() {
        let model = Model()
        let field = Field()
        let storeAge = Binding(
            source: StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: NumberFormatter()),
            destination: Property(model, \.age))
        storeAge.onError = { _ in }
        #expect(storeAge.updateCounts == UpdateCounts())

        field.text = "42"
        storeAge.update()  // written
        storeAge.update()  // 42 again: skipped
        field.text = "forty"
        storeAge.update()  // failed
        #expect(storeAge.updateCounts == UpdateCounts(written: 1, skipped: 1, failed: 1))
        #expect(storeAge.updateCounts.description == "written 1, skipped 1, failed 1")
    }

    @Test func aTriggerFiringCountsLikeAnUpdate() {
        let model = Model()
        let field = Field()
        let showAge = Binding(source: Property(model, \.age).map { "\($0)" }, destination: Property(field, \.text))
        let trigger = TestTrigger()
        showAge.addTrigger(trigger)
        model.age = 1
        trigger.fire()
        model.age = 2
        trigger.fire()
        #expect(showAge.updateCounts.written == 2)
    }

    @Test func theEchoATwoWayPairSuppressesIsASkip() {
        let model = Model()
        let field = Field()
        let modelTrigger = TestTrigger()
        let pair = TwoWayBinding(
            "age", model: Property(model, \.age),
            form: StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: NumberFormatter()),
            modelTriggers: [modelTrigger])
        // The form writes the model; the model's trigger fires model → form inside that update.
        pair.toModel.onUpdate = { _ in modelTrigger.fire() }
        field.text = "7"
        pair.toModel.update()
        #expect(model.age == 7)
        #expect(pair.toModel.updateCounts == UpdateCounts(written: 1, skipped: 0, failed: 0))
        // Created showing the model (written), then the echo (skipped).
        #expect(pair.toForm.updateCounts == UpdateCounts(written: 1, skipped: 1, failed: 0))
    }

    @Test func anInvalidatedBindingCountsNothingMore() {
        let binding = Binding(source: Property(Model(), \.age), destination: Property(Model(), \.age))
        binding.invalidate()
        #expect(binding.update().description == "invalidated")
        #expect(binding.updateCounts == UpdateCounts())
    }
}
