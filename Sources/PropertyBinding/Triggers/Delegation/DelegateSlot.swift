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
/// Removing a proxy, in any order, leaves the others chained and the delegate in place, also
/// while a callback is passing through it on another thread: that callback still reaches the
/// proxies behind and the delegate. The slot holds the delegate weakly, and a proxy from its
/// installation to its removal. Safe to use from any thread.
public final class DelegateSlot<Delegate>: @unchecked Sendable {
    @usableFromInline let lock = StateLock()
    // Guarded by `lock`, so exempt from the dynamic exclusivity check, which with the proxy's
    // is a sizeable share of a DelegationTrigger update (Benchmarks/README.md).
    @usableFromInline @exclusivity(unchecked) weak var _delegate: AnyObject?
    /// Innermost first: the last one receives the callbacks first. Each proxy is kept as the
    /// delegate type (cast once, when installed) with its identity (which cannot be reused while
    /// the slot holds the proxy), until it is uninstalled by its trigger.
    @usableFromInline @exclusivity(unchecked) var proxies = ProxyChain<Delegate>()

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
        lock.withLock {
            if let outermost = proxies.last { return outermost.receiver }
            return _delegate as? Delegate
        }
    }

    /// The number of proxies installed (`0` once every ``DelegationTrigger`` is torn down).
    public var proxyCount: Int {
        lock.withLock { proxies.count }
    }

    /// Installs `proxy` in front of the current receiver.
    func install(_ proxy: AnyObject, as receiver: Delegate) {
        lock.withLock {
            let id = ObjectIdentifier(proxy)
            guard proxies.lastIndex(of: id) == nil else { return }
            proxies.append((id, receiver))
        }
    }

    /// Removes `proxy`; the proxies in front of it forward to what was behind it. `leaving` is
    /// called with what was behind it (nil: the delegate), with the slot locked, so that a
    /// callback already on its way through the proxy still reaches the rest of the chain.
    func uninstall(_ proxy: AnyObject, leaving: (_ behind: Delegate?) -> Void) {
        let id = ObjectIdentifier(proxy)
        lock.withLock {
            guard let index = proxies.lastIndex(of: id) else { return }
            leaving(index > 0 ? proxies[index - 1].receiver : nil)
            proxies.remove(at: index)
        }
    }

    /// What `proxy` forwards to: the proxy behind it, or the delegate; `isInstalled` is false
    /// when the slot does not hold `proxy` (then `next` is nil).
    @inlinable
    func next(after proxy: AnyObject) -> (isInstalled: Bool, next: Delegate?) {
        let id = ObjectIdentifier(proxy)
        return lock.withLock {
            guard let index = proxies.lastIndex(of: id) else { return (false, nil) }
            if index > 0 { return (true, proxies[index - 1].receiver) }
            return (true, _delegate as? Delegate)
        }
    }
}

/// The proxies installed in a ``DelegateSlot``, innermost first: the first one inline, since a
/// slot rarely holds more than one, and the others in an array allocated only for a second.
@usableFromInline
struct ProxyChain<Delegate> {
    /// One installed proxy: its identity, and the proxy as the delegate type.
    @usableFromInline typealias InstalledProxy = (id: ObjectIdentifier, receiver: Delegate)

    /// The innermost proxy; nil only when the chain is empty.
    @usableFromInline var first: InstalledProxy?
    /// The proxies installed after `first`, innermost first.
    @usableFromInline var rest: [InstalledProxy] = []

    /// An empty chain.
    @inlinable init() {}

    /// The number of proxies.
    @inlinable var count: Int { first == nil ? 0 : 1 + rest.count }

    /// The outermost proxy, which receives the callbacks first.
    @inlinable var last: InstalledProxy? { rest.last ?? first }

    /// The proxy at `index`, innermost first.
    @inlinable subscript(index: Int) -> InstalledProxy {
        index == 0 ? first! : rest[index - 1]
    }

    /// The position of the proxy whose identity is `id`, or nil when it is not installed.
    @inlinable func lastIndex(of id: ObjectIdentifier) -> Int? {
        if let index = rest.lastIndex(where: { $0.id == id }) { return index + 1 }
        return first?.id == id ? 0 : nil
    }

    /// Installs `link` outermost.
    mutating func append(_ link: InstalledProxy) {
        if first == nil { first = link } else { rest.append(link) }
    }

    /// Removes the proxy at `index`; the ones outside it move in by one.
    mutating func remove(at index: Int) {
        if index == 0 {
            first = rest.isEmpty ? nil : rest.removeFirst()
        } else {
            rest.remove(at: index - 1)
        }
        // Back to one proxy or none: the array's buffer goes.
        if rest.isEmpty { rest = [] }
    }
}
