/// A transformer that shows placeholders where a value is missing: one when the model's
/// optional value is `nil` (Cocoa's null placeholder), one when nothing is selected (the
/// no-selection placeholder, for a ``SelectionProperty``), and one when the model object is gone
/// (the not-applicable placeholder).
///
/// ```swift
/// let nickname = Property(person, \.nickname)          // String?
///     .placeholders(whenNil: "(none)", whenDeallocated: "—")
/// try nickname.read()                                  // "(none)" while person.nickname == nil
/// try nickname.write("(none)")                         // person.nickname = nil
/// ```
///
/// Only the nil placeholder is written back (as `nil`); the others stand for a value that is
/// not there, so writing while they show fails as writing the property would. A hint that
/// shows in an empty field and is never a value at all is the field's own (`TextField.placeholder`).
public struct PlaceholderTransformer<Base: ReadableProperty, Value: Equatable>: Transformer {
    /// The property that may be missing a value.
    public let property: Base
    /// Read when the value is `nil`, and written back as `nil`.
    public let nilPlaceholder: Value?
    /// Read when nothing is selected (``NoSelectionError``); nil to report the error instead.
    public let noSelectionPlaceholder: Value?
    /// Read when the property's object has been deallocated; nil to report the error instead.
    public let deallocatedPlaceholder: Value?
    private let unwrap: (Base.Value) -> Value?
    private let wrap: (Value?) -> Base.Value

    init(
        property: Base, nilPlaceholder: Value?, noSelectionPlaceholder: Value?, deallocatedPlaceholder: Value?,
        unwrap: @escaping (Base.Value) -> Value?, wrap: @escaping (Value?) -> Base.Value
    ) {
        self.property = property
        self.nilPlaceholder = nilPlaceholder
        self.noSelectionPlaceholder = noSelectionPlaceholder
        self.deallocatedPlaceholder = deallocatedPlaceholder
        self.unwrap = unwrap
        self.wrap = wrap
    }

    /// Reads the property; the no-selection placeholder when nothing is selected, the
    /// not-applicable placeholder once its object is gone.
    ///
    /// - Throws: the property's error when there is no placeholder for it.
    public func read() throws -> Value {
        do {
            return try transform(property.read())
        } catch let error as PropertyError {
            guard case .objectDeallocated = error, let deallocatedPlaceholder else { throw error }
            // Told to the binding updating on this thread, which ends once it has written it.
            ThreadIdentity.current.placeholdersShown &+= 1
            return deallocatedPlaceholder
        } catch let error as NoSelectionError {
            guard let noSelectionPlaceholder else { throw error }
            return noSelectionPlaceholder
        }
    }

    /// Returns the value, or the nil placeholder for `nil`.
    ///
    /// - Throws: ``PropertyError/readOnly(_:)`` when the value is `nil` and there is no nil
    ///   placeholder to show.
    public func transform(_ input: Base.Value) throws -> Value {
        if let value = unwrap(input) { return value }
        guard let nilPlaceholder else { throw PropertyError.readOnly("a nil value without a placeholder") }
        return nilPlaceholder
    }

    /// Returns `nil` for the nil placeholder, the value otherwise.
    public func reverseTransform(_ value: Value) throws -> Base.Value {
        wrap(value == nilPlaceholder ? nil : value)
    }
}

extension PlaceholderTransformer: WritableProperty where Base: WritableProperty {}

extension ReadableProperty {
    /// Returns a transformer that reads `whenNoSelection` when nothing is selected and
    /// `whenDeallocated` when the property's object is gone, instead of failing.
    ///
    /// ```swift
    /// Property(person, \.name).placeholder(whenDeallocated: "—")
    /// SelectionProperty(editor, \.selected, \.name).placeholder(whenNoSelection: "No selection")
    /// ```
    public func placeholder(
        whenNoSelection: Value? = nil, whenDeallocated: Value? = nil
    ) -> PlaceholderTransformer<Self, Value> where Value: Equatable {
        PlaceholderTransformer(
            property: self, nilPlaceholder: nil, noSelectionPlaceholder: whenNoSelection,
            deallocatedPlaceholder: whenDeallocated, unwrap: { $0 }, wrap: { $0! })
    }

    /// Returns a transformer over an optional value that reads `whenNil` for `nil` (and writes
    /// it back as `nil`), `whenNoSelection` when nothing is selected, and `whenDeallocated` once
    /// the property's object is gone.
    public func placeholders<Wrapped: Equatable>(
        whenNil: Wrapped, whenNoSelection: Wrapped? = nil, whenDeallocated: Wrapped? = nil
    ) -> PlaceholderTransformer<Self, Wrapped> where Value == Wrapped? {
        PlaceholderTransformer(
            property: self, nilPlaceholder: whenNil, noSelectionPlaceholder: whenNoSelection,
            deallocatedPlaceholder: whenDeallocated, unwrap: { $0 }, wrap: { $0 })
    }
}

extension PlaceholderTransformer: CustomStringConvertible {
    /// The wrapped property.
    public var description: String { "\(property)" }
}
