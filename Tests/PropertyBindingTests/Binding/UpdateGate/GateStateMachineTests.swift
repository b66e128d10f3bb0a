import Testing

@testable import PropertyBinding

/// Every transition of the gate's rules, without threads: threads are numbers, work and
/// waiters are strings.
@Suite struct GateStateMachineTests {
    typealias Machine = GateStateMachine<String, String>

    private let a: UInt = 8
    private let b: UInt = 16

    private func enter(
        _ machine: inout Machine, _ thread: UInt, holdsOtherGates: Bool = false, handing work: String? = nil
    ) -> Machine.EnterAction {
        machine.enter(
            thread, holdsOtherGates: holdsOtherGates, handing: { work }, isSame: { $0 == $1 },
            waiter: { "waiter \(thread)" })
    }

    @Test func aFreeGateIsEnteredAndHeldAtDepthOne() {
        var machine = Machine()
        #expect(enter(&machine, a) == .run)
        #expect(machine.owner == a)
        #expect(machine.depth == 1)
    }

    @Test func itsHolderEntersAgainAndLeavesWithoutLettingGo() {
        var machine = Machine()
        _ = enter(&machine, a)
        #expect(enter(&machine, a, holdsOtherGates: true) == .reentrant)
        #expect(machine.depth == 2)
        guard case .stay = machine.leave(a) else { Issue.record("a nested leave let the gate go"); return }
        #expect(machine.owner == a)
        #expect(machine.depth == 1)
    }

    @Test func aThreadHoldingNoGateWaitsForABusyOne() {
        var machine = Machine()
        _ = enter(&machine, a)
        #expect(enter(&machine, b, handing: "update") == .wait)
        #expect(machine.waiters == ["waiter \(b)"])
        #expect(machine.handedOver.isEmpty)
        #expect(machine.owner == a)
    }

    @Test func aThreadHoldingAnotherGateHandsItsWorkOverOnce() {
        var machine = Machine()
        _ = enter(&machine, a)
        #expect(enter(&machine, b, holdsOtherGates: true, handing: "update x") == .handOver)
        #expect(enter(&machine, b, holdsOtherGates: true, handing: "update x") == .handOver)
        #expect(enter(&machine, b, holdsOtherGates: true, handing: "update y") == .handOver)
        #expect(machine.handedOver == ["update x", "update y"])
        #expect(machine.waiters.isEmpty)
        #expect(machine.owner == a)
    }

    @Test func aThreadHoldingAnotherGateWithNothingToHandOverNeitherWaitsNorEnters() {
        var machine = Machine()
        _ = enter(&machine, a)
        #expect(enter(&machine, b, holdsOtherGates: true) == .busy)
        #expect(machine.waiters.isEmpty)
        #expect(machine.handedOver.isEmpty)
        #expect(machine.owner == a)
        #expect(machine.depth == 1)
    }

    @Test func theLastLeaveRunsHandedOverWorkBeforeLettingGo() {
        var machine = Machine()
        _ = enter(&machine, a)
        _ = enter(&machine, b, holdsOtherGates: true, handing: "update x")
        guard case .runHandedOver(let work) = machine.leave(a) else {
            Issue.record("the gate was let go with work left in it")
            return
        }
        #expect(work == ["update x"])
        #expect(machine.owner == a)
        #expect(machine.depth == 1)
        #expect(machine.handedOver.isEmpty)
        guard case .release = machine.leave(a) else { Issue.record("the gate was not let go"); return }
        #expect(machine.owner == 0)
        #expect(machine.depth == 0)
    }

    @Test func theLastLeaveWakesEveryWaiter() {
        var machine = Machine()
        let c: UInt = 24
        _ = enter(&machine, a)
        _ = enter(&machine, b)
        _ = enter(&machine, c)
        guard case .wake(let waiters) = machine.leave(a) else { Issue.record("the waiters were not woken"); return }
        #expect(waiters == ["waiter \(b)", "waiter \(c)"])
        #expect(machine.owner == 0)
        #expect(machine.waiters.isEmpty)
        // A woken waiter asks again and gets the gate.
        #expect(enter(&machine, b) == .run)
    }

    @Test func workHandedOverWhileHandedOverWorkRunsRunsToo() {
        var machine = Machine()
        _ = enter(&machine, a)
        _ = enter(&machine, b, holdsOtherGates: true, handing: "first")
        guard case .runHandedOver(let first) = machine.leave(a) else { Issue.record("nothing to run"); return }
        #expect(first == ["first"])
        _ = enter(&machine, b, holdsOtherGates: true, handing: "second")
        guard case .runHandedOver(let second) = machine.leave(a) else { Issue.record("the second was lost"); return }
        #expect(second == ["second"])
    }

    @Test func workAndWaitersAreMadeOnlyWhenKept() {
        var machine = Machine()
        var made: [String] = []
        func ask(_ thread: UInt, holdsOtherGates: Bool) -> Machine.EnterAction {
            machine.enter(
                thread, holdsOtherGates: holdsOtherGates,
                handing: {
                    made.append("work")
                    return "work"
                }, isSame: { $0 == $1 },
                waiter: {
                    made.append("waiter")
                    return "waiter"
                })
        }
        #expect(ask(a, holdsOtherGates: false) == .run)
        #expect(ask(a, holdsOtherGates: true) == .reentrant)
        #expect(made.isEmpty)
        #expect(ask(b, holdsOtherGates: false) == .wait)
        #expect(made == ["waiter"])
    }

    @Test func leavingAGateOneDoesNotHoldStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var machine = GateStateMachine<String, String>()
            _ = machine.enter(8, holdsOtherGates: false, handing: { nil }, isSame: { $0 == $1 }, waiter: { "" })
            _ = machine.leave(16)
        }
    }
}
