import PropertyBinding
import Testing

// Proxies in a `DelegateSlot`: a proxy removed while a callback is on its way through it still
// passes the callback on, and a trigger lives from start to stop, held by its installed proxy.

private protocol KnobDelegate: AnyObject {
    func knobDidTurn(_ knob: Knob)
}

private final class Knob {
    let delegateSlot = DelegateSlot<any KnobDelegate>()
    var angle = 0
    func turn(to angle: Int) {
        self.angle = angle
        delegateSlot.receiver?.knobDidTurn(self)
    }
}

/// A proxy that runs `onReceive` when a callback reaches it, before it forwards it.
private final class KnobDelegateProxy: DelegateProxy<Knob, any KnobDelegate>, KnobDelegate {
    var onReceive: (() -> Void)?
    init(_ knob: Knob) { super.init(knob, slot: \.delegateSlot) }
    func knobDidTurn(_ knob: Knob) {
        onReceive?()
        forward { $0.knobDidTurn(knob) }
        fire("knobDidTurn")
    }
}

private final class CountingKnobDelegate: KnobDelegate {
    var turns = 0
    func knobDidTurn(_ knob: Knob) { turns += 1 }
}

private final class Gauge {
    var angle = 0
}

@Suite struct DelegateSlotTests {
    init() { DefaultErrorRouting.install }

    private func showAngle(of knob: Knob, on gauge: Gauge, through proxy: KnobDelegateProxy) -> AnyBinding {
        let binding = Binding(source: Property(knob, \.angle), destination: Property(gauge, \.angle))
        binding.addTrigger(DelegationTrigger(proxy: proxy, callbacks: ["knobDidTurn"]))
        return binding
    }

    @Test func aProxyRemovedWhileACallbackPassesThroughItStillForwardsIt() {
        let knob = Knob()
        let delegate = CountingKnobDelegate()
        knob.delegateSlot.delegate = delegate
        let proxy = KnobDelegateProxy(knob)
        let gauge = Gauge()
        let binding = showAngle(of: knob, on: gauge, through: proxy)
        proxy.onReceive = { binding.invalidate() }

        knob.turn(to: 1)
        #expect(delegate.turns == 1)  // forwarded, though the proxy was removed on the way
        #expect(gauge.angle == 0)  // its trigger had stopped: no update
        #expect(knob.delegateSlot.proxyCount == 0)
        knob.turn(to: 2)
        #expect(delegate.turns == 2)
    }

    /// Two proxies in one knob's slot, each with a binding to a gauge of its own; the outer one
    /// receives the callbacks first.
    private struct TwoProxies {
        let knob = Knob()
        let delegate = CountingKnobDelegate()
        let inner: KnobDelegateProxy
        let outer: KnobDelegateProxy
        let innerGauge = Gauge()
        let outerGauge = Gauge()
        let showInner: AnyBinding
        let showOuter: AnyBinding

        init(showAngle: (Knob, Gauge, KnobDelegateProxy) -> AnyBinding) {
            knob.delegateSlot.delegate = delegate
            inner = KnobDelegateProxy(knob)
            outer = KnobDelegateProxy(knob)
            showInner = showAngle(knob, innerGauge, inner)
            showOuter = showAngle(knob, outerGauge, outer)
        }
    }

    @Test func anInnerProxyRemovedMidCallbackPassesItOnOnceAndTheOuterOneStillFires() {
        let pair = TwoProxies(showAngle: showAngle)
        // The callback reaches the outer proxy first; it removes the inner one before forwarding.
        pair.outer.onReceive = { pair.showInner.invalidate() }

        pair.knob.turn(to: 5)
        #expect(pair.delegate.turns == 1)
        #expect(pair.outerGauge.angle == 5)
        #expect(pair.innerGauge.angle == 0)
        #expect(pair.knob.delegateSlot.proxyCount == 1)
    }

    @Test func anOuterProxyRemovedMidCallbackStillReachesTheInnerOne() {
        let pair = TwoProxies(showAngle: showAngle)
        pair.outer.onReceive = { pair.showOuter.invalidate() }

        pair.knob.turn(to: 7)
        #expect(pair.delegate.turns == 1)
        #expect(pair.innerGauge.angle == 7)
        #expect(pair.outerGauge.angle == 0)
    }

    @Test func aTriggerLivesUntilItsBindingGoesAndThenLeavesTheSlot() {
        let knob = Knob()
        let gauge = Gauge()
        var binding: AnyBinding? = showAngle(of: knob, on: gauge, through: KnobDelegateProxy(knob))
        weak let trigger = binding?.triggers.first as AnyObject?
        knob.turn(to: 3)
        #expect(gauge.angle == 3)
        #expect(trigger != nil)

        binding = nil
        #expect(trigger == nil)
        #expect(knob.delegateSlot.proxyCount == 0)
        knob.turn(to: 4)
        #expect(gauge.angle == 3)
    }

    @Test func aProxyNeverInstalledForwardsNothing() {
        let knob = Knob()
        let delegate = CountingKnobDelegate()
        knob.delegateSlot.delegate = delegate
        let proxy = KnobDelegateProxy(knob)
        proxy.knobDidTurn(knob)
        #expect(delegate.turns == 0)
        #expect(proxy.forwardee == nil)
        #expect(!proxy.isInstalled)
    }

    @Test func stoppingATriggerThatNeverStartedLeavesAnotherTriggersProxyInstalled() {
        let knob = Knob()
        let gauge = Gauge()
        let proxy = KnobDelegateProxy(knob)
        let binding = showAngle(of: knob, on: gauge, through: proxy)
        let idle = DelegationTrigger(proxy: proxy, callbacks: ["knobDidTurn"])
        idle.stopObserving()
        #expect(proxy.isInstalled)
        knob.turn(to: 9)
        #expect(gauge.angle == 9)
        withExtendedLifetime(binding) {}
    }

    @Test func oneProxyForTwoStartedTriggersIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            let knob = Knob()
            let proxy = KnobDelegateProxy(knob)
            let first = Binding(source: Property(knob, \.angle), destination: Property(Gauge(), \.angle))
            first.addTrigger(DelegationTrigger(proxy: proxy, callbacks: ["knobDidTurn"]))
            let second = Binding(source: Property(knob, \.angle), destination: Property(Gauge(), \.angle))
            second.addTrigger(DelegationTrigger(proxy: proxy, callbacks: ["knobDidTurn"]))
        }
    }

    @Test func threeProxiesComeOffInnermostFirstAndStillChain() {
        let knob = Knob()
        let delegate = CountingKnobDelegate()
        knob.delegateSlot.delegate = delegate
        let gauges = [Gauge(), Gauge(), Gauge()]
        let bindings = gauges.map { showAngle(of: knob, on: $0, through: KnobDelegateProxy(knob)) }
        #expect(knob.delegateSlot.proxyCount == 3)

        bindings[0].invalidate()  // the innermost, kept inline in the slot
        knob.turn(to: 1)
        #expect(gauges.map(\.angle) == [0, 1, 1])
        #expect(delegate.turns == 1)

        bindings[2].invalidate()  // the outermost
        knob.turn(to: 2)
        #expect(gauges.map(\.angle) == [0, 2, 1])
        #expect(delegate.turns == 2)

        bindings[1].invalidate()
        #expect(knob.delegateSlot.proxyCount == 0)
        #expect(knob.delegateSlot.receiver === delegate)
        knob.turn(to: 3)
        #expect(gauges.map(\.angle) == [0, 2, 1])
        #expect(delegate.turns == 3)
    }
}
