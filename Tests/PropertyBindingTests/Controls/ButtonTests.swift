import PropertyBinding
import PropertyBindingControls
import Testing

private final class SaveController {
    var log: [String] = []
    func save() { log.append("saved") }
    func anyEvent(_ sender: Control) { log.append("event") }
}

private final class Person {
    var name = ""
}

private final class SaveButton: Button {}

@Suite struct ButtonTests {
    @Test func aTapSendsThePrimaryActionWhileEnabled() {
        let save = Button(title: "Save")
        let controller = SaveController()
        save.addTarget(controller, action: SaveController.save, for: .primaryActionTriggered)
        #expect(save.isEnabled)
        save.simulateTap()
        save.simulateTap()
        #expect(controller.log == ["saved", "saved"])
    }

    @Test func aTapOfADisabledButtonSendsNothing() {
        let save = Button(title: "Save", isEnabled: false)
        let controller = SaveController()
        save.addTarget(controller, action: SaveController.anyEvent, for: .allEvents)
        save.simulateTap()
        #expect(controller.log.isEmpty)
        save.isEnabled = true
        save.simulateTap()
        #expect(controller.log == ["event"])
        save.isEnabled = false
        save.simulateTap()
        #expect(controller.log == ["event"])
    }

    @Test func settingTheTitleOrIsEnabledFromCodeSendsNothing() {
        let save = Button(title: "Save")
        let controller = SaveController()
        save.addTarget(controller, action: SaveController.anyEvent, for: .allEvents)
        save.title = "Saved"
        save.isEnabled = false
        save.isEnabled = true
        #expect(save.title == "Saved")
        #expect(controller.log.isEmpty)
    }

    @Test func aTapFiresABindingWhoseTriggerItIsOnlyWhileEnabled() {
        let field = TextField()
        let person = Person()
        let save = SaveButton(title: "Save")  // a subclass's tap is the same event
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        storeName.addTrigger(TargetActionTrigger(control: save, events: .primaryActionTriggered))
        field.simulateTyping("Ann")
        #expect(person.name == "", "typing alone does not store")
        save.simulateTap()
        #expect(person.name == "Ann")
        save.isEnabled = false
        field.simulateTyping("Bea")
        save.simulateTap()
        #expect(person.name == "Ann", "a disabled button's tap fires nothing")
        storeName.invalidate()
        #expect(save.actionCount() == 0)
    }

    @Test func theStandardRegistryInfersNoTriggerForTheTitleOrIsEnabled() {
        // Nothing announces them, so a binding that read them would never fire: it is refused.
        let save = Button(title: "Save")
        let subclassed = SaveButton(title: "Save")
        let registry = TriggerRegistry.standard
        #expect(!registry.hasTriggers(for: Property(save, \.title)))
        #expect(!registry.hasTriggers(for: Property(save, \.isEnabled)))
        #expect(!registry.hasTriggers(for: Property(subclassed, \.title)))
        #expect(!registry.hasTriggers(for: Property(subclassed, \.isEnabled)))
        let error = #expect(throws: TriggerRegistryError.self) {
            try registry.triggers(for: Property(save, \.title))
        }
        guard case .noTrigger(let root, _)? = error else {
            Issue.record("expected noTrigger, got \(String(describing: error))")
            return
        }
        #expect(root == "Button")
    }
}
