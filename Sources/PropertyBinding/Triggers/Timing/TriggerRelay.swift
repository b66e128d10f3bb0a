import Synchronization

/// The delegate a wrapping trigger gives the trigger it wraps: forwards each fire to a closure.
/// A separate object, so that the wrapping trigger does not expose a delegate method of its own.
///
/// It holds the wrapped trigger as a binding holds its triggers (``TriggerHolder``): from the
/// wrapping trigger's start to its stop, adding the wrapped trigger to a binding, or starting
/// another trigger that wraps it, stops the program instead of silently taking its fires.
final class TriggerRelay: TriggerHolder, @unchecked Sendable {
    private let onFire: @Sendable () -> Void
    /// The trigger whose fires this relay forwards.
    private let upstream: any Trigger
    /// Whether the wrapping trigger runs; written under the claim lock (`TriggerClaims`).
    private let isHolding = Atomic<Bool>(false)
    /// The wrapping trigger's type, for the precondition failure.
    private let wrapperName: String
    /// The wrapping trigger, told when the wrapped trigger ends for good.
    private weak let wrapper: (any Trigger)?

    init(upstream: any Trigger, wrapper: any Trigger, _ onFire: @escaping @Sendable () -> Void) {
        self.upstream = upstream
        self.wrapperName = "\(type(of: wrapper))"
        self.wrapper = wrapper
        self.onFire = onFire
    }

    func triggerDidFire(_ trigger: any Trigger) {
        onFire()
    }

    /// The wrapped trigger will never fire again, so neither will the wrapping one: its binding
    /// is told in turn.
    func triggerDidEnd(_ trigger: any Trigger) {
        guard let wrapper else { return }
        wrapper.delegate?.triggerDidEnd(wrapper)
    }

    /// Makes this relay the delegate of the wrapped trigger; stops the program when a binding or
    /// another wrapping trigger holds it.
    func hold() {
        TriggerClaims.hold(upstream, by: self) { isHolding.store(true, ordering: .releasing) }
    }

    /// Lets the wrapped trigger go: it may then serve a binding or another wrapping trigger.
    func release() {
        TriggerClaims.release(upstream, by: self) { isHolding.store(false, ordering: .releasing) }
    }

    func holds(_ trigger: any Trigger) -> Bool {
        trigger === upstream && isHolding.load(ordering: .acquiring)
    }

    var holderDescription: String { "a running \(wrapperName) (it wraps the trigger)" }
}
