/// The rules of a ``TwoWayBinding``, as a value: what the two sides last agreed on, what the form
/// shows of it, whether the form holds an edit waiting for a commit, and whether a commit or a
/// discard runs.
///
/// ``TwoWayState`` takes its lock, asks the machine, lets the lock go, then does what the answer
/// says (writes, skips, shows the model, tells the form's rules). The machine reads no property,
/// takes no lock and calls nothing: each transition is tested on its own, and the Design article
/// draws them. The form → model direction's failure is kept by that binding; the machine is told
/// it (`formFailed`) where a rule needs it, and only then asks.
///
/// The rules, in one place:
/// - **Edit held**: an edit is what the form holds that differs from what it read back as when
///   it last showed the model's value. Model → form does not write over one unless the model's
///   value changed since (the model wins), or a discard runs.
/// - **Echo**: a form value that is only the model's value as the form shows it (1.755 shown as
///   "1,76" reads back as 1.76, or the value itself) is no edit: it is never written back, so a
///   late form trigger cannot undo a model change that model → form has not shown yet.
/// - **Commit**: while the pair is not continuous, a valid edit is held (and the form's rules
///   told) instead of written, until a commit writes it and shows the model's spelling.
/// - **Discard**: model → form writes the model's value over whatever the form holds; the held
///   edit and the form's failure are forgotten.
/// - **Delivery**: a delivered model → form write asks the same question when it runs, so it
///   never writes over an edit made since it was scheduled.
@usableFromInline
struct TwoWayStateMachine<Value> {
    /// What the form read back as when it last showed the model's value.
    @usableFromInline
    enum Shown {
        /// The model's value itself.
        case model
        /// Another value (a rounding, a clamp): a form value equal to it is the model's own.
        case readBack(Value)
        /// Nothing: the form could not be read (its transformer cannot convert the text back).
        case unreadable
    }

    /// What runs on the pair's gate besides the updates.
    @usableFromInline
    enum Operation: Equatable {
        /// Nothing: updates follow the rules.
        case none
        /// ``TwoWayBinding/commit()``: the held edit is written.
        case commit
        /// ``TwoWayBinding/discard()``: the model's value is written over the edit.
        case discard
    }

    /// What model → form does with the model's value.
    @usableFromInline
    enum ModelValueAction: Equatable {
        /// Write it to the form.
        case show
        /// Do not: the form holds an edit and the model did not change (`.unchanged`).
        case keepEdit
    }

    /// What form → model does with the form's valid value.
    @usableFromInline
    enum FormValueAction: Equatable {
        /// Write it to the model.
        case write
        /// Do not: it is what the form shows of the model's value, and no edit.
        case skipEcho
        /// Do not: hold it until a commit, and tell the form's rules that the field was edited.
        case holdEdit
    }

    /// What form → model does once the model holds the form's value.
    @usableFromInline
    enum ModelTookAction: Equatable {
        /// Nothing more.
        case none
        /// Show the model's value in the form (it may hold another one: a clamp, a rounding);
        /// `respelling` also writes a form behind transformers whose value is unchanged, so that
        /// it shows the formatter's spelling (a commit does, typing does not).
        case showModel(respelling: Bool)
    }

    /// Whether two values are the same for telling an edit and a model change: `==` for
    /// `Equatable` values, otherwise the same bits.
    @usableFromInline let isSame: (Value, Value) -> Bool
    /// Whether values are compared with `==` (they are `Equatable`).
    @usableFromInline let comparesValues: Bool

    /// The value both sides last agreed on; nil while the pair has never synchronised.
    @usableFromInline private(set) var synced: Value?
    /// What the form read back as when it last showed ``synced``.
    @usableFromInline private(set) var shown = Shown.model
    /// Whether the form holds a valid edit waiting for a commit.
    @usableFromInline private(set) var holdsEdit = false
    /// What runs besides the updates.
    @usableFromInline private(set) var operation = Operation.none
    /// Whether form values reach the model as they change (otherwise on a commit).
    @usableFromInline var isContinuous: Bool
    /// Whether the form shows the model's value after a write to the model.
    @usableFromInline var showsModelAfterWrite = true

    /// A pair that has never synchronised, comparing with `isEqual` (nil: by the values' bits).
    @inlinable
    init(isEqual: ((Value, Value) -> Bool)?, continuous: Bool) {
        self.isSame = isEqual ?? Self.haveSameBits
        self.comparesValues = isEqual != nil
        self.isContinuous = continuous
    }

    /// Whether `a` and `b` hold the same bytes: a copy of one value (a reference to one object).
    /// Different bytes may still be equal values (two buffers of one text): those count as
    /// different, so a value that may have changed is never taken for the same.
    @inlinable
    static func haveSameBits(_ a: Value, _ b: Value) -> Bool {
        withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
    }

    // MARK: Questions

    /// Whether the form holds an edit the model does not have, as far as the pair knows: one
    /// waiting for a commit, or a failed one (`formFailed`).
    @inlinable @inline(__always)
    func hasPendingEdit(formFailed: @autoclosure () -> Bool) -> Bool {
        holdsEdit || formFailed()
    }

    /// Whether the form's value `current` (nil: it cannot be read) is an edit the model does not
    /// have: it differs from what the form read back as when it last showed the model's value.
    /// Told without any trigger having fired, so that an edit a debounced, throttled or absent
    /// trigger has not reported yet is never lost. False while the pair has never synchronised.
    @inlinable @inline(__always)
    func formHoldsEdit(_ current: Value?) -> Bool {
        guard let synced else { return false }
        switch shown {
        case .unreadable: return current != nil
        case .model: return current.map { !isSame($0, synced) } ?? true
        case .readBack(let readBack): return current.map { !isSame($0, readBack) } ?? true
        }
    }

    /// Whether the form's `value` is only the model's value as the form shows it: no edit.
    @inlinable @inline(__always)
    func isModelValueShownInForm(_ value: Value) -> Bool {
        guard case .readBack(let readBack) = shown else { return false }
        return isSame(value, readBack)
    }

    // MARK: Model → form

    /// The model's `value` reached model → form, which found the form holding `current`
    /// (`.some(nil)`: unreadable; nil: not read). It is shown unless the form holds an edit,
    /// reported or not, and the model did not change; a discard always shows it. Without
    /// `Equatable`, a change is told by the value's bits: a value built anew counts as changed.
    @inlinable @inline(__always)
    func modelValueArrived(_ value: Value, current: Value??, formFailed: @autoclosure () -> Bool) -> ModelValueAction {
        guard operation != .discard else { return .show }
        guard let synced else {
            // Never synchronised: nothing to compare the model's value with. An edit of an
            // `Equatable` value is kept; otherwise the model's value wins.
            let edited = holdsEdit || formFailed() || current.map(formHoldsEdit) == true
            return edited && comparesValues ? .keepEdit : .show
        }
        // A model value that changed wins over any edit: asked first, it spares looking for one.
        if !isSame(synced, value) { return .show }
        let edited = holdsEdit || current.map(formHoldsEdit) == true || formFailed()
        return edited ? .keepEdit : .show
    }

    /// The form shows the model's `value` and reads back as `readBack` (nil: unreadable): both
    /// sides agree, and no edit is held. The form's failure is then forgotten (by the caller).
    @inlinable @inline(__always)
    mutating func formShowedModel(_ value: Value, readBack: Value?) {
        agree(on: value)
        formShows(readBack, for: value)
    }

    // MARK: Form → model

    /// The form's valid `value` reached form → model, which found the model holding another.
    @inlinable @inline(__always)
    mutating func formValueArrived(_ value: Value) -> FormValueAction {
        if operation != .discard, synced != nil, !formHoldsEdit(value) {
            // The model's value as the form shows it, coming back (a trigger that fires late, or
            // on the form's own write): no edit, and no pending one. Written back, it would
            // change the model (1.755 to 1.76) though nobody edited the field, or undo a change
            // of the model that model → form has not shown yet.
            holdsEdit = false
            return .skipEcho
        }
        guard isContinuous || operation == .commit else {
            holdsEdit = true
            return .holdEdit
        }
        return .write
    }

    /// The model holds the form's `value`: form → model `wrote` it, or found it there already.
    @inlinable @inline(__always)
    mutating func modelTookFormValue(_ value: Value, wrote: Bool) -> ModelTookAction {
        agree(on: value)
        // While the user types (a continuous write), the text is replaced only when the model
        // holds another value (a clamp, a rounding): rewriting "1234" as "1.234" under the
        // cursor would make the next keystroke's "1.2345" unreadable. A commit also respells.
        guard wrote && showsModelAfterWrite && comparesValues else { return .none }
        return .showModel(respelling: operation == .commit)
    }

    /// After ``ModelTookAction/showModel(respelling:)``: the form shows the model's `value` and
    /// reads back as `readBack` (nil: unreadable).
    @inlinable @inline(__always)
    mutating func formShowsModelAfterWrite(_ value: Value, readBack: Value?) {
        synced = value
        formShows(readBack, for: value)
    }

    // MARK: Commit and discard

    /// A commit or a discard starts; returns the operation to restore when it ends (one may run
    /// inside the other, from a validator or a setter).
    @inlinable
    mutating func begin(_ operation: Operation) -> Operation {
        defer { self.operation = operation }
        return self.operation
    }

    /// A commit ends: `previous` is what ``begin(_:)`` returned.
    @inlinable
    mutating func commitEnded(restoring previous: Operation) {
        operation = previous
    }

    /// A discard ends (`previous` is what ``begin(_:)`` returned): no edit is held. The form's
    /// failure is then forgotten (by the caller).
    @inlinable
    mutating func discardEnded(restoring previous: Operation) {
        holdsEdit = false
        operation = previous
    }

    // MARK: Parts of the transitions

    @inlinable @inline(__always)
    mutating func agree(on value: Value) {
        synced = value
        holdsEdit = false
        shown = .model
    }

    @inlinable @inline(__always)
    mutating func formShows(_ readBack: Value?, for value: Value) {
        guard let readBack else {
            shown = .unreadable
            return
        }
        shown = isSame(readBack, value) ? .model : .readBack(readBack)
    }
}
