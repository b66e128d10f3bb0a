/// A destination that hands each value to a closure, with a target it holds weakly: Bond's
/// `bind(to: self) { me, user in … }`, as a property.
///
/// ```swift
/// let showUser = Binding(
///     source: Property(session, \.user),
///     destination: Setter(screen) { screen, user in screen.present(user) })
/// ```
///
/// The closure is called with the target and the value on every write; it is never called
/// once the target is gone, and the setter never keeps the target alive: a write then throws
/// ``PropertyError/objectDeallocated(root:keyPath:)``, and the binding ends (see
/// <doc:CombiningFilteringAndDelivering>). Capture the target through the closure's first
/// argument, not by name, or the closure keeps it alive.
///
/// A setter takes *events*: it reads back nothing (``read()`` throws
/// ``PropertyError/writeOnly(_:)``), so a binding calls the closure at every fire, also with a
/// value equal to the last one: a tap twice with the same credentials signs in twice, the same
/// user presented twice is presented twice (see <doc:CombiningFilteringAndDelivering>). To skip
/// an equal value, as a binding does for a destination that holds state, ask for it with
/// ``skippingEqualValues()``.
public struct Setter<Target: AnyObject, Value>: WritableProperty {
    @usableFromInline weak var _target: Target?
    @usableFromInline let set: (Target, Value) -> Void
    /// The last value written, shared by the copies of this setter, when it skips equal values
    /// (``skippingEqualValues()``); nil for a setter that reads back nothing.
    @usableFromInline let written: Locked<Value?>?

    /// Creates a destination that calls `set` with `target` (held weakly) and each value.
    ///
    /// ```swift
    /// let showTitle = Setter(window) { window, title in window.title = title.uppercased() }
    /// ```
    public init(_ target: Target, _ set: @escaping (_ target: Target, _ value: Value) -> Void) {
        self._target = target
        self.set = set
        self.written = nil
    }

    private init(_ target: Target?, _ set: @escaping (Target, Value) -> Void, remembering written: Locked<Value?>?) {
        self._target = target
        self.set = set
        self.written = written
    }

    /// The target, or nil once it has been deallocated.
    public var target: Target? { _target }

    /// The last value written, for a setter that skips equal values (``skippingEqualValues()``).
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the target is gone,
    ///   ``PropertyError/writeOnly(_:)`` for a setter that takes events (the default: it reads
    ///   back nothing), ``PropertyError/notWrittenYet(_:)`` before the first write.
    public func read() throws -> Value {
        guard _target != nil else { throw deallocated() }
        guard let written else { throw PropertyError.writeOnly(description) }
        guard let value = written.value else { throw PropertyError.notWrittenYet(description) }
        return value
    }

    /// Calls the closure with the target and `newValue`.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the target is gone;
    ///   the closure is not called.
    @inlinable
    public func write(_ newValue: Value) throws {
        guard let target = _target else { throw deallocated() }
        set(target, newValue)
        written?.value = newValue
    }

    /// Asks `shouldWrite` with the last value written (nil for a setter that takes events: it
    /// reads back nothing), and calls the closure when it agrees.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the target is gone;
    ///   the closure is not called.
    @inlinable
    public func write(_ newValue: Value, if shouldWrite: (_ current: Value?) -> Bool) throws -> Bool {
        guard let target = _target else { throw deallocated() }
        guard shouldWrite(written?.value) else { return false }
        set(target, newValue)
        written?.value = newValue
        return true
    }

    /// Checks that the target is still there, calling nothing.
    ///
    /// - Throws: ``PropertyError/objectDeallocated(root:keyPath:)`` when the target is gone.
    public func validateWrite(_ newValue: Value) throws {
        guard _target != nil else { throw deallocated() }
    }

    @usableFromInline
    func deallocated() -> PropertyError {
        .objectDeallocated(DeallocatedObject(setterOf: Target.self))
    }
}

extension Setter where Value: Equatable {
    /// A setter that remembers the last value it wrote and reads it back, so that a binding
    /// treats it as state: it does not call the closure again with an equal value.
    ///
    /// ```swift
    /// let showTitle = Setter(window) { window, title in window.title = title.uppercased() }.skippingEqualValues()
    /// ```
    ///
    /// Copies of the setter it returns share what they remember. Use it for a closure that
    /// mirrors a value (a title, a colour); leave it out for one that reacts to an event (sign
    /// in, present, reload), which must run at every fire.
    public func skippingEqualValues() -> Setter {
        Setter(_target, set, remembering: Locked(nil))
    }
}

extension Setter: CustomStringConvertible {
    /// `Setter(ProfileScreen)`, for failure messages and graphs.
    public var description: String { "Setter(\(Target.self))" }
}
