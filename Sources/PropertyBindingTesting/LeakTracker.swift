import Foundation

/// Watches objects through weak references, to check that a model, a view and the
/// `BindingSet` that binds them are all released once a test drops them.
///
/// ```swift
/// let leaks = LeakTracker.leaks { tracker in
///     let person = tracker.track(Person(), "model")
///     let field = tracker.track(TextField(), "view")
///     let bindings = tracker.track(BindingSet(), "bindings")
///     bindings.add(Binding(source: Property(person, \.name), destination: Property(field, \.text)))
/// }
/// #expect(leaks.isEmpty)                          // or: leaks == ["model"] names the culprit
/// ```
///
/// Track objects inside a scope (a closure or a `do` block) and check after it ends: the
/// tracker never keeps an object alive.
public final class LeakTracker: @unchecked Sendable {
    private struct Entry {
        weak var object: AnyObject?
        let name: String
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var entries: [Entry] = []

    /// Creates a tracker that watches nothing yet.
    public init() {}

    /// Watches `object`, named `name` (its type's name when nil), and returns it.
    ///
    /// ```swift
    /// let person = tracker.track(Person(), "model")
    /// ```
    @discardableResult
    public func track<Object: AnyObject>(_ object: Object, _ name: String? = nil) -> Object {
        let entry = Entry(object: object, name: name ?? "\(Object.self)")
        lock.withLock { entries.append(entry) }
        return object
    }

    /// The names of the watched objects that are still alive, in the order they were tracked.
    public var aliveObjects: [String] {
        lock.withLock { entries.filter { $0.object != nil }.map(\.name) }
    }

    /// Whether every watched object has been released.
    public var allReleased: Bool { aliveObjects.isEmpty }

    /// Runs `body`, which creates and tracks objects and drops them when it returns, and
    /// returns the names of those still alive afterwards: empty when nothing leaked.
    ///
    /// - Throws: what `body` throws.
    public static func leaks(_ body: (LeakTracker) throws -> Void) rethrows -> [String] {
        let tracker = LeakTracker()
        #if canImport(ObjectiveC)
            try autoreleasepool { try body(tracker) }
        #else
            try body(tracker)
        #endif
        return tracker.aliveObjects
    }
}
