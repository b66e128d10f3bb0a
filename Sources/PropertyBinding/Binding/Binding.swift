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
/// values it skips the write when the destination already holds an equal value. A failure
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
    }

    /// The property read on each update.
    public let source: Source
    /// The property written on each update.
    public let destination: Destination
    private let isEqual: ((Value, Value) -> Bool)?
    // Guarded by `stateLock`.
    private var _onUpdate: (@Sendable (Update) -> Void)?
    /// Asked before each write; `false` skips it (`.unchanged`). Used by two-way bindings.
    var shouldWrite: ((Value) -> Bool)?
    /// Told after each write. Used by two-way bindings.
    var didWrite: ((Value) -> Void)?

    init(source: Source, destination: Destination, isEqual: ((Value, Value) -> Bool)?, gate: UpdateGate) {
        self.source = source
        self.destination = destination
        self.isEqual = isEqual
        super.init(gate: gate)
    }

    /// Called after every write, on the thread that updated, with the binding's update lock
    /// held: record or log here, and do not wait for other threads.
    public var onUpdate: (@Sendable (Update) -> Void)? {
        get { stateLock.withLock { _onUpdate } }
        set { stateLock.withLock { _onUpdate = newValue } }
    }

    override func performUpdate(trigger: (any Trigger)?) -> UpdateResult {
        let value: Value
        do {
            value = try source.read()
        } catch {
            return .failed(failure(.readingSource, error))
        }
        let onUpdate = stateLock.withLock { _onUpdate }
        var oldValue: Value?
        if isEqual != nil || onUpdate != nil {
            oldValue = try? destination.read()
        }
        if let isEqual, let oldValue, isEqual(oldValue, value) {
            return .unchanged
        }
        if let shouldWrite, !shouldWrite(value) {
            return .unchanged
        }
        do {
            try destination.write(value)
        } catch {
            return .failed(failure(.writingDestination, error))
        }
        didWrite?(value)
        onUpdate?(Update(oldValue: oldValue, newValue: value, trigger: trigger))
        return .written
    }

    override func cycleFailure() -> BindingFailure? {
        if let isEqual, let value = try? source.read(), let current = try? destination.read(), isEqual(current, value) {
            return nil
        }
        return failure(.reentrant, UpdateCycleError(path: path))
    }

    private func failure(_ stage: BindingFailure.Stage, _ error: any Error) -> BindingFailure {
        BindingFailure(
            stage: stage, error: error, bindingID: ObjectIdentifier(self), label: label, path: path)
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
    public convenience init(source: Source, destination: Destination) {
        self.init(source: source, destination: destination, isEqual: nil, gate: UpdateGate())
    }

    /// Creates a binding that writes the source's value to the destination on each update,
    /// and skips the write when the destination already holds an equal value.
    ///
    /// ```swift
    /// let showName = Binding(source: Property(person, \.name), destination: Property(nameField, \.text))
    /// ```
    public convenience init(source: Source, destination: Destination) where Value: Equatable {
        self.init(source: source, destination: destination, isEqual: { $0 == $1 }, gate: UpdateGate())
    }
}
