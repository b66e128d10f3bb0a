/// A property of whichever object is selected: reads and writes
/// `owner[keyPath: selection]?[keyPath: keyPath]`, as a Cocoa binding through a controller's
/// `selection` does.
///
/// ```swift
/// final class Editor { var selected: Person? }
/// let name = SelectionProperty(editor, \.selected, \.name)
///     .placeholders(whenNil: "(none)", whenNoSelection: "No selection")
/// editor.selected = nil
/// try name.read()                                // "No selection"
/// ```
///
/// With nothing selected, ``read()`` and ``write(_:)`` throw ``NoSelectionError``; a
/// ``PlaceholderTransformer`` made with `whenNoSelection:` shows its placeholder instead. Like
/// ``Property``, it never keeps the owner alive; the selected object is the owner's to keep.
public struct SelectionProperty<Owner: AnyObject, Selected: AnyObject, Value>: WritableProperty {
    /// Where the owner keeps the selected object.
    public let selection: KeyPath<Owner, Selected?>
    /// The property of the selected object.
    public let keyPath: ReferenceWritableKeyPath<Selected, Value>
    weak var owner: Owner?

    /// Creates a property of the object `owner` selects at `selection`; `owner` is held weakly.
    public init(
        _ owner: Owner, _ selection: KeyPath<Owner, Selected?>, _ keyPath: ReferenceWritableKeyPath<Selected, Value>
    ) {
        self.owner = owner
        self.selection = selection
        self.keyPath = keyPath
    }

    private func selected() throws -> Selected {
        guard let owner else {
            throw PropertyError.objectDeallocated(
                root: String(describing: Owner.self), keyPath: selection.stableDescription)
        }
        guard let selected = owner[keyPath: selection] else { throw NoSelectionError(selection: description) }
        return selected
    }

    /// Returns the selected object's value.
    ///
    /// - Throws: ``NoSelectionError`` when nothing is selected,
    ///   ``PropertyError/objectDeallocated(root:keyPath:)`` when the owner is gone.
    public func read() throws -> Value {
        try selected()[keyPath: keyPath]
    }

    /// Sets the selected object's value.
    ///
    /// - Throws: what ``read()`` throws; nothing is written.
    public func write(_ newValue: Value) throws {
        try selected()[keyPath: keyPath] = newValue
    }

    /// Checks that there is a selected object to write to, writing nothing.
    ///
    /// - Throws: what ``read()`` throws.
    public func validateWrite(_ newValue: Value) throws {
        _ = try selected()
    }
}

extension SelectionProperty: CustomStringConvertible {
    /// Both key paths: `\Editor.selected → \Person.name`.
    public var description: String { "\(selection.stableDescription) → \(keyPath.stableDescription)" }
}

/// Thrown by a ``SelectionProperty`` when its owner selects nothing: there is no value to read,
/// nor an object to write to.
public struct NoSelectionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The selection, as text.
    public let selection: String

    /// A sentence for people.
    public var description: String { "nothing is selected (\(selection))" }
}

/// Thrown by a property of several selected objects (a ``SelectedValue``) whose values differ:
/// there is no one value to show. A ``MultipleValuesPlaceholder`` shows its placeholder instead,
/// as Cocoa Bindings shows `NSMultipleValuesMarker`.
///
/// ```swift
/// do { _ = try name.read() } catch let error as MultipleValuesError { print(error) }   // 2 selected objects, 2 values
/// ```
public struct MultipleValuesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// How many objects are selected.
    public let selectedCount: Int
    /// How many different values they have.
    public let valueCount: Int

    /// The error of `selectedCount` objects with `valueCount` different values.
    ///
    /// ```swift
    /// MultipleValuesError(selectedCount: 3, valueCount: 2)
    /// ```
    public init(selectedCount: Int, valueCount: Int) {
        self.selectedCount = selectedCount
        self.valueCount = valueCount
    }

    /// A sentence for people.
    public var description: String { "\(selectedCount) selected objects, \(valueCount) values" }
}
