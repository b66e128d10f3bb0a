import PropertyBinding
import Testing

// Proxies installed in a plain `weak var delegate` (`DelegateProxy(_:delegate:)`), several at
// once: the delegate behind them must keep its callbacks and come back, whichever proxy goes
// first and whether its trigger is removed or released.

private protocol DialDelegate: AnyObject {
    func dialDidTurn(_ dial: Dial)
}

private final class Dial {
    weak var delegate: (any DialDelegate)?
    var angle = 0.0
    func turn(to angle: Double) {
        self.angle = angle
        delegate?.dialDidTurn(self)
    }
}

private final class DialDelegateProxy: DelegateProxy<Dial, any DialDelegate>, DialDelegate {
    init(_ dial: Dial) { super.init(dial, delegate: \.delegate) }
    func dialDidTurn(_ dial: Dial) {
        forward { $0.dialDidTurn(dial) }
        fire("dialDidTurn")
    }
}

private final class CountingDialDelegate: DialDelegate {
    var turns = 0
    func dialDidTurn(_ dial: Dial) { turns += 1 }
}

private final class Gauge {
    var angle = 0.0
}

@Suite(.routesDefaultErrors) struct DelegateProxyTests {
    private func showAngle(of dial: Dial, on gauge: Gauge) -> Binding<Property<Dial, Double>, Property<Gauge, Double>> {
        let binding = Binding(source: Property(dial, \.angle), destination: Property(gauge, \.angle))
        binding.addTrigger(DelegationTrigger(proxy: DialDelegateProxy(dial), callbacks: ["dialDidTurn"]))
        return binding
    }

    @Test func theFirstProxyRemovedFirstKeepsTheDelegateReachableAndRestored() {
        let dial = Dial()
        let original = CountingDialDelegate()
        dial.delegate = original
        let inner = Gauge()
        let outer = Gauge()
        let showInner = showAngle(of: dial, on: inner)
        let showOuter = showAngle(of: dial, on: outer)
        dial.turn(to: 1)
        #expect(original.turns == 1 && inner.angle == 1 && outer.angle == 1)

        showInner.invalidate()  // installed first, removed first: it sits behind the other proxy
        dial.turn(to: 2)
        #expect(original.turns == 2)
        #expect(outer.angle == 2 && inner.angle == 1)

        showOuter.invalidate()
        #expect(dial.delegate === original)
        dial.turn(to: 3)
        #expect(original.turns == 3 && outer.angle == 2)
    }

    @Test func aReleasedInnerProxyDoesNotCutTheDelegateOff() {
        let dial = Dial()
        let original = CountingDialDelegate()
        dial.delegate = original
        let outer = Gauge()
        var showInner: AnyBinding? = showAngle(of: dial, on: Gauge())
        let showOuter = showAngle(of: dial, on: outer)

        showInner = nil  // the binding, its trigger and its proxy are released
        #expect(showInner == nil)
        dial.turn(to: 2)
        #expect(original.turns == 1 && outer.angle == 2)
        showOuter.invalidate()
        #expect(dial.delegate === original)
    }

    @Test func proxiesRemovedLastInFirstOutRestoreTheDelegate() {
        let dial = Dial()
        let original = CountingDialDelegate()
        dial.delegate = original
        let showInner = showAngle(of: dial, on: Gauge())
        let showOuter = showAngle(of: dial, on: Gauge())
        showOuter.invalidate()
        dial.turn(to: 1)
        #expect(original.turns == 1)
        showInner.invalidate()
        #expect(dial.delegate === original)
    }
}
