import Foundation

/// Keeps a destination property in step with a source property: each time one of its
/// triggers fires (or ``AnyBinding/update()`` is called), it reads the source and writes the
/// value to the destination.
///
/// ```swift
/// let showName = Binding(source: Property(person, \.name), destination: Property(nameField, \.text))
/// showName.addTrigger(NotificationTrigger(center: center, name: .personDidChange, object: person))
/// person.name = "Ann"
/// center.post(name: .personDidChange, object: person)   // nameField.text == "Ann"
/// ```
///
/// A binding does nothing by itself: ``Trigger``s tell it when to update. For `Equatable`
/// values it skips the write when the destination already holds an equal value; a destination
/// that reads back nothing (a ``Setter``) takes events and gets every fire. A failure
/// (a transformer that cannot convert, an object that is gone) writes nothing; it goes to
/// ``AnyBinding/onError``, to the ``BindingSet``'s handler and to ``AnyBinding/lastError``.
/// See ``AnyBinding`` for the threading model.
public final class Binding<Source: ReadableProperty, Destination: WritableProperty>: AnyBinding, @unchecked Sendable
where Source.Value == Destination.Value {
    /// The value type that flows from source to destination.
    public typealias Value = Source.Value

    /// One write a binding performed, as told to ``onUpdate``.
    public struct Update {
        /// What the destination held before, when it could be read.
        public let oldValue: Value?
        /// What was written.
        public let newValue: Value
        /// The trigger that fired, or nil for a call to ``AnyBinding/update()``.
        public let trigger: (any Trigger)?

        @usableFromInline
        init(oldValue: Value?, newValue: Value, trigger: (any Trigger)?) {
            self.oldValue = oldValue
            self.newValue = newValue
            self.trigger = trigger
        }
    }

    /// The property read on each update.
    public let source: Source
    /// The property written on each update.
    public let destination: Destination
    /// One update, read → compare → write, made by ``makeStep()``
    /// where the binding is created so that it is compiled for the concrete properties.
    @usableFromInline let step: (Binding, (any Trigger)?) -> UpdateResult

    /// The hooks of a direction of a ``TwoWayBinding``, or nil for a plain binding. Stored as
    /// the binding's ``AnyBinding/pairing``: a `Binding` is only ever given hooks there.
    @usableFromInline var twoWay: TwoWayHooks? {
        guard let pairing else { return nil }
        return unsafeDowncast(pairing, to: TwoWayHooks.self)
    }

    /// What a ``TwoWayBinding`` asks and tells its directions, with the gate they share.
    @usableFromInline
    final class TwoWayHooks: Pairing {
        /// Asked before each write, with what the destination holds when the update read it
        /// (`.some(nil)`: it could not be read; `nil`: the update did not read it); `false`
        /// skips the write (`.unchanged`).
        @usableFromInline let shouldWrite: (_ value: Value, _ current: Value??) -> Bool
        /// Told when the destination holds the source's value after an update: after a write
        /// (`wrote`), or when an equal value made the write unnecessary; with what the
        /// destination read back as then, in the same visit (`.some(nil)`: it could not be read;
        /// `nil`: the update did not read it back).
        @usableFromInline let didSync: (_ value: Value, _ wrote: Bool, _ readBack: Value??) -> Void

        @usableFromInline
        init(
            sharingGateOf gateHolder: AnyBinding?, mirroringFailureIn failureMirror: FailureMirror? = nil,
            shouldWrite: @escaping (Value, Value??) -> Bool, didSync: @escaping (Value, Bool, Value??) -> Void
        ) {
            self.shouldWrite = shouldWrite
            self.didSync = didSync
            super.init(sharingGateOf: gateHolder, mirroringFailureIn: failureMirror)
        }
    }

    /// Creates a binding that compares values as `comparing` says, with two-way hooks or none.
    @inlinable
    init<Comparison: ValueComparison<Value>>(
        source: Source, destination: Destination, comparing: Comparison.Type, twoWay: TwoWayHooks?
    ) {
        self.source = source
        self.destination = destination
        self.step = Self.makeStep(comparing: comparing)
        super.init(pairing: twoWay, comparesValues: Comparison.compares)
    }

    /// Called after every write, on the thread that updated, with the binding's update lock
    /// held: record or log here, and do not wait for other threads.
    ///
    /// The streams of ``values(bufferingPolicy:)`` are fed apart from this handler: setting it,
    /// or setting it to nil, neither replaces nor ends them, and reading it never returns them.
    public var onUpdate: (@Sendable (Update) -> Void)? {
        get { currentUpdateHandler?.user }
        set {
            changeOnUpdateHandler { current in
                UpdateHandler(user: newValue, streams: (current as? UpdateHandler)?.streams)
            }
        }
    }

    /// What to call after a write, or nil; takes no lock when there is nothing.
    @usableFromInline var currentUpdateHandler: UpdateHandler? {
        onUpdateHandler as? UpdateHandler
    }

    /// ``onUpdate`` and the streams of ``values(bufferingPolicy:)``, boxed: the part every
    /// binding shares stores it without knowing `Value`. Never changed: a change is a new box.
    @usableFromInline
    final class UpdateHandler {
        let user: (@Sendable (Update) -> Void)?
        let streams: (any ValueSink<Value>)?

        /// A handler, or nil when there is nothing to call.
        init?(user: (@Sendable (Update) -> Void)?, streams: (any ValueSink<Value>)?) {
            if user == nil && streams == nil { return nil }
            self.user = user
            self.streams = streams
        }

        /// Tells the user's handler, then every live stream.
        @usableFromInline
        func call(_ update: Update) {
            user?(update)
            streams?.yield(update.newValue)
        }
    }

    /// The number of ``values(bufferingPolicy:)`` streams that have not ended (for tests).
    var liveValueStreamCount: Int {
        currentUpdateHandler?.streams?.count ?? 0
    }

    /// Builds the update step. It is `@inlinable` and called from the `@inlinable`
    /// initializers, so it is compiled where the binding is created, for its concrete source
    /// and destination: the properties' accessors are called directly, with no generic
    /// dispatch or run-time metadata on the way.
    @inlinable
    static func makeStep<Comparison: ValueComparison<Value>>(
        comparing: Comparison.Type
    ) -> (Binding, (any Trigger)?) -> UpdateResult {
        { binding, trigger in
            let value: Value
            do {
                value = try binding.source.read()
            } catch {
                return binding.readFailed(error)
            }
            let onUpdate = binding.currentUpdateHandler
            var oldValue: Value?
            let written: Bool
            // What a two-way direction's destination read back as, in the write's visit.
            var readBack: Value?? = nil
            do {
                if Comparison.compares || onUpdate != nil {
                    // Compare and write in one visit to the destination's object (and read it
                    // back there, for a direction of a two-way pair).
                    var isUnchanged = false
                    if let twoWay = binding.twoWay {
                        let visit = try binding.destination._writeInOneVisit(value, readingBack: true) { current in
                            oldValue = current
                            if skipsWrite(
                                value, over: current, compares: Comparison.compares, equal: Comparison.areEqual)
                            {
                                isUnchanged = true
                                return false
                            }
                            return twoWay.shouldWrite(value, .some(current))
                        }
                        written = visit.written
                        readBack = .some(visit.readBack)
                    } else {
                        written = try binding.destination.write(value) { current in
                            oldValue = current
                            if skipsWrite(
                                value, over: current, compares: Comparison.compares, equal: Comparison.areEqual)
                            {
                                isUnchanged = true
                                return false
                            }
                            return true
                        }
                    }
                    if !written && !isUnchanged { return .unchanged }
                } else {
                    if let twoWay = binding.twoWay, !twoWay.shouldWrite(value, nil) { return .unchanged }
                    try binding.destination.write(value)
                    written = true
                }
            } catch {
                return binding.writeFailed(error)
            }
            // The destination holds the source's value: written, or equal already.
            binding.twoWay?.didSync(value, written, readBack)
            guard written else { return .unchanged }
            onUpdate?.call(Update(oldValue: oldValue, newValue: value, trigger: trigger))
            return .written
        }
    }

    override func performUpdate(trigger: (any Trigger)?) -> UpdateResult {
        // A delivered binding reads here and writes on its queue (BindingDelivery.swift).
        if let delivering = deliveringStep { return deliver(delivering, trigger) }
        return step(self, trigger)
    }

    override func performDeliveredWrite(_ delivery: AnyObject) -> UpdateResult {
        writeDelivered(delivery)
    }

    override func scheduledPlaceholder() {
        markScheduledPlaceholder()
    }

    override func performUpdateHere() -> UpdateResult {
        step(self, nil)
    }

    override var hasDeallocatedObject: Bool {
        [source as any ReadableProperty, destination].contains { property in
            PropertyOrigin.objects(of: property).contains { $0 == nil }
        }
    }

    override func cycleHasSettled() -> Bool {
        guard comparesValues, let value = try? source.read(), let current = try? destination.read() else {
            return false
        }
        return dynamicallyEqual(current, value) == true
    }

    override func cycleFailure() -> BindingFailure {
        failure(.reentrant, UpdateCycleError(path: path))
    }

    /// The result of an update whose source threw `error`: a filter's ``ValueDeclined`` is no
    /// failure. Out of line: the step of every binding calls it, on the rare path.
    @usableFromInline @inline(never)
    func readFailed(_ error: any Error) -> UpdateResult {
        error is ValueDeclined ? .filtered : .failed(failure(.readingSource, error))
    }

    /// The result of an update whose destination threw `error`.
    @usableFromInline @inline(never)
    func writeFailed(_ error: any Error) -> UpdateResult {
        error is ValueDeclined ? .filtered : .failed(failure(.writingDestination, error))
    }

    @usableFromInline
    func failure(_ stage: BindingFailure.Stage, _ error: any Error) -> BindingFailure {
        // The path is described only if someone reads it; the text captures the properties,
        // not the binding, which may keep the failure as its last error.
        let (source, destination) = (source, destination)
        return BindingFailure(
            stage: stage, error: error, bindingID: ObjectIdentifier(self), label: label,
            pathText: LazyText { "\(source) → \(destination)" })
    }

    /// The source and destination, as text: `\TextField.text → \Person.age`.
    public var path: String {
        "\(source) → \(destination)"
    }
}

extension Binding {
    /// Creates a binding that writes the source's value to the destination on each update.
    ///
    /// ```swift
    /// let binding = Binding(source: Property(model, \.items), destination: Property(view, \.rows))
    /// ```
    @inlinable
    public convenience init(source: Source, destination: Destination) {
        self.init(source: source, destination: destination, comparing: NoComparison<Value>.self, twoWay: nil)
    }

    /// Creates a binding that writes the source's value to the destination on each update,
    /// and skips the write when the destination already holds an equal value. A destination
    /// that reads back nothing (a ``Setter``) takes events: it gets every update's value.
    ///
    /// ```swift
    /// let showName = Binding(source: Property(person, \.name), destination: Property(nameField, \.text))
    /// ```
    @inlinable
    public convenience init(source: Source, destination: Destination) where Value: Equatable {
        self.init(source: source, destination: destination, comparing: EquatableComparison<Value>.self, twoWay: nil)
    }
}

extension Binding {
    /// Updates the destination now and returns the binding: the way to start a binding in sync,
    /// in the statement that makes it, as the Bindings pod and Cocoa Bindings do when they bind.
    ///
    /// ```swift
    /// let showName = try Binding(
    ///     source: Property(person, \.name), destination: Property(nameLabel, \.text), triggers: .standard
    /// ).updatingNow()                                  // nameLabel.text == person.name already
    /// ```
    ///
    /// Without it a binding waits for its first fire (or a call to ``AnyBinding/update()``):
    /// a form → model binding must not write an empty field into the model when it is made. A
    /// failure of this first update goes where every failure goes (``AnyBinding/onError``,
    /// ``AnyBinding/lastError``, the default handler); the binding is returned either way.
    @discardableResult
    public func updatingNow() -> Binding {
        update()
        return self
    }
}
