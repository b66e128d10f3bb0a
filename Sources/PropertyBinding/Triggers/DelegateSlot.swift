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
/// slot holds the delegate and the proxies weakly. Safe to use from any thread.
public final class DelegateSlot<Delegate>: @unchecked Sendable {
    private struct WeakProxy {
        weak var proxy: AnyObject?
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private weak var _delegate: AnyObject?
    /// Innermost first: the last one receives the callbacks first.
    private var proxies: [WeakProxy] = []

    /// Creates an empty slot.
    public init() {}

    /// The app's delegate (never a proxy), held weakly.
    public var delegate: Delegate? {
        get { lock.withLock { _delegate as AnyObject? } as? Delegate }
        set { lock.withLock { _delegate = newValue.map { $0 as AnyObject } } }
    }

    /// Who receives the next callback: the outermost proxy, or the delegate.
    public var receiver: Delegate? {
        let receiver: AnyObject? = lock.withLock {
            proxies.removeAll { $0.proxy == nil }
            return proxies.last?.proxy ?? _delegate
        }
        return receiver as? Delegate
    }

    /// The number of proxies installed (`0` once every ``DelegationTrigger`` is torn down).
    public var proxyCount: Int {
        lock.withLock { proxies.filter { $0.proxy != nil }.count }
    }

    /// Installs `proxy` in front of the current receiver.
    func install(_ proxy: AnyObject) {
        lock.withLock {
            guard !proxies.contains(where: { $0.proxy === proxy }) else { return }
            proxies.append(WeakProxy(proxy: proxy))
        }
    }

    /// Removes `proxy`; the proxies in front of it forward to what was behind it.
    func uninstall(_ proxy: AnyObject) {
        lock.withLock { proxies.removeAll { $0.proxy === proxy || $0.proxy == nil } }
    }

    /// What `proxy` forwards to: the proxy behind it, or the delegate.
    func next(after proxy: AnyObject) -> Delegate? {
        let next: AnyObject? = lock.withLock {
            guard let index = proxies.firstIndex(where: { $0.proxy === proxy }) else { return nil }
            let inner: AnyObject? = proxies[..<index].last { $0.proxy != nil }?.proxy
            return inner ?? _delegate
        }
        return next as? Delegate
    }
}
