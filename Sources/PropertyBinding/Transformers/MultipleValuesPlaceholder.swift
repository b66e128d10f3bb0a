/// A property that shows a placeholder when several selected objects have different values
/// (Cocoa Bindings' `NSMultipleValuesMarker` and its placeholder), and another when nothing is
/// selected; editable: a value written sets every selected object, and the multiple-values
/// placeholder written back changes none.
///
/// The multiple-values placeholder must be a value no user enters: while the values differ, a
/// user who types it changes nothing (each object keeps its own value, and no error is
/// reported), because it cannot be told from the placeholder written back. While the values
/// agree it is an ordinary value and is written. Text fields take a text no name has
/// ("Multiple values"); a number field takes a number its form refuses to commit otherwise (a
/// negative age with a validator that refuses negatives), or shows its placeholder as text
/// through a transformer of its own.
///
/// ```swift
/// let name = selected.value(\.name).placeholders(whenMultipleValues: "Multiple values", whenNoSelection: "No selection")
/// try name.read()               // "Multiple values" while Ann and Bea are selected
/// try name.write("Cy")          // both are named "Cy"
/// ```
public struct MultipleValuesPlaceholder<Base: WritableProperty>: Transformer, WritableProperty
where Base.Value: Equatable {
    /// The property of the selected objects.
    public let property: Base
    /// Read when the selected objects' values differ.
    public let multipleValuesPlaceholder: Base.Value
    /// Read when nothing is selected; nil to report ``NoSelectionError`` instead.
    public let noSelectionPlaceholder: Base.Value?

    /// Shows `multipleValues` for differing values and `noSelection` for none.
    ///
    /// ```swift
    /// let name = MultipleValuesPlaceholder(selected.value(\.name), multipleValues: "Multiple values")
    /// ```
    public init(_ property: Base, multipleValues: Base.Value, noSelection: Base.Value? = nil) {
        self.property = property
        self.multipleValuesPlaceholder = multipleValues
        self.noSelectionPlaceholder = noSelection
    }

    /// The value, or a placeholder.
    ///
    /// - Throws: the property's other errors, and ``NoSelectionError`` without a no-selection
    ///   placeholder.
    public func read() throws -> Base.Value {
        do {
            return try property.read()
        } catch is MultipleValuesError {
            return multipleValuesPlaceholder
        } catch let error as NoSelectionError {
            guard let noSelectionPlaceholder else { throw error }
            return noSelectionPlaceholder
        }
    }

    /// The value itself.
    public func transform(_ input: Base.Value) throws -> Base.Value { input }

    /// The value itself.
    public func reverseTransform(_ value: Base.Value) throws -> Base.Value { value }

    /// Writes `newValue` to every selected object; the multiple-values placeholder, while the
    /// values differ, writes nothing (each keeps its own).
    ///
    /// - Throws: what the property's write throws (``NoSelectionError`` with nothing selected).
    public func write(_ newValue: Base.Value) throws {
        if try keepsValues(newValue) { return }
        try property.write(newValue)
    }

    /// Checks the write as ``write(_:)`` would make it, writing nothing.
    ///
    /// - Throws: what ``write(_:)`` would throw.
    public func validateWrite(_ newValue: Base.Value) throws {
        if try keepsValues(newValue) { return }
        try property.validateWrite(newValue)
    }

    /// Whether `value` is the multiple-values placeholder while the values differ.
    private func keepsValues(_ value: Base.Value) throws -> Bool {
        guard value == multipleValuesPlaceholder else { return false }
        do {
            _ = try property.read()
            return false
        } catch is MultipleValuesError {
            return true
        }
    }
}

extension MultipleValuesPlaceholder: CustomStringConvertible {
    /// The property's description.
    public var description: String { "\(property)" }
}

extension WritableProperty where Value: Equatable {
    /// Shows `whenMultipleValues` when the selected objects' values differ and `whenNoSelection`
    /// when nothing is selected: see ``MultipleValuesPlaceholder``. `whenMultipleValues` must be a
    /// value no user enters: typed while the values differ, it writes nothing.
    ///
    /// ```swift
    /// let nickname = selected.value(\.nickname).placeholders(whenMultipleValues: "Multiple values", whenNoSelection: "")
    /// ```
    public func placeholders(
        whenMultipleValues multipleValues: Value, whenNoSelection noSelection: Value? = nil
    ) -> MultipleValuesPlaceholder<Self> {
        MultipleValuesPlaceholder(self, multipleValues: multipleValues, noSelection: noSelection)
    }
}
