/// A trigger that fires each time an ``ObservableArray`` announces a batch, on the thread that
/// announces it, after the change: what ``TriggerRegistry/standard`` infers for an array.
///
/// ```swift
/// let showPeople = Binding(source: people, destination: rows)
/// showPeople.addTrigger(ObservableArrayTrigger(people))   // what triggers: .standard adds
/// people.append(Person(id: 3, name: "Cy"))                  // the table shows Cy when this returns
/// ```
///
/// Added to a binding that writes ``TableRows`` (of the array's element type), it also tells
/// the rows to take the array's announced batches instead of diffing (see ``TableRows/write(_:)``).
/// The trigger holds the array weakly; the array's observations hold the trigger from start to
/// stop, so the array keeps no observation after teardown.
public final class ObservableArrayTrigger: Trigger, @unchecked Sendable {
    private weak let array: (any ListAnnouncer)?
    // Guarded by `lock`.
    private weak var _delegate: (any TriggerDelegate)?
    /// The array's id of this trigger's observation while it observes.
    private var observation: Int?
    private let lock = StateLock()

    /// Creates a trigger for the batches `array` (held weakly) announces.
    ///
    /// ```swift
    /// ObservableArrayTrigger(people)
    /// ```
    public init<Element>(_ array: ObservableArray<Element>) {
        self.array = array
    }

    /// Creates a trigger for the batches `mapped` (held weakly) announces: what
    /// ``TriggerRegistry/standard`` infers for a ``MappedArray``.
    ///
    /// ```swift
    /// ObservableArrayTrigger(people.mapped { $0.name })
    /// ```
    public init<Element>(_ mapped: MappedArray<Element>) {
        self.array = mapped.storage
    }

    /// Creates a trigger for the batches `arranged` (held weakly) announces: what
    /// ``TriggerRegistry/standard`` infers for an ``ArrangedArray``.
    ///
    /// ```swift
    /// ObservableArrayTrigger(ArrangedArray(people, sortedBy: [KeyPathComparator(\.name)]))
    /// ```
    public init<Element, ID>(_ arranged: ArrangedArray<Element, ID>) {
        self.array = arranged.storage
    }

    deinit {
        stopObserving()
    }

    /// The binding to tell when the array announces a batch; held weakly.
    public var delegate: (any TriggerDelegate)? {
        get { lock.withLock { _delegate } }
        set { lock.withLock { _delegate = newValue } }
    }

    /// Whether the trigger observes its array now: from start to stop, while the array lives.
    public var isObserving: Bool { lock.withLock { observation != nil } }

    /// Starts hearing the array's batches, and, when its binding writes ``TableRows``, has them
    /// follow the array's batches.
    public func startObserving() {
        guard let array, register(with: array) else { return }
        if let binding = delegate as? any WritingBinding,
            let rows = binding.writtenProperty as? any ListAnnouncementFollower
        {
            rows.follow(array)
        }
    }

    /// Adds this trigger's observation to `array`; false when it observes already.
    private func register(with array: any ListAnnouncer) -> Bool {
        lock.withLock {
            guard observation == nil else { return false }
            observation = array.addListener { [weak self] _ in self?.fire() }
            return true
        }
    }

    /// Stops hearing the array's batches.
    public func stopObserving() {
        let (array, stopped) = lock.withLock { () -> ((any ListAnnouncer)?, Int?) in
            defer { observation = nil }
            return (self.array, observation)
        }
        if let stopped { array?.removeListener(id: stopped) }
    }

    private func fire() {
        let delegate = lock.withLock { observation != nil ? _delegate : nil }
        delegate?.triggerDidFire(self)
    }
}

/// An ``ObservableArray`` of any element type, as its trigger uses it.
protocol ListAnnouncer: AnyObject {
    /// Registers `listener` for every batch; returns its id.
    func addListener(_ listener: @escaping (ListChanges) -> Void) -> Int
    /// Ends the registration `id`.
    func removeListener(id: Int)
}

extension ObservableArray: ListAnnouncer {}

/// What takes an ``ObservableArray``'s announced batches when a binding from the array writes
/// it: ``TableRows``.
protocol ListAnnouncementFollower: AnyObject {
    /// Takes `array`'s batches from now on, when it is an array of the follower's elements.
    func follow(_ array: AnyObject)
}

/// A binding, seen by what it writes: how an ``ObservableArrayTrigger`` finds the rows its
/// binding writes, once, when it starts.
protocol WritingBinding: AnyObject {
    /// The binding's destination.
    var writtenProperty: any WritableProperty { get }
}

extension Binding: WritingBinding {
    var writtenProperty: any WritableProperty { destination }
}
