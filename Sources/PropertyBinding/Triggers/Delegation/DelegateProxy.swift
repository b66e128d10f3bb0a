import Foundation

/// A delegate that stands in front of an object's delegate: it forwards every callback to the
/// delegate behind it and tells a ``DelegationTrigger`` which callbacks happened.
///
/// Swift cannot forward messages dynamically, so a proxy is written once per delegate protocol:
/// subclass `DelegateProxy`, conform to the protocol, and implement every method as *forward,
/// then fire*. For a protocol whose methods return a value, return what the delegate behind
/// answered, or the protocol's default when there is none:
///
/// ```swift
/// final class SliderDelegateProxy: DelegateProxy<Slider, any SliderDelegate>, SliderDelegate {
///     init(_ slider: Slider) { super.init(slider, slot: \.delegateSlot) }
///
///     func sliderDidMove(_ slider: Slider) {
///         forward { $0.sliderDidMove(slider) }
///         fire(.sliderDidMove)
///     }
///     func sliderShouldSnap(_ slider: Slider) -> Bool {
///         defer { fire(.sliderShouldSnap) }
///         return forward { $0.sliderShouldSnap(slider) } ?? true
///     }
/// }
/// extension DelegateCallback {
///     static let sliderDidMove: DelegateCallback = "sliderDidMove"
///     static let sliderShouldSnap: DelegateCallback = "sliderShouldSnap"
/// }
/// // then: DelegationTrigger(proxy: SliderDelegateProxy(slider), callbacks: [.sliderDidMove])
/// ```
///
/// Implement *every* method of the protocol, even the ones no trigger watches: a method you leave
/// to the protocol's default implementation is not forwarded to the delegate behind.
///
/// ## Installing
/// A proxy is installed by its trigger's ``DelegationTrigger/startObserving()`` and removed by
/// ``DelegationTrigger/stopObserving()``. Two ways, chosen by the initializer:
/// - `slot:` — the object stores its delegate in a ``DelegateSlot`` (as `TextField` does). The
///   proxy sits in front of the delegate; the object's `delegate` stays the app's own, a delegate
///   set later is forwarded to, and removal needs no restoring. Prefer this for your own classes.
/// - `delegate:` — the object has a plain `weak var delegate`. The proxy saves the delegate, sets
///   itself, forwards to the saved delegate, and on removal puts the saved delegate back (if the
///   object's delegate is still the proxy). Several proxies chain, and come off in any order
///   (or with their trigger released) without cutting the delegate off. A delegate set by other
///   code while the proxy is installed replaces the proxy; use this for classes you cannot change.
///
/// A proxy is safe to call from any thread; it calls the delegate on the thread of the callback.
open class DelegateProxy<Object: AnyObject, Delegate> {
    @usableFromInline
    enum Installation {
        /// The object's slot, read once when the proxy is made.
        case slot(DelegateSlot<Delegate>)
        case property(ReferenceWritableKeyPath<Object, Delegate?>)
    }

    @usableFromInline weak let weakObject: Object?
    @usableFromInline let installation: Installation
    @usableFromInline let lock = StateLock()
    // Guarded by `lock`, so exempt from the dynamic exclusivity check, which with the slot's
    // is a sizeable share of a DelegationTrigger update (Benchmarks/README.md).
    @usableFromInline @exclusivity(unchecked) weak var replaced: AnyObject?
    /// The trigger told of each callback, held from installation to removal (the trigger's
    /// binding removes it): a callback loads no weak reference and calls no closure.
    @usableFromInline @exclusivity(unchecked) var installedTrigger: DelegationTrigger<Object, Delegate>?
    /// Once removed from a slot, what was behind this proxy then: `.some(nil)` for the slot's
    /// delegate. A callback that reached the proxy while it was installed still goes on there.
    @usableFromInline @exclusivity(unchecked) var behindWhenRemoved: Delegate??

    /// Creates a proxy for an object that stores its delegate in a ``DelegateSlot``.
    ///
    /// - Parameters:
    ///   - object: The object whose callbacks are watched (held weakly).
    ///   - slot: Its slot, for example `\.delegateSlot`; read once, now.
    public init(_ object: Object, slot: KeyPath<Object, DelegateSlot<Delegate>>) {
        self.weakObject = object
        self.installation = .slot(object[keyPath: slot])
    }

    /// Creates a proxy for an object with a plain delegate property, which the proxy replaces
    /// while it is installed and restores when it is removed.
    ///
    /// - Parameters:
    ///   - object: The object whose callbacks are watched (held weakly).
    ///   - delegate: Its delegate property, for example `\.delegate`.
    public init(_ object: Object, delegate: ReferenceWritableKeyPath<Object, Delegate?>) {
        self.weakObject = object
        self.installation = .property(delegate)
    }

    /// The object watched, or nil once it is gone.
    public var object: Object? { weakObject }

    /// Whether the proxy is installed in front of the object's delegate.
    public var isInstalled: Bool { lock.withLock { installedTrigger != nil } }

    /// The delegate the next callback is forwarded to: the one behind this proxy now.
    @inlinable
    public var forwardee: Delegate? {
        switch installation {
        case .slot(let slot):
            let (isInstalled, next) = slot.next(after: self)
            return isInstalled ? next : forwardeeOnceRemoved(from: slot)
        case .property:
            // Even once removed, a proxy that another proxy still forwards to passes callbacks on.
            return lock.withLock { replaced } as? Delegate
        }
    }

    /// Forwards a callback to the delegate behind this proxy, and returns its answer; nil when
    /// there is no delegate behind it.
    ///
    /// ```swift
    /// return forward { $0.textFieldShouldReturn(textField) } ?? true
    /// ```
    ///
    /// - Throws: what `call` throws.
    @inlinable @discardableResult
    public func forward<Result>(_ call: (Delegate) throws -> Result) rethrows -> Result? {
        guard let forwardee else { return nil }
        return try call(forwardee)
    }

    /// Takes this proxy out of `slot`, remembering what was behind it for a callback on its way.
    private func leave(_ slot: DelegateSlot<Delegate>) {
        slot.uninstall(self) { behind in lock.withLock { behindWhenRemoved = .some(behind) } }
    }

    /// What a proxy removed from `slot` forwards to: what was behind it when it was removed (a
    /// callback may reach it just after), or nil when it was never installed.
    @usableFromInline
    func forwardeeOnceRemoved(from slot: DelegateSlot<Delegate>) -> Delegate? {
        guard case .some(let behind) = lock.withLock({ behindWhenRemoved }) else { return nil }
        return behind ?? slot.delegate
    }

    /// Tells the trigger that `callback` happened; it fires its binding if it watches it.
    @inlinable
    public func fire(_ callback: DelegateCallback) {
        lock.withLock { installedTrigger }?.proxyDidReport(callback)
    }

    /// Installs the proxy in front of the object's delegate and reports callbacks to `trigger`,
    /// which it holds until `uninstall(for:)`.
    func install(for trigger: DelegationTrigger<Object, Delegate>) {
        guard let object = weakObject else { return }
        guard let me = self as? Delegate else {
            preconditionFailure("\(type(of: self)) must conform to \(Delegate.self)")
        }
        let installed: DelegationTrigger<Object, Delegate>? = lock.withLock {
            guard let installedTrigger else {
                installedTrigger = trigger
                behindWhenRemoved = nil
                return nil
            }
            return installedTrigger
        }
        if let installed {
            precondition(
                installed === trigger,
                "\(type(of: self)) is already installed for another DelegationTrigger; make one proxy per trigger")
            return
        }
        switch installation {
        case .slot(let slot):
            slot.install(self, as: me)
            // Removed by another thread meanwhile: the slot must not keep the proxy.
            if lock.withLock({ installedTrigger !== trigger }) { leave(slot) }
        case .property(let delegate):
            let current = object[keyPath: delegate].map { $0 as AnyObject }
            lock.withLock { replaced = current }
            object[keyPath: delegate] = me
        }
    }

    /// Removes the proxy installed for `owner`; the object's callbacks go to its delegate again.
    func uninstall(for owner: DelegationTrigger<Object, Delegate>) {
        let removed: Bool = lock.withLock {
            guard installedTrigger === owner else { return false }
            installedTrigger = nil
            return true
        }
        guard removed else { return }
        switch installation {
        case .slot(let slot):
            // The slot and this proxy hold each other while installed: let go even when the
            // object (which owns the slot) is already gone.
            leave(slot)
        case .property(let delegate):
            guard let object = weakObject else { return }
            let original = lock.withLock { replaced }
            guard let current = object[keyPath: delegate].map({ $0 as AnyObject }) else { return }
            if current === self {
                object[keyPath: delegate] = original as? Delegate
            } else {
                // Another proxy was installed after this one and forwards to it: let that one forward
                // to what this one replaced, so the delegate behind stays reachable whichever
                // proxy goes first, and after this proxy is released.
                var link = current as? any DelegateProxyLink
                var visited: Set<ObjectIdentifier> = []
                while let outer = link, outer !== self, visited.insert(ObjectIdentifier(outer)).inserted {
                    if outer.replacedDelegate === self {
                        outer.replacedDelegate = original
                        break
                    }
                    link = outer.replacedDelegate as? any DelegateProxyLink
                }
            }
        }
    }
}

/// A proxy installed in a plain delegate property, seen through its type: what it replaced, so
/// that removing a proxy from the middle of a chain can mend it.
protocol DelegateProxyLink: AnyObject {
    /// The delegate (or proxy) this proxy forwards to.
    var replacedDelegate: AnyObject? { get set }
}

extension DelegateProxy: DelegateProxyLink {
    var replacedDelegate: AnyObject? {
        get { lock.withLock { replaced } }
        set { lock.withLock { replaced = newValue } }
    }
}
