/// A trigger that fires on chosen delegate callbacks of an object, through a ``DelegateProxy``
/// that forwards every callback to the object's own delegate.
///
/// ```swift
/// let storeName = Binding(source: Property(nameField, \.text), destination: Property(person, \.name))
/// storeName.addTrigger(DelegationTrigger(textField: nameField, callbacks: [.textFieldDidEndEditing]))
/// nameField.simulateTyping("Ann")      // the field's delegate is told; person.name is unchanged
/// nameField.endEditing()               // the delegate is told, then person.name == "Ann"
/// ```
///
/// Starting the trigger installs its proxy in front of the object's delegate; stopping it
/// removes the proxy, and the object's callbacks go to its delegate again. The delegate keeps
/// receiving every callback meanwhile, and keeps answering the questions (`should…` methods).
/// The binding updates synchronously inside the callback, after the delegate has been told, on
/// the calling thread. The trigger holds the object weakly; the proxy, installed in front of
/// the delegate, holds the trigger from start to stop (its binding stops it when it lets it
/// go). For a delegate protocol of your own, write a proxy (see ``DelegateProxy``) and pass it
/// to ``init(proxy:callbacks:)``.
public final class DelegationTrigger<Object: AnyObject, Delegate>: Trigger, @unchecked Sendable {
    /// The proxy this trigger installs.
    public let proxy: DelegateProxy<Object, Delegate>
    /// The first of the callbacks watched, kept inline: a trigger usually watches one, and then
    /// allocates nothing for its list (nor for a set). Nil when none is watched.
    private let firstWatched: DelegateCallback?
    /// The other callbacks watched, in no order; empty, and unallocated, for one callback. A few
    /// string comparisons cost less than hashing per callback.
    private let moreWatched: [DelegateCallback]
    // Guarded by `lock`. Declared in this order, so that the trigger fits a 72-byte block.
    private weak var _delegate: (any TriggerDelegate)?
    private let lock = StateLock()
    /// The position of the callback that fired this trigger last (0 for `firstWatched`, then
    /// `moreWatched`), or -1 before the first. Two bytes, after the five of the lock, keep the
    /// trigger in its 72-byte block; a delegate protocol has far fewer callbacks.
    private var lastWatched: Int16 = -1

    /// Creates a trigger that fires when `proxy` reports one of `callbacks`.
    ///
    /// ```swift
    /// DelegationTrigger(proxy: SliderDelegateProxy(slider), callbacks: [.sliderDidMove])
    /// ```
    ///
    /// Give each trigger a proxy of its own: starting a trigger whose proxy another started
    /// trigger uses is a precondition failure, and so is watching more than 32,767 callbacks.
    public init(proxy: DelegateProxy<Object, Delegate>, callbacks: Set<DelegateCallback>) {
        precondition(callbacks.count <= Int(Int16.max), "a DelegationTrigger watches at most \(Int16.max) callbacks")
        self.proxy = proxy
        self.firstWatched = callbacks.first
        self.moreWatched = callbacks.count > 1 ? Array(callbacks.dropFirst()) : []
    }

    /// The callbacks that fire this trigger.
    public var callbacks: Set<DelegateCallback> {
        guard let firstWatched else { return [] }
        return Set(moreWatched).union([firstWatched])
    }

    /// The binding told when this trigger fires.
    public var delegate: (any TriggerDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    /// The callback that fired this trigger last.
    public var lastCallback: DelegateCallback? {
        let index = Int(lock.withLock { lastWatched })
        guard index >= 0 else { return nil }
        return index == 0 ? firstWatched : moreWatched[index - 1]
    }

    /// Whether the proxy is installed now.
    public var isObserving: Bool { proxy.isInstalled }

    /// Installs the proxy in front of the object's delegate (once).
    public func startObserving() {
        proxy.install(for: self)
    }

    /// Removes the proxy; the object's callbacks go straight to its delegate again.
    public func stopObserving() {
        proxy.uninstall(for: self)
    }

    /// Called by the proxy, on the callback's thread, after the delegate behind it was told.
    @usableFromInline
    func proxyDidReport(_ callback: DelegateCallback) {
        guard let index = position(of: callback) else { return }
        let delegate = lock.withLock { () -> (any TriggerDelegate)? in
            lastWatched = index
            return _delegate
        }
        delegate?.triggerDidFire(self)
    }

    /// The position of `callback` among the callbacks watched (see `lastWatched`), or nil when
    /// it is not watched.
    private func position(of callback: DelegateCallback) -> Int16? {
        if callback == firstWatched { return 0 }
        guard let index = moreWatched.firstIndex(of: callback) else { return nil }
        return Int16(index + 1)
    }
}
