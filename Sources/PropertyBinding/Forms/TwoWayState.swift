/// What the two directions of a ``TwoWayBinding`` share. Every member is used under `lock`;
/// `committing` and `forcing` are set by the thread that holds the pair's update gate. The
/// lock is never held while user code runs, nor taken again inside itself: a binding's own lock
/// may be taken under it, never the other way round.
@usableFromInline
final class TwoWayState<Value>: @unchecked Sendable {
    @usableFromInline let lock = StateLock()

    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try lock.withLock(body)
    }

    @usableFromInline let isEqual: ((Value, Value) -> Bool)?
    /// Whether two values are the same for telling an edit and a model change: `==` for
    /// `Equatable` values, otherwise the same bits (the same object; for a struct, a copy of the
    /// same value: one built anew counts as another value).
    @usableFromInline let isSame: (Value, Value) -> Bool
    @usableFromInline weak var toModel: AnyBinding?
    // Guarded by `lock`, so exempt from the dynamic exclusivity check, which costs 353 of a
    // two-way echo's 2,716 instructions and would break its target of 3x two hand-written
    // closures (callgrind, BindingProfile).
    @usableFromInline @exclusivity(unchecked) var lastSynced: Value?
    @usableFromInline @exclusivity(unchecked) var uncommitted = false
    @usableFromInline @exclusivity(unchecked) var continuous: Bool
    @usableFromInline @exclusivity(unchecked) var committing = false
    @usableFromInline @exclusivity(unchecked) var forcing = false
    @usableFromInline @exclusivity(unchecked) var showsModelAfterWrite = true
    /// Set between form → model's decision to write and its report that it did.
    @usableFromInline @exclusivity(unchecked) var writingModel = false
    /// Called after each form value that transformed and validated: the form's rules over
    /// several fields check the fields that read this one.
    @usableFromInline @exclusivity(unchecked) var onEdit: (() -> Void)?
    /// What the form reads back as after the model's value was written to it, when that is
    /// another value (a rounding: 1.755 shown as "1,76" reads back as 1.76; a clamp); nil when
    /// it reads back as the model's value. A form value equal to it is the model's own value
    /// coming back (a trigger that fires later, or on the form's own writes), not an edit.
    @usableFromInline @exclusivity(unchecked) var shownInForm: Value?
    /// Whether the form could not be read back after the model's value was written to it (a
    /// value its transformer cannot convert back): a form that reads again then holds an edit.
    @usableFromInline @exclusivity(unchecked) var shownUnreadable = false

    @usableFromInline
    init(isEqual: ((Value, Value) -> Bool)?, continuous: Bool) {
        self.isEqual = isEqual
        self.isSame = isEqual ?? Self.haveSameBits
        self.continuous = continuous
    }

    /// Whether `a` and `b` hold the same bytes: a copy of one value (a reference to one object).
    /// Different bytes may still be equal values (two buffers of one text): those count as
    /// different, so a value that may have changed is never taken for the same.
    @inlinable
    static func haveSameBits(_ a: Value, _ b: Value) -> Bool {
        withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
    }

    /// Whether the form holds an edit the model does not have: one waiting for a commit, or a
    /// failed one (read from the form → model direction's flag, not its copied failure).
    @inlinable
    var hasPendingEdit: Bool { uncommitted || toModel?.hasLastError == true }

    @inlinable
    func synced(_ value: Value, clearingFormError: Bool) {
        lastSynced = value
        uncommitted = false
        shownInForm = nil
        shownUnreadable = false
        if clearingFormError { toModel?.clearLastError() }
    }

    /// Records what the form reads back as (`readBack`, nil when it could not be read) now that
    /// it shows the model's `value`.
    @inlinable
    func formShows(_ readBack: Value?, for value: Value) {
        shownUnreadable = readBack == nil
        guard let readBack, !isSame(readBack, value) else {
            shownInForm = nil
            return
        }
        shownInForm = readBack
    }

    /// Whether the form's value `current` (nil: it cannot be read) is an edit the model does
    /// not have: it differs from what the form read back as when it last showed the model's
    /// value (or took the model its own). Told without any trigger having fired, so that an
    /// edit a debounced, throttled or absent trigger has not reported yet is never lost. False
    /// while the pair has never synchronised, and always for values that are not `Equatable`.
    @inlinable
    func formHoldsEdit(_ current: Value?) -> Bool {
        guard let lastSynced else { return false }
        guard let current else { return !shownUnreadable }
        return shownUnreadable || !isSame(current, shownInForm ?? lastSynced)
    }

    /// Whether the form's `value` is only the model's value as the form shows it: no edit.
    @inlinable
    func isModelValueShownInForm(_ value: Value) -> Bool {
        guard let shownInForm else { return false }
        return isSame(value, shownInForm)
    }

    /// Whether model → form may write `value` over the form's `current` value (`.some(nil)`:
    /// unreadable; nil: not read): not over an edit, reported or not, unless the model changed.
    /// Without `Equatable`, a change is told by the value's bits (``isSame``): the same object,
    /// a copy of the same struct; a value built anew counts as changed, so that a model value
    /// that may have changed is never hidden behind an edit.
    @inlinable
    func modelMayOverwriteForm(with value: Value, current: Value??) -> Bool {
        guard !forcing else { return true }
        guard let lastSynced else {
            // Never synchronised: nothing to compare the model's value with. An edit of an
            // `Equatable` value is kept; otherwise the model's value wins.
            return !(hasPendingEdit || current.map(formHoldsEdit) == true) || isEqual == nil
        }
        // A model value that changed wins over any edit: asked first, it spares the usual update
        // looking for one (the form → model direction's failure is behind a weak reference).
        if !isSame(lastSynced, value) { return true }
        return !(uncommitted || current.map(formHoldsEdit) == true || toModel?.hasLastError == true)
    }

    /// Whether form → model may write now (otherwise the edit waits for a commit), and what to
    /// call once the lock is let go.
    @inlinable
    func formMayWriteModel(_ value: Value) -> (Bool, (() -> Void)?) {
        if !forcing, isModelValueShownInForm(value) {
            // The model's value as the form shows it, coming back: writing it would change the
            // model (1.755 to 1.76) though nobody edited the field, and it is no pending edit.
            uncommitted = false
            writingModel = false
            return (false, nil)
        }
        guard continuous || committing else {
            uncommitted = true
            writingModel = false
            return (false, onEdit)
        }
        writingModel = true
        return (true, nil)
    }

    /// Records that the model holds the form's value; returns whether it was just written (so
    /// the form should show the model's value), whether its spelling is normalised too, and
    /// what to call once the lock is let go.
    @inlinable
    func formSynced(_ value: Value) -> (wrote: Bool, normalise: Bool, edited: (() -> Void)?) {
        let wrote = writingModel && showsModelAfterWrite && isEqual != nil
        writingModel = false
        synced(value, clearingFormError: false)
        // While the user types (a continuous write), the text is replaced only when the model
        // holds another value (a clamp, a rounding): rewriting "1234" as "1.234" under the
        // cursor would make the next keystroke's "1.2345" unreadable. A commit also normalises
        // the spelling.
        return (wrote, committing, onEdit)
    }
}

extension Binding {
    /// Shows the source's value in the destination after a two-way pair wrote the other way:
    /// a destination behind transformers is written again (its text may be normalised), a
    /// plain one only when the value differs from `destinationValue`, what the destination was
    /// read as for that write. A failure is kept and reported as an update's.
    ///
    /// - Returns: the value shown, or nil when it could not be read or written, and whether the
    ///   destination still holds `destinationValue` (it was not written, so it reads back as it).
    ///
    /// Inlined into the pair's hooks, which are compiled where the pair is created: generic
    /// here, it would look up `Value`'s metadata at every call.
    @inlinable
    func showSourceAfterWrite(
        formIsTransformed: Bool, destinationValue: Value, isEqual: ((Value, Value) -> Bool)?
    ) -> (shown: Value, unchanged: Bool)? {
        let value: Value
        do {
            value = try source.read()
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
