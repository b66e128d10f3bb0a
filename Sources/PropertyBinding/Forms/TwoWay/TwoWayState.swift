import Synchronization

/// The storage of a ``TwoWayBinding``'s rules: its ``TwoWayStateMachine``, behind a lock, and
/// what the machine does not keep (the form → model direction, whose failure it is told; the
/// form's rules to tell of an edit).
///
/// Every member is used under `lock`, which is never held while user code runs, nor taken again
/// inside itself: a binding's own lock may be taken under it, never the other way round. The
/// pair's hooks take the lock, ask the machine, let the lock go, and then act on the answer.
@usableFromInline
final class TwoWayState<Value>: @unchecked Sendable {
    @usableFromInline let lock = StateLock()

    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    /// Runs `body` on the machine with the lock held; `body` only computes. The machine is
    /// passed in place: read as a property of the class, it would be copied for each question.
    @inlinable @inline(__always)
    func withMachine<Result>(_ body: (inout TwoWayStateMachine<Value>) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&machine) }
    }

    /// The rules. Guarded by `lock`, so exempt from the dynamic exclusivity check, which each
    /// update of the pair would otherwise pay at every access.
    @usableFromInline @exclusivity(unchecked) var machine: TwoWayStateMachine<Value>
    /// Called after each form value that transformed and validated: the form's rules over
    /// several fields check the fields that read this one. Guarded by `lock`, as `machine` is.
    @usableFromInline @exclusivity(unchecked) var onEdit: (() -> Void)?
    /// The form → model direction, whose kept failure is a pending edit.
    @usableFromInline weak var toModel: AnyBinding?
    /// Whether `toModel` keeps a failure, mirrored by it: asked without loading `toModel`.
    @usableFromInline let formFailure = FailureMirror()

    @usableFromInline
    init(isEqual: ((Value, Value) -> Bool)?, continuous: Bool) {
        machine = TwoWayStateMachine(isEqual: isEqual, continuous: continuous)
    }

    /// Whether form → model keeps a failure: the form holds an edit the model does not have.
    @inlinable @inline(__always)
    var formFailed: Bool { formFailure.isSet.load(ordering: .acquiring) }

    /// Whether the form holds an edit the model does not have, as the pair knows it.
    @inlinable
    var hasPendingEdit: Bool {
        withMachine { $0.hasPendingEdit(formFailed: formFailed) }
    }

    /// Model → form's question: may the model's `value` be written over the form's `current`?
    @inlinable @inline(__always)
    func modelValueArrived(_ value: Value, current: Value??) -> Bool {
        withMachine { $0.modelValueArrived(value, current: current, formFailed: formFailed) } == .show
    }

    /// Model → form synchronised the form with `value`; the form reads back as `readBack`.
    @inlinable @inline(__always)
    func formShowedModel(_ value: Value, readBack: Value?) {
        withMachine { $0.formShowedModel(value, readBack: readBack) }
        if formFailure.isSet.load(ordering: .relaxed) { toModel?.clearLastError() }
    }

    /// Form → model's question: may the form's `value` be written to the model now? An edit
    /// held for a commit is told to the form's rules.
    @inlinable @inline(__always)
    func formValueArrived(_ value: Value) -> Bool {
        let (action, edited) = withMachine { ($0.formValueArrived(value), onEdit) }
        if action == .holdEdit { edited?() }
        return action == .write
    }
}

extension Binding {
    /// Shows the source's value in the destination after a two-way pair wrote the other way:
    /// a destination behind transformers is written again (its text may be normalised), a
    /// plain one only when the value differs from `destinationValue`, what the destination was
    /// read as for that write. The source's value is `sourceValue` when the other direction
    /// read it back in its write's visit, otherwise it is read here. A failure is kept and
    /// reported as an update's.
    ///
    /// - Returns: the value shown, or nil when it could not be read or written, and whether the
    ///   destination still holds `destinationValue` (it was not written, so it reads back as it).
    ///
    /// Inlined into the pair's hooks, which are compiled where the pair is created: generic
    /// here, it would look up `Value`'s metadata at every call.
    @inlinable
    func showSourceAfterWrite(
        formIsTransformed: Bool, destinationValue: Value, sourceValue: Value?, isEqual: ((Value, Value) -> Bool)?
    ) -> (shown: Value, unchanged: Bool)? {
        let value: Value
        do {
            // The source as the other direction read it back after its write, or read now.
            value = try sourceValue ?? source.read()
        } catch {
            record(failure(.readingSource, error))
            return nil
        }
        // The destination was read as `destinationValue` for the write just made, under the
        // pair's gate: not read again.
        if !formIsTransformed, let isEqual, isEqual(destinationValue, value) {
            clearLastError()
            return (value, true)
        }
        do {
            try destination.write(value)
            clearLastError()
            return (value, false)
        } catch {
            record(failure(.writingDestination, error))
            return nil
        }
    }
}

/// Whether an object that `property` reads (through its transformers) is gone.
@usableFromInline
func objectIsGone(in property: any ReadableProperty) -> Bool {
    PropertyOrigin.objects(of: property).contains { $0 == nil }
}
