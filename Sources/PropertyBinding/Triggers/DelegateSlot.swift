import Foundation

/// Storage for a weak `delegate` property that lets delegate proxies sit in front of the
/// delegate without taking its place: the hook that makes a ``DelegationTrigger`` transparent.
///
/// A class that sends delegate callbacks stores its delegate here, and calls ``receiver``:
///
/// ```swift
/// open class Slider {
///     public let delegateSlot = DelegateSlot<any SliderDelegate>()
///     public var delegate: (any SliderDelegate)? {
///         get { delegateSlot.delegate }
///         set { delegateSlot.delegate = newValue }
///     }
///     func userMoved() { delegateSlot.receiver?.sliderDidMove(self) }
/// }
/// ```
///
/// ``delegate`` is always the app's own delegate, proxies or not: setting it while a proxy is
/// installed replaces the delegate *behind* the proxy, which forwards to the new one from the
/// next callback on. ``receiver`` is the outermost installed proxy, or the delegate when none is.
/// Removing a proxy, in any order, leaves the others chained and the delegate in place. The
/// slot holds the delegate weakly, and a proxy from its installation to its removal. Safe to use
/// from any thread.
public final class DelegateSlot<Delegate>: @unchecked Sendable {
    @usableFromInline let lock = StateLock()
    // Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) weak var _delegate: AnyObject?
    /// Innermost first: the last one receives the callbacks first. Each proxy is kept with its
    /// identity and as the delegate type (cast once, when installed), until it is uninstalled
    /// (by its trigger, at the latest when the trigger is released).
    @usableFromInline @exclusivity(unchecked) var proxies: [(object: AnyObject, receiver: Delegate)] = []

    /// Creates an empty slot.
    public init() {}

    /// The app's delegate (never a proxy), held weakly.
    public var delegate: Delegate? {
        get { lock.withLock { _delegate as AnyObject? } as? Delegate }
        set { lock.withLock { _delegate = newValue.map { $0 as AnyObject } } }
    }

    /// Who receives the next callback: the outermost proxy, or the delegate.
    ///
    /// Inlined where the slot's class calls it, so that it is compiled for the delegate type.
    @inlinable
    public var receiver: Delegate? {
        lock.lock()
        defer { lock.unlock() }
        if let outermost = proxies.last { return outermost.receiver }
        return _delegate as? Delegate
    }

    /// The number of proxies installed (`0` once every ``DelegationTrigger`` is torn down).
    public var proxyCount: Int {
        lock.withLock { proxies.count }
    }

    /// Installs `proxy` in front of the current receiver.
    func install(_ proxy: AnyObject, as receiver: Delegate) {
        lock.withLock {
            guard !proxies.contains(where: { $0.object === proxy }) else { return }
            proxies.append((proxy, receiver))
        }
    }

    /// Removes `proxy`; the proxies in front of it forward to what was behind it.
    func uninstall(_ proxy: AnyObject) {
        lock.withLock { proxies.removeAll { $0.object === proxy } }
    }

    /// What `proxy` forwards to: the proxy behind it, or the delegate.
    @inlinable
    func next(after proxy: AnyObject) -> Delegate? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = proxies.lastIndex(where: { $0.object === proxy }) else { return nil }
        if index > 0 { return proxies[index - 1].receiver }
        return _delegate as? Delegate
    }
}
