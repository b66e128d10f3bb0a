/// A transformer that lets a value through only when a predicate accepts it: a value it
/// declines is not written, and that is no failure.
///
/// Made with ``ReadableProperty/filter(_:)``, before or after ``ReadableProperty/map(_:)``:
///
/// ```swift
/// let bigNumbers = Property(counter, \.value).filter { $0 > 10 }.map { "\($0)" }
/// let showBig = Binding(source: bigNumbers, destination: Property(label, \.text))
/// counter.value = 5
/// showBig.update()                                 // .filtered: label.text is unchanged
/// counter.value = 12
/// showBig.update()                                 // .written: label.text == "12"
/// ```
///
/// A declined value throws ``ValueDeclined`` from ``read()``; a binding turns it into
/// ``UpdateResult/filtered``: nothing is written, no error handler is called, ``AnyBinding/lastError``
/// is left as it was, and the update counts as skipped. As a destination (or the form side of a
/// two-way binding), a filter declines writes the same way: ``write(_:)`` throws
/// ``ValueDeclined`` and writes nothing.
public struct FilterTransformer<Base: ReadableProperty>: Transformer {
    /// The value type, the wrapped property's own.
    public typealias Value = Base.Value

    /// The property whose values are filtered.
    public let property: Base
    @usableFromInline let isIncluded: (Base.Value) -> Bool

    /// Creates a filter over `property` that lets through the values `isIncluded` accepts.
    @inlinable
    public init(property: Base, isIncluded: @escaping (Base.Value) -> Bool) {
        self.property = property
        self.isIncluded = isIncluded
    }

    /// Returns `input` when the predicate accepts it.
    ///
    /// - Throws: ``ValueDeclined`` when it does not.
    @inlinable
    public func transform(_ input: Base.Value) throws -> Value {
        guard isIncluded(input) else { throw ValueDeclined() }
        return input
    }

    /// Returns `value` when the predicate accepts it: a filter declines writes as it declines reads.
    ///
    /// - Throws: ``ValueDeclined`` when it does not.
    @inlinable
    public func reverseTransform(_ value: Value) throws -> Base.Value {
        guard isIncluded(value) else { throw ValueDeclined() }
        return value
    }
}

extension FilterTransformer: WritableProperty where Base: WritableProperty {}

extension FilterTransformer: CustomStringConvertible {
    /// The property it filters, for failure messages: `\Counter.value`.
    public var description: String { String(describing: property) }
}

extension ReadableProperty {
    /// Returns a transformer that lets through only the values `isIncluded` accepts; a binding
    /// writes nothing for the others, and reports no failure.
    ///
    /// ```swift
    /// let adults = Property(person, \.age).filter { $0 >= 18 }
    /// let price = Property(field, \.text).map { Int($0) ?? 0 }.filter { $0 > 10 }
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping (Value) -> Bool) -> FilterTransformer<Self> {
        FilterTransformer(property: self, isIncluded: isIncluded)
    }
}
