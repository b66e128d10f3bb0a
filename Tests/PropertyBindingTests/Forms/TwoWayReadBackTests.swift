import PropertyBinding
import PropertyBindingTesting
import Testing

/// A control that clamps what it is given to 0...100.
private final class Dial {
    var level = 0 {
        didSet { if level > 100 { level = 100 } }
    }
}

/// A model that clamps its count to 0...50, and announces it.
private final class Stock: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    var count = 0 {
        didSet {
            if count > 50 { count = 50 }
            didChange(\.count)
        }
    }
}

/// A model that keeps any count.
private final class Reservoir {
    var count = 0
}

/// A field that announces its count.
private final class CountField: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    var count = 0 { didSet { didChange(\.count) } }
}

/// A property of the user's own, without `_writeInOneVisit`: the protocol's default serves it.
private struct Doubling: WritableProperty {
    let dial: Dial
    func read() throws -> Int { dial.level }
    func write(_ newValue: Int) throws { dial.level = newValue * 2 }
}

/// A two-way pair reads each destination back in the same visit as its write (issue 36): what
/// it reads there is what a read afterwards returns, and the pair acts on it as before.
@Suite struct TwoWayReadBackTests {
    @Test func aPropertyReadsBackWhatItsObjectKeptInTheWritesVisit() throws {
        let dial = Dial()
        let level = Property(dial, \.level)
        let clamped = try level._writeInOneVisit(150, readingBack: true) { _ in true }
        #expect(clamped.written && clamped.readBack == 100)
        var asked: Int?
        let declined = try level._writeInOneVisit(7, readingBack: true) { current in
            asked = current
            return false
        }
        #expect(!declined.written && declined.readBack == 100 && asked == 100 && dial.level == 100)
        let unread = try level._writeInOneVisit(42, readingBack: false) { _ in true }
        #expect(unread.written && unread.readBack == nil && dial.level == 42)
    }

    @Test func aPropertyOfTheUsersOwnReadsBackThroughTheDefault() throws {
        let dial = Dial()
        let doubled = try Doubling(dial: dial)._writeInOneVisit(30, readingBack: true) { _ in true }
        #expect(doubled.written && doubled.readBack == 60)
    }

    @Test func aPropertyWhoseObjectIsGoneThrowsAndWritesNothing() {
        var dial: Dial? = Dial()
        let level = Property(dial!, \.level)
        dial = nil
        #expect(throws: PropertyError.self) { try level._writeInOneVisit(1, readingBack: true) { _ in true } }
    }

    @Test func aFormThatClampsIsShownAsItReadsBackAndHoldsNoEdit() {
        let reservoir = Reservoir()
        let dial = Dial()
        let modelChanged = TestTrigger()
        let pair = TwoWayBinding(
            model: Property(reservoir, \.count), form: Property(dial, \.level), modelTriggers: [modelChanged])
        // The dial reads back as 100 for a model of 120 it cannot show whole: no edit.
        reservoir.count = 120
        modelChanged.fire()
        #expect(dial.level == 100 && !pair.hasPendingEdit)
        // Typed over, it holds an edit, which the model, unchanged, does not overwrite.
        dial.level = 30
        #expect(pair.hasPendingEdit)
        modelChanged.fire()
        #expect(dial.level == 30 && reservoir.count == 120)
        withExtendedLifetime(pair) {}
    }

    @Test func aModelThatClampsIsShownInTheFormAfterAWrite() {
        let stock = Stock()
        let field = CountField()
        let pair = TwoWayBinding(
            model: Property(stock, \.count), form: Property(field, \.count),
            modelTriggers: [KeyPathTrigger(stock, \.count)], formTriggers: [KeyPathTrigger(field, \.count)])
        field.count = 70
        // The model holds 50 (its clamp), read back in the write's visit, and the form shows it.
        #expect(stock.count == 50 && field.count == 50)
        #expect(!pair.hasPendingEdit && pair.error == nil)
        field.count = 30
        #expect(stock.count == 30 && field.count == 30)
        withExtendedLifetime(pair) {}
    }

    @Test func anEchoIsStoppedBeforeTheOtherDirection() {
        let stock = Stock()
        let field = CountField()
        let pair = TwoWayBinding(
            model: Property(stock, \.count), form: Property(field, \.count),
            modelTriggers: [KeyPathTrigger(stock, \.count)], formTriggers: [KeyPathTrigger(field, \.count)])
        let (toForm, toModel) = (pair.toForm.updateCounts, pair.toModel.updateCounts)
        stock.count = 12
        // Model → form wrote once; the field's announcement of that write is the echo, which
        // the form's `KeyPathTrigger` stops before form → model: that direction neither writes
        // nor counts it (a custom trigger's echo reaches it and counts as skipped).
        #expect(field.count == 12)
        #expect(pair.toForm.updateCounts.written == toForm.written + 1)
        #expect(pair.toModel.updateCounts == toModel)
        withExtendedLifetime(pair) {}
    }

    @Test func aFormFailureIsForgottenWhenTheModelIsShownAgain() {
        let stock = Stock()
        let field = CountField()
        let modelChanged = TestTrigger()
        let formChanged = TestTrigger()
        let pair = TwoWayBinding(
            model: Property(stock, \.count), form: Property(field, \.count), modelTriggers: [modelChanged],
            formTriggers: [formChanged], validators: [.range(0...10)])
        pair.onError = { _ in }
        field.count = 99
        formChanged.fire()
        #expect(pair.error != nil && pair.hasPendingEdit && stock.count == 0)
        // The model unchanged does not overwrite the failed edit.
        modelChanged.fire()
        #expect(field.count == 99 && pair.hasPendingEdit)
        // A model that changed wins, and the failure is forgotten.
        stock.count = 5
        modelChanged.fire()
        #expect(field.count == 5 && pair.error == nil && !pair.hasPendingEdit)
    }
}
