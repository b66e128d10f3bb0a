import Testing

@testable import PropertyBinding

/// Every transition of a two-way pair's rules, without bindings: the values are numbers, the
/// form reads back as what the test says.
@Suite struct TwoWayStateMachineTests {
    typealias Machine = TwoWayStateMachine<Double>

    /// A continuous pair of `Equatable` values that agreed on `value`, its form reading back as
    /// `readBack` (the value itself when nil is not asked for).
    private func synced(_ value: Double = 1, readBack: Double?? = .none, continuous: Bool = true) -> Machine {
        var machine = Machine(isEqual: { $0 == $1 }, continuous: continuous)
        machine.formShowedModel(value, readBack: readBack ?? value)
        return machine
    }

    // MARK: Model → form

    @Test func aPairNeverSynchronisedShowsTheModelOverAFormWithoutEdit() {
        let machine = Machine(isEqual: { $0 == $1 }, continuous: true)
        #expect(machine.modelValueArrived(1, current: .some(5), formFailed: false) == .show)
        #expect(machine.synced == nil)
    }

    @Test func aPairNeverSynchronisedKeepsAFailedEditOfEquatableValuesOnly() {
        let equatable = Machine(isEqual: { $0 == $1 }, continuous: true)
        #expect(equatable.modelValueArrived(1, current: .some(5), formFailed: true) == .keepEdit)
        let bits = Machine(isEqual: nil, continuous: true)
        #expect(bits.modelValueArrived(1, current: .some(5), formFailed: true) == .show)
    }

    @Test func aModelValueThatChangedIsShownOverAnEdit() {
        var machine = synced(1, continuous: false)
        #expect(machine.formValueArrived(7) == .holdEdit)
        #expect(machine.modelValueArrived(2, current: .some(7), formFailed: true) == .show)
    }

    @Test func theModelsUnchangedValueIsNotShownOverAnEditReportedOrNot() {
        var held = synced(1, continuous: false)
        #expect(held.formValueArrived(7) == .holdEdit)
        #expect(held.modelValueArrived(1, current: nil, formFailed: false) == .keepEdit, "reported, held")
        let failed = synced(1)
        #expect(failed.modelValueArrived(1, current: nil, formFailed: true) == .keepEdit, "reported, failed")
        let unreported = synced(1)
        #expect(unreported.modelValueArrived(1, current: .some(7), formFailed: false) == .keepEdit, "not reported")
        #expect(unreported.modelValueArrived(1, current: .some(1), formFailed: false) == .show, "no edit")
    }

    @Test func aDiscardShowsTheModelOverAnyEdit() {
        var machine = synced(1, continuous: false)
        _ = machine.formValueArrived(7)
        let previous = machine.begin(.discard)
        #expect(previous == .none)
        #expect(machine.modelValueArrived(1, current: .some(7), formFailed: true) == .show)
    }

    @Test func showingTheModelForgetsTheEditAndRecordsWhatTheFormReadsBackAs() {
        var machine = synced(1, continuous: false)
        _ = machine.formValueArrived(7)
        machine.formShowedModel(1.755, readBack: 1.76)
        #expect(machine.synced == 1.755)
        #expect(!machine.holdsEdit)
        #expect(machine.isModelValueShownInForm(1.76))
        #expect(!machine.formHoldsEdit(1.76), "the rounding is the model's value as shown")
        #expect(machine.formHoldsEdit(1.755), "the model's exact value typed is an edit of the rounding")
    }

    @Test func aFormThatCouldNotBeReadHoldsAnEditOnceItReads() {
        var machine = synced(1)
        machine.formShowedModel(.nan, readBack: nil)
        #expect(!machine.formHoldsEdit(nil))
        #expect(machine.formHoldsEdit(3))
    }

    @Test func aFormThatCannotBeReadAnyMoreHoldsAnEdit() {
        let machine = synced(1)
        #expect(machine.formHoldsEdit(nil))
        #expect(!machine.formHoldsEdit(1))
    }

    @Test func aPairNeverSynchronisedHoldsNoEditInItsForm() {
        let machine = Machine(isEqual: { $0 == $1 }, continuous: true)
        #expect(!machine.formHoldsEdit(3))
        #expect(!machine.formHoldsEdit(nil))
    }

    // MARK: Form → model

    @Test func aContinuousPairWritesTheFormsValue() {
        var machine = synced(1)
        #expect(machine.formValueArrived(2) == .write)
        #expect(!machine.holdsEdit)
    }

    @Test func aPairNotContinuousHoldsTheEditUntilACommit() {
        var machine = synced(1, continuous: false)
        #expect(machine.formValueArrived(2) == .holdEdit)
        #expect(machine.holdsEdit)
        #expect(machine.hasPendingEdit(formFailed: false))
    }

    @Test func theModelsValueAsTheFormShowsItIsAnEchoNotWrittenBack() {
        var machine = synced(1.755, readBack: 1.76, continuous: false)
        _ = machine.formValueArrived(2)
        #expect(machine.formValueArrived(1.76) == .skipEcho)
        #expect(!machine.holdsEdit, "typing the shown value back is no pending edit")
    }

    @Test func theModelsValueComingBackUnchangedIsNoEditAndNotWrittenBack() {
        var machine = synced(1, continuous: false)
        _ = machine.formValueArrived(7)
        #expect(machine.formValueArrived(1) == .skipEcho, "typed back to what the model showed")
        #expect(!machine.holdsEdit)
        var continuous = synced(1)
        #expect(continuous.formValueArrived(1) == .skipEcho, "a late fire must not undo a model change")
        var never = Machine(isEqual: { $0 == $1 }, continuous: true)
        #expect(never.formValueArrived(1) == .write, "never synchronised: the form's value is taken")
    }

    @Test func aDiscardDoesNotTakeTheShownValueForAnEcho() {
        var machine = synced(1.755, readBack: 1.76)
        _ = machine.begin(.discard)
        #expect(machine.formValueArrived(1.76) == .write)
    }

    @Test func aCommitWritesWhatAPairNotContinuousHolds() {
        var machine = synced(1, continuous: false)
        _ = machine.formValueArrived(2)
        let previous = machine.begin(.commit)
        #expect(machine.formValueArrived(2) == .write)
        #expect(machine.modelTookFormValue(2, wrote: true) == .showModel(respelling: true))
        machine.commitEnded(restoring: previous)
        #expect(machine.operation == .none)
        #expect(!machine.holdsEdit)
        #expect(machine.synced == 2)
    }

    @Test func aWriteWhileTypingShowsTheModelWithoutRespelling() {
        var machine = synced(1)
        #expect(machine.modelTookFormValue(2, wrote: true) == .showModel(respelling: false))
        #expect(machine.synced == 2)
        #expect(!machine.formHoldsEdit(2) && !machine.isModelValueShownInForm(2), "the form shows the model itself")
    }

    @Test func aValueFoundInTheModelAlreadyIsNotShownAgain() {
        var machine = synced(1, continuous: false)
        _ = machine.formValueArrived(2)
        #expect(machine.modelTookFormValue(2, wrote: false) == .none)
        #expect(!machine.holdsEdit)
        #expect(machine.synced == 2)
    }

    @Test func aFieldThatOptedOutOrValuesWithoutEqualityShowNothingAfterAWrite() {
        var optedOut = synced(1)
        optedOut.showsModelAfterWrite = false
        #expect(optedOut.modelTookFormValue(2, wrote: true) == .none)
        var bits = Machine(isEqual: nil, continuous: true)
        #expect(bits.modelTookFormValue(2, wrote: true) == .none)
    }

    @Test func theModelShownAfterAWriteIsWhatBothSidesAgreeOn() {
        var machine = synced(1)
        _ = machine.modelTookFormValue(150, wrote: true)
        machine.formShowsModelAfterWrite(100, readBack: 100)
        #expect(machine.synced == 100, "the model clamped 150 to 100")
        #expect(!machine.formHoldsEdit(100))
        machine.formShowsModelAfterWrite(99.999, readBack: 100)
        #expect(machine.isModelValueShownInForm(100))
    }

    // MARK: Commit and discard

    @Test func aDiscardForgetsTheHeldEditAndRestoresTheOperation() {
        var machine = synced(1, continuous: false)
        _ = machine.formValueArrived(7)
        let outer = machine.begin(.commit)
        let inner = machine.begin(.discard)
        #expect(inner == .commit)
        machine.discardEnded(restoring: inner)
        #expect(!machine.holdsEdit)
        #expect(machine.operation == .commit, "a discard inside a commit leaves the commit running")
        machine.commitEnded(restoring: outer)
        #expect(machine.operation == .none)
    }

    @Test func aFailedEditIsPendingToo() {
        let machine = synced(1)
        #expect(!machine.hasPendingEdit(formFailed: false))
        #expect(machine.hasPendingEdit(formFailed: true))
    }

    @Test func valuesWithoutEqualityAreTheSameOnlyWhenTheirBitsAre() {
        #expect(TwoWayStateMachine<Double>.haveSameBits(1.5, 1.5))
        #expect(!TwoWayStateMachine<Double>.haveSameBits(0.0, -0.0), "equal, but other bits")
    }
}
