import PropertyBinding
import PropertyBindingControls
import Testing

private final class FormController {
    var log: [String] = []
    func nameChanged(_ sender: TextField) { log.append("name:\(sender.text)") }
    func anyControl(_ sender: Control) { log.append("control") }
    func stepped(_ sender: Stepper) { log.append("step:\(sender.value)") }
    func saved() { log.append("saved") }
}

@Suite struct ControlTests {
    @Test func sendsActionsToMethodReferencesForTheirEventsOnly() {
        let field = TextField()
        let controller = FormController()
        field.addTarget(controller, action: FormController.nameChanged, for: .editingChanged)
        field.addTarget(controller, action: FormController.anyControl, for: [.editingChanged, .editingDidEnd])
        field.addTarget(controller, action: FormController.saved, for: .primaryActionTriggered)

        field.simulateTyping("Ann")
        #expect(controller.log == ["name:Ann", "control"])
        field.simulateReturn()
        #expect(controller.log == ["name:Ann", "control", "saved", "control"])
        #expect(!field.isEditing)
    }

    @Test func anActionForAnotherControlClassIsNeverCalled() {
        let field = TextField()
        let controller = FormController()
        field.addTarget(controller, action: FormController.stepped, for: .allEvents)
        field.sendActions(for: .allEvents)
        #expect(controller.log.isEmpty)
    }

    @Test func settingTheTextFromCodeSendsNothing() {
        let field = TextField()
        let controller = FormController()
        let delegate = RecordingTextFieldDelegate()
        field.delegate = delegate
        field.addTarget(controller, action: FormController.nameChanged, for: .allEvents)
        field.text = "Bob"
        #expect(controller.log.isEmpty)
        #expect(delegate.calls.isEmpty)
    }

    @Test func targetsAreHeldWeakly() {
        let field = TextField()
        weak var weakController: FormController?
        do {
            let controller = FormController()
            weakController = controller
            field.addTarget(controller, action: FormController.nameChanged, for: .editingChanged)
            #expect(field.actionCount() == 1)
        }
        #expect(weakController == nil)
        #expect(field.actionCount() == 0)
        field.simulateTyping("Ann")  // a gone target is skipped
        #expect(field.allTargets.isEmpty)
    }

    @Test func removeTargetRemovesOneActionOneEventOrEverything() {
        let field = TextField()
        let controller = FormController()
        let other = FormController()
        let name = field.addTarget(
            controller, action: FormController.nameChanged, for: [.editingChanged, .editingDidEnd])
        field.addTarget(controller, action: FormController.saved, for: .editingChanged)
        field.addTarget(other, action: FormController.saved, for: .editingChanged)

        field.removeTarget(controller, action: name, for: .editingDidEnd)
        #expect(field.events(for: controller) == .editingChanged)
        field.removeTarget(controller, action: name)
        field.sendActions(for: .editingChanged)
        #expect(controller.log == ["saved"])
        #expect(field.actionCount() == 2)

        field.removeTarget(controller)
        #expect(field.allTargets.map(ObjectIdentifier.init) == [ObjectIdentifier(other)])
        field.removeTarget(nil)
        #expect(field.actionCount() == 0)
    }

    @Test func theDelegateIsAskedAndToldInOrder() {
        let field = TextField(placeholder: "Name")
        let delegate = RecordingTextFieldDelegate()
        field.delegate = delegate
        #expect(field.simulateTyping("Ann"))
        delegate.allowsChange = false
        #expect(!field.simulateTyping("Bob"))
        #expect(field.text == "Ann")
        delegate.allowsReturn = false
        #expect(!field.simulateReturn())
        field.endEditing()
        #expect(delegate.calls == ["begin", "shouldChange:Ann", "change:Ann", "shouldChange:Bob", "return", "end"])
        #expect(field.placeholder == "Name")
    }

    @Test func aStepperStepsWithinItsBoundsAndSendsValueChanged() {
        let stepper = Stepper(value: 9, minimumValue: 0, maximumValue: 10, stepValue: 1)
        let controller = FormController()
        stepper.addTarget(controller, action: FormController.stepped, for: .valueChanged)
        stepper.simulateIncrement()
        stepper.simulateIncrement()  // at the maximum: no change, no event
        stepper.simulateDecrement()
        #expect(controller.log == ["step:10.0", "step:9.0"])
        stepper.value = 42  // from code: clamped, no event
        #expect(stepper.value == 10)
        #expect(stepper.intValue == 10)
        #expect(controller.log.count == 2)
    }

    @Test func aWrappingStepperContinuesFromTheOtherBound() {
        let stepper = Stepper(value: 3, minimumValue: 1, maximumValue: 3, wraps: true)
        stepper.simulateIncrement()
        #expect(stepper.value == 1)
        stepper.simulateDecrement()
        #expect(stepper.value == 3)
        stepper.intValue = 2
        #expect(stepper.value == 2)
    }
}
