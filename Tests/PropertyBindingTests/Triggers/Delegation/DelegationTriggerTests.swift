import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

private final class Person {
    var name = ""
}

// MARK: The recipe, for a class with a plain delegate property

private protocol DialDelegate: AnyObject {
    func dialDidMove(_ dial: Dial)
    func dialShouldSnap(_ dial: Dial) -> Bool
}

private final class Dial {
    weak var delegate: (any DialDelegate)?
    var value = 0.0
    func userMoved(to value: Double) {
        self.value = value
        delegate?.dialDidMove(self)
        if delegate?.dialShouldSnap(self) ?? false { self.value = value.rounded() }
    }
}

private final class DialDelegateProxy: DelegateProxy<Dial, any DialDelegate>, DialDelegate {
    init(_ dial: Dial) { super.init(dial, delegate: \.delegate) }

    func dialDidMove(_ dial: Dial) {
        forward { $0.dialDidMove(dial) }
        fire(.dialDidMove)
    }
    func dialShouldSnap(_ dial: Dial) -> Bool {
        defer { fire(.dialShouldSnap) }
        return forward { $0.dialShouldSnap(dial) } ?? false
    }
}

extension DelegateCallback {
    fileprivate static let dialDidMove: DelegateCallback = "dialDidMove"
    fileprivate static let dialShouldSnap: DelegateCallback = "dialShouldSnap"
}

private final class SnappingDelegate: DialDelegate {
    var moves = 0
    func dialDidMove(_ dial: Dial) { moves += 1 }
    func dialShouldSnap(_ dial: Dial) -> Bool { true }
}

private final class Readout {
    var value = 0.0
}

@Suite struct DelegationTriggerTests {
    init() { DefaultErrorRouting.install }

    @Test func firesOnItsCallbacksOnlyAfterTheDelegateWasTold() {
        let field = TextField()
        let person = Person()
        let delegate = RecordingTextFieldDelegate()
        field.delegate = delegate
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        let trigger = DelegationTrigger(textField: field, callbacks: [.textFieldDidEndEditing])
        storeName.addTrigger(trigger)
        let recorder = BindingRecorder(storeName)

        #expect(recorder.producesNoUpdate { field.simulateTyping("Ann") })
        #expect(recorder.destination(holds: "Ann") { field.endEditing() })
        #expect(trigger.lastCallback == .textFieldDidEndEditing)
        #expect(delegate.calls == ["begin", "shouldChange:Ann", "change:Ann", "end"])
    }

    @Test func theDelegateStillAnswersTheQuestions() {
        let field = TextField(text: "Ann")
        let person = Person()
        let delegate = RecordingTextFieldDelegate()
        delegate.allowsChange = false
        field.delegate = delegate
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        storeName.addTrigger(DelegationTrigger(textField: field, callbacks: [.textFieldDidChange]))

        #expect(!field.simulateTyping("Bob"))
        #expect(field.text == "Ann")
        #expect(person.name == "")
    }

    @Test func forwardsToTheOriginalDelegateBeforeDuringAndAfterAndRestoresIt() {
        let field = TextField()
        let person = Person()
        let original = RecordingTextFieldDelegate()
        field.delegate = original
        field.simulateTyping("A")
        #expect(original.calls.last == "change:A")

        let bindings = BindingSet()
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        let trigger = DelegationTrigger(textField: field, callbacks: [.textFieldDidChange])
        storeName.addTrigger(trigger)
        bindings.add(storeName)
        #expect(field.delegateSlot.proxyCount == 1)
        #expect(field.delegateSlot.receiver === trigger.proxy)
        #expect(field.delegate === original)  // your delegate is still yours
        field.simulateTyping("Ann")
        #expect(original.calls.last == "change:Ann")
        #expect(person.name == "Ann")

        bindings.removeAll()
        #expect(field.delegateSlot.proxyCount == 0)
        #expect(field.delegateSlot.receiver === original)
        #expect(!trigger.isObserving)
        field.simulateTyping("Bob")
        #expect(original.calls.last == "change:Bob")
        #expect(person.name == "Ann")
    }

    @Test func aDelegateSetWhileTheProxyIsInstalledIsForwardedTo() {
        let field = TextField()
        let person = Person()
        let first = RecordingTextFieldDelegate()
        field.delegate = first
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        let trigger = DelegationTrigger(textField: field, callbacks: [.textFieldDidChange])
        storeName.addTrigger(trigger)

        let later = RecordingTextFieldDelegate()
        field.delegate = later
        field.simulateTyping("Ann")
        #expect(later.calls == ["begin", "shouldChange:Ann", "change:Ann"])
        #expect(first.calls.isEmpty)
        #expect(person.name == "Ann")

        storeName.removeTrigger(trigger)
        #expect(field.delegate === later)
        #expect(field.delegateSlot.receiver === later)
    }

    @Test func twoTriggersChainAndComeOffInAnyOrder() {
        let field = TextField()
        let person = Person()
        let other = Person()
        let original = RecordingTextFieldDelegate()
        field.delegate = original
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        let first = DelegationTrigger(textField: field, callbacks: [.textFieldDidChange])
        storeName.addTrigger(first)
        let storeOther = Binding(source: Property(field, \.text), destination: Property(other, \.name))
        let second = DelegationTrigger(textField: field, callbacks: [.textFieldDidChange])
        storeOther.addTrigger(second)
        #expect(field.delegateSlot.proxyCount == 2)

        storeName.removeTrigger(first)  // the inner one first
        field.simulateTyping("Ann")
        #expect(other.name == "Ann")
        #expect(person.name == "")
        #expect(original.calls.last == "change:Ann")
        storeOther.invalidate()
        #expect(field.delegateSlot.proxyCount == 0)
        #expect(field.delegateSlot.receiver === original)
    }

    @Test func aProxyForAPlainDelegatePropertyReplacesAndRestoresIt() {
        let dial = Dial()
        let readout = Readout()
        let original = SnappingDelegate()
        dial.delegate = original
        let showValue = Binding(source: Property(dial, \.value), destination: Property(readout, \.value))
        let trigger = DelegationTrigger(proxy: DialDelegateProxy(dial), callbacks: [.dialShouldSnap])
        showValue.addTrigger(trigger)
        #expect(dial.delegate === trigger.proxy)

        dial.userMoved(to: 2.4)
        #expect(original.moves == 1)  // forwarded
        #expect(dial.value == 2)  // the original's answer was used
        #expect(readout.value == 2.4)  // fired in dialShouldSnap, before the snap
        dial.userMoved(to: 3)
        #expect(readout.value == 3)

        showValue.invalidate()
        #expect(dial.delegate === original)
        dial.userMoved(to: 5)
        #expect(original.moves == 3)
        #expect(readout.value == 3)
    }

    @Test func aDeadDestinationIsAFailureNotACrash() {
        let field = TextField()
        var person: Person? = Person()
        let storeName = Binding(source: Property(field, \.text), destination: Property(person!, \.name))
        storeName.addTrigger(DelegationTrigger(textField: field, callbacks: [.textFieldDidChange]))
        person = nil
        field.simulateTyping("Ann")
        #expect(lastPropertyError(storeName) == .objectDeallocated(root: "Person", keyPath: "\\Person.name"))
    }

    @Test func aDeadSourceIsAFailureNotACrash() {
        var field: TextField? = TextField()
        let person = Person()
        let storeName = Binding(source: Property(field!, \.text), destination: Property(person, \.name))
        let trigger = DelegationTrigger(textField: field!, callbacks: [.textFieldDidChange])
        storeName.addTrigger(trigger)
        field = nil
        #expect(trigger.proxy.object == nil)
        storeName.triggerDidFire(trigger)
        #expect(lastPropertyError(storeName) == .objectDeallocated(root: "TextField", keyPath: "\\TextField.text"))
        storeName.invalidate()
        #expect(!trigger.isObserving)
    }

    @Test func aTwoWayPairSettlesWithoutRecursion() {
        let left = AnnouncingTextField()
        let right = AnnouncingTextField()
        let toRight = Binding(source: Property(left, \.text), destination: Property(right, \.announcedText))
        toRight.addTrigger(DelegationTrigger(textField: left, callbacks: [.textFieldDidChange]))
        let toLeft = Binding(source: Property(right, \.text), destination: Property(left, \.announcedText))
        toLeft.addTrigger(DelegationTrigger(textField: right, callbacks: [.textFieldDidChange]))

        left.simulateTyping("Ann")
        #expect(right.text == "Ann")
        right.announcedText = "Bob"
        #expect(left.text == "Bob")
        #expect(left.writes == 1)
        #expect(right.writes == 2)
    }

    @Test func theProxyKeepsNeitherTheFieldNorTheDelegateAlive() {
        weak var weakField: TextField?
        weak var weakDelegate: RecordingTextFieldDelegate?
        let person = Person()
        let bindings = BindingSet()
        do {
            let field = TextField()
            let delegate = RecordingTextFieldDelegate()
            weakField = field
            weakDelegate = delegate
            field.delegate = delegate
            let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
            storeName.addTrigger(DelegationTrigger(textField: field, callbacks: [.textFieldDidChange]))
            bindings.add(storeName)
        }
        #expect(weakField == nil)
        #expect(weakDelegate == nil)
    }

    /// Every binding of a delegate callback has a trigger: this pins its size (one callback
    /// watched is kept inline), so that it cannot grow back unnoticed.
    @Test func aTriggerIsOneSmallAllocation() throws {
        let field = TextField()
        let size = try #require(
            allocationSize { DelegationTrigger(textField: field, callbacks: [.textFieldDidEndEditing]) })
        #expect(size <= 72)
    }

    @Test func severalCallbacksAreKeptAndTheLastOneThatFiredIsTold() {
        let field = TextField()
        let person = Person()
        let watched: Set<DelegateCallback> = [.textFieldDidBeginEditing, .textFieldDidChange, .textFieldDidEndEditing]
        let storeName = Binding(source: Property(field, \.text), destination: Property(person, \.name))
        let trigger = DelegationTrigger(textField: field, callbacks: watched)
        storeName.addTrigger(trigger)
        #expect(trigger.callbacks == watched)
        #expect(trigger.lastCallback == nil)

        field.simulateTyping("Ann")
        #expect(trigger.lastCallback == .textFieldDidChange)
        #expect(person.name == "Ann")
        field.endEditing()
        #expect(trigger.lastCallback == .textFieldDidEndEditing)
        field.simulateReturn()  // .textFieldShouldReturn: not watched
        #expect(trigger.lastCallback == .textFieldDidEndEditing)
        #expect(DelegationTrigger(textField: field, callbacks: []).callbacks.isEmpty)
        let one = DelegationTrigger(textField: field, callbacks: [.textFieldDidChange])
        #expect(one.callbacks == [.textFieldDidChange])
    }
}
