import PropertyBinding
import PropertyBindingControls
import Testing

@Suite struct StepperTests {
    @Test func aNaNValueIsIgnored() {
        let stepper = Stepper(value: 5, minimumValue: 0, maximumValue: 10)
        stepper.value = .nan
        #expect(stepper.value == 5)
        #expect(stepper.intValue == 5)
        #expect(Stepper(value: .nan, minimumValue: 2, maximumValue: 10).value == 2)
    }

    @Test func aNaNStepLeavesTheValueAlone() {
        let stepper = Stepper(value: 5, minimumValue: 0, maximumValue: 10)
        stepper.stepValue = .nan
        stepper.simulateIncrement()
        #expect(stepper.value == 5)
    }

    @Test func intValueNeverTraps() {
        let stepper = Stepper(value: 0, minimumValue: -.infinity, maximumValue: .infinity)
        stepper.value = 1e300
        #expect(stepper.intValue == .max)
        stepper.value = -.infinity
        #expect(stepper.intValue == .min)
        stepper.value = 41.6
        #expect(stepper.intValue == 42)
    }

    @Test func aBindingFromANaNModelKeepsTheStepperANumber() {
        final class Gauge { var level = Double.nan }
        let gauge = Gauge()
        let stepper = Stepper(value: 3)
        let show = Binding(source: Property(gauge, \.level), destination: Property(stepper, \.value))
        show.update()
        #expect(stepper.intValue == 3)
    }
}
