/// What a ``SelectionDetail`` does with the edits its form holds when the selection changes.
///
/// ```swift
/// let detail = try SelectionDetail(rows.selection, pendingEdits: .discard) { selected in try makeForm(selected) }
/// ```
public enum PendingEditPolicy: Equatable, Sendable {
    /// Commits them to the elements the form shows (`NSEditor`'s `commitEditing`, as
    /// `NSArrayController` asks before its selection changes): to the elements the rows show
    /// for their ids, so an element replaced by another of the same id gets the edit. When they
    /// do not commit (a value that does not convert or validate), the selection goes back to
    /// those elements and the form keeps the edits: ``SelectionDetail/onRefusedChange`` hears
    /// why. When those elements left the list (removed, filtered out), there is nothing to go
    /// back to: the edits that did not commit are dropped, ``SelectionDetail/onDiscard`` hears
    /// their fields, and the selection changes.
    case commit
    /// Throws them away (`discardEditing`); ``SelectionDetail/onDiscard`` hears the fields whose
    /// edits were dropped.
    case discard
}

/// The detail of a master-detail screen: a form that follows a list's selection. Each time the
/// selection changes, the form's pending edits are committed or discarded, as
/// `pendingEdits` says, then the form is bound again to the elements selected now: `makeForm`
/// makes it from ``SelectedElements`` (no element, one, or several).
///
/// ```swift
/// let detail = try SelectionDetail(rows.selection, pendingEdits: .commit) { selected in
///     try BindingForm(continuous: false) {
///         try TwoWayBinding(
///             "name",
///             model: selected.value(\.name).placeholders(whenMultipleValues: "Multiple values", whenNoSelection: ""),
///             form: Property(nameField, \.text), triggers: .standard)
///     }
/// }
/// ```
///
/// With several elements selected, a field whose values differ shows its multiple-values
/// placeholder (``MultipleValuesPlaceholder``), and a value typed there is written to each.
/// Each write reaches the list: the element's row reloads (or moves, see
/// ``ListSelection/rearranges(with:)``).
///
/// A pending edit is never lost silently: committed, kept with the selection given back (a
/// refused commit), or discarded and told to ``onDiscard``. The selection never sticks: a
/// refused commit gives back only elements the rows still show. An element replaced by another
/// of the same id (`people[1] = Person(id: 2, …)`) is a change of the selection: the pending
/// edits go to the new element (or are discarded, as the policy says), and the form is bound
/// to it. The detail holds its selection weakly, and no element (``SelectedElements`` holds
/// ids); it follows the selection on the thread that changes it, as a binding with a key-path
/// trigger does.
public final class SelectionDetail<Element: AnyObject, ID: Hashable>: @unchecked Sendable {
    /// What the form's pending edits become when the selection changes.
    public let pendingEdits: PendingEditPolicy
    private weak var selection: ListSelection<Element, ID>?
    private let makeForm: (SelectedElements<Element, ID>) throws -> BindingForm
    private let state: Locked<State>
    private var observation: KeyPathObservation?

    private struct State {
        var form: BindingForm
        var shown: [ObjectIdentifier]
        var shownIDs: [ID]
        var onDiscard: (([String]) -> Void)?
        var onRefusedChange: (([BindingFailure]) -> Void)?
        var onError: ((any Error) -> Void)?
        var isFollowing = false
    }

    /// Makes the form for the elements `selection` selects now, and again each time they change.
    ///
    /// ```swift
    /// let detail = try SelectionDetail(rows.selection) { selected in try PersonDetailForm(selected).form }
    /// ```
    ///
    /// - Throws: what `makeForm` throws for the first form; no detail is made.
    public init(
        _ selection: ListSelection<Element, ID>, pendingEdits: PendingEditPolicy = .commit,
        form makeForm: @escaping (_ selected: SelectedElements<Element, ID>) throws -> BindingForm
    ) throws {
        self.selection = selection
        self.pendingEdits = pendingEdits
        self.makeForm = makeForm
        let selected = SelectedElements(selection)
        state = Locked(
            State(
                form: try makeForm(selected), shown: selected.elements.map(ObjectIdentifier.init),
                shownIDs: selection.ids))
        observation = selection.keyPathObservers.observe(\ListSelection<Element, ID>.elements) { [weak self] in
            self?.selectionChanged()
        }
    }

    deinit {
        if let observation { selection?.keyPathObservers.removeObservation(observation) }
        state.withLock { $0.form }.invalidate()
    }

    /// The form bound to the elements selected now.
    ///
    /// ```swift
    /// detail.form.commit()
    /// ```
    public var form: BindingForm { state.withLock { $0.form } }

    /// Told the labels of the fields whose pending edits were dropped: by
    /// ``PendingEditPolicy/discard``, or by ``PendingEditPolicy/commit`` when they did not commit
    /// and their elements had left the list.
    ///
    /// ```swift
    /// detail.onDiscard = { labels in print("discarded:", labels) }
    /// ```
    public var onDiscard: (([String]) -> Void)? {
        get { state.withLock { $0.onDiscard } }
        set { state.withLock { $0.onDiscard = newValue } }
    }

    /// Told why the selection went back: the failures of the commit that
    /// ``PendingEditPolicy/commit`` tried; the form keeps its edits.
    ///
    /// ```swift
    /// detail.onRefusedChange = { failures in print(failures.map(\.error)) }
    /// ```
    public var onRefusedChange: (([BindingFailure]) -> Void)? {
        get { state.withLock { $0.onRefusedChange } }
        set { state.withLock { $0.onRefusedChange = newValue } }
    }

    /// Told the error `makeForm` threw for a new selection; the form then shows no element.
    ///
    /// ```swift
    /// detail.onError = { error in print(error) }
    /// ```
    public var onError: ((any Error) -> Void)? {
        get { state.withLock { $0.onError } }
        set { state.withLock { $0.onError = newValue } }
    }

    /// Commits the form's pending edits to the elements it shows, as one edit: each element's
    /// row is shown once, in one batch, however many fields changed (``ListSelection/edit(_:_:)``).
    /// Returns the failures, as ``BindingForm/commit()`` does.
    ///
    /// ```swift
    /// let failures = detail.commit()   // name and age of the two selected people: one batch
    /// ```
    @discardableResult
    public func commit() -> [BindingFailure] {
        let (form, ids) = state.withLock { ($0.form, $0.shownIDs) }
        return commit(form, ids: ids)
    }

    private func commit(_ form: BindingForm, ids: [ID]) -> [BindingFailure] {
        guard let selection else { return form.commit() }
        return selection.edit(ids: ids) { form.commit() }
    }

    /// Ends the form and stops following the selection.
    ///
    /// ```swift
    /// detail.invalidate()
    /// ```
    public func invalidate() {
        if let observation { selection?.keyPathObservers.removeObservation(observation) }
        observation = nil
        form.invalidate()
    }

    /// The selection changed: settles the pending edits, then binds a new form.
    private func selectionChanged() {
        guard let selection else { return }
        let elements = selection.elements
        let entered = state.withLock { state -> (BindingForm, [ID])? in
            guard !state.isFollowing, state.shown != elements.map(ObjectIdentifier.init) else { return nil }
            state.isFollowing = true
            return (state.form, state.shownIDs)
        }
        guard let (old, oldIDs) = entered else { return }
        defer { state.withLock { $0.isFollowing = false } }
        if old.hasPendingEdits {
            switch pendingEdits {
            case .commit:
                let failures = commit(old, ids: oldIDs)
                if !failures.isEmpty {
                    if !oldIDs.isEmpty, selection.elements(of: oldIDs).count == oldIDs.count {
                        // Kept: the selection goes back to the elements whose edits the form holds.
                        selection.ids = oldIDs
                        state.withLock { $0.onRefusedChange }?(failures)
                        return
                    }
                    // Their elements left: the edits reach no element the list shows.
                    var labels = old.fields.filter(\.hasPendingEdit).map { $0.label ?? "" }
                    if labels.isEmpty { labels = failures.map { $0.label ?? "" } }
                    old.discard()
                    state.withLock { $0.onDiscard }?(labels)
                }
            case .discard:
                let labels = old.fields.filter(\.hasPendingEdit).map { $0.label ?? "" }
                old.discard()
                state.withLock { $0.onDiscard }?(labels)
            }
        }
        old.invalidate()
        let selected = SelectedElements(selection)
        let form: BindingForm
        do {
            form = try makeForm(selected)
        } catch {
            state.withLock { $0.onError }?(error)
            form = BindingForm([])
        }
        state.withLock { state in
            state.form = form
            state.shown = selected.elements.map(ObjectIdentifier.init)
            state.shownIDs = selection.ids
        }
    }
}
