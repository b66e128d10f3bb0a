/// The selected elements of a list, as a detail form binds them: what a ``SelectionDetail`` hands
/// its form each time the selection changes. It holds the ids selected then, and reads their
/// elements from the rows each time (an element replaced by another of the same id is the new
/// one; an element that left is no longer there); it keeps no element alive. The form is bound
/// again to the next ones.
///
/// ```swift
/// let detail = try SelectionDetail(rows.selection) { selected in
///     try BindingForm {
///         try TwoWayBinding("name", model: selected.value(\.name), form: Property(nameField, \.text), triggers: .standard)
///     }
/// }
/// ```
public struct SelectedElements<Element: AnyObject, ID: Hashable>: @unchecked Sendable {
    /// The ids selected, in the order they were selected.
    public let ids: [ID]
    private weak var selection: ListSelection<Element, ID>?

    /// The elements of ``ids`` that the rows show now, in the order they were selected.
    ///
    /// ```swift
    /// selected.elements.map(\.name)   // ["Ann"]
    /// ```
    public var elements: [Element] { selection?.elements(of: ids) ?? [] }

    /// The elements `selection` selects now.
    ///
    /// ```swift
    /// let selected = SelectedElements(rows.selection)
    /// ```
    public init(_ selection: ListSelection<Element, ID>) {
        self.ids = selection.ids
        self.selection = selection
    }

    /// The elements' value at `keyPath`: one value when they agree, several otherwise.
    ///
    /// ```swift
    /// let name = selected.value(\.name)   // SelectedValue<Person, Int, String>
    /// ```
    public func value<Value: Equatable>(
        _ keyPath: ReferenceWritableKeyPath<Element, Value>
    ) -> SelectedValue<Element, ID, Value> {
        SelectedValue(ids: ids, keyPath: keyPath, selection: selection)
    }
}

/// One value of several selected elements, as the detail of a master-detail screen binds it (a
/// Cocoa binding through `NSArrayController.selection`): reads their common value, writes every
/// one, and shows the write in the list (``ListSelection/edit(_:_:)``: the elements' rows reload,
/// or move when an arranged array sorts on what changed).
///
/// ```swift
/// let name = selected.value(\.name)
/// try name.read()        // "Ann" when Ann alone is selected
/// try name.write("Bo")   // every selected element is named "Bo", and its row reloads
/// ```
///
/// With nothing selected, ``read()`` and ``write(_:)`` throw ``NoSelectionError``; when the
/// values differ, ``read()`` throws ``MultipleValuesError``: ``MultipleValuesPlaceholder`` shows
/// placeholders for both. `triggers: .standard` follows each element's key path (for
/// ``KeyPathObservable`` elements that announce it).
public struct SelectedValue<Element: AnyObject, ID: Hashable, Value: Equatable>: WritableProperty, @unchecked Sendable {
    /// The ids of the elements, in the order they were selected.
    public let ids: [ID]
    /// Their property.
    public let keyPath: ReferenceWritableKeyPath<Element, Value>
    weak var selection: ListSelection<Element, ID>?

    /// The elements of ``ids`` that the rows show now: the one of the same id after an element
    /// is replaced, none for an element that left (or once the rows are gone).
    ///
    /// ```swift
    /// name.elements.count   // 1 while Ann alone is selected
    /// ```
    public var elements: [Element] { selection?.elements(of: ids) ?? [] }

    init(ids: [ID], keyPath: ReferenceWritableKeyPath<Element, Value>, selection: ListSelection<Element, ID>?) {
        self.ids = ids
        self.keyPath = keyPath
        self.selection = selection
    }

    /// The elements' common value.
    ///
    /// - Throws: ``NoSelectionError`` for no element, ``MultipleValuesError`` when they differ.
    public func read() throws -> Value {
        let elements = elements
        guard let first = elements.first else { throw NoSelectionError(selection: description) }
        let value = first[keyPath: keyPath]
        var values = [value]
        for element in elements.dropFirst() {
            let other = element[keyPath: keyPath]
            if !values.contains(other) { values.append(other) }
        }
        guard values.count == 1 else {
            throw MultipleValuesError(selectedCount: elements.count, valueCount: values.count)
        }
        return value
    }

    /// Sets the value of every element the rows show for ``ids``, and shows the change in the
    /// list.
    ///
    /// - Throws: ``NoSelectionError`` when the rows show no element of ``ids`` (none selected,
    ///   or they left); nothing is written.
    public func write(_ newValue: Value) throws {
        let elements = elements
        if elements.isEmpty { throw NoSelectionError(selection: description) }
        let write = { for element in elements { element[keyPath: keyPath] = newValue } }
        if let selection { selection.edit(elements, write) } else { write() }
    }

    /// Checks that there are elements to write to.
    ///
    /// - Throws: ``NoSelectionError`` when the rows show no element of ``ids``.
    public func validateWrite(_ newValue: Value) throws {
        if elements.isEmpty { throw NoSelectionError(selection: description) }
    }
}

extension SelectedValue: CombinedSources {
    /// Each element's property: a registry gives triggers for every one; with none selected,
    /// the selection's elements.
    var combinedSources: [any ReadableProperty] {
        let elements = elements
        if elements.isEmpty, let selection {
            return [ReadOnlyProperty(selection, \.elements)]
        }
        return elements.map { Property($0, keyPath) }
    }
}

extension SelectedValue: CustomStringConvertible {
    /// `selection → \Person.name`.
    public var description: String { "selection → \(keyPath.stableDescription)" }
}
