/// A transformer that reads an index as a case of an enum (`CaseIterable`), and writes a case
/// as its index: what a segmented control's selection is to the model.
///
/// ```swift
/// enum Plan: CaseIterable { case free, pro, team }
/// let plan = Property(planControl, \.selectedSegmentIndex).cases(of: Plan.self)
/// planControl.simulateSelection(1)
/// try plan.read()            // .pro
/// try plan.write(.team)      // planControl.selectedSegmentIndex == 2
/// ```
///
/// An index that is no case's (`SegmentedControl.noSegment`, or past the last case) throws a
/// ``TransformError``: `.empty` for a negative index (nothing selected), `.outOfRange` otherwise.
public struct CaseIndexTransformer<Base: ReadableProperty, Case: CaseIterable & Equatable>: Transformer
where Base.Value == Int {
    /// The value this transformer reads and writes: the case.
    public typealias Value = Case

    /// The index property this transformer stands in for.
    public let property: Base

    /// Creates a transformer that reads the index `property` holds as a `Case`.
    public init(property: Base) {
        self.property = property
    }

    /// The case at `input` in `Case.allCases`.
    ///
    /// - Throws: ``TransformError`` when `input` is no case's index.
    public func transform(_ input: Int) throws -> Case {
        let cases = Array(Case.allCases)
        guard cases.indices.contains(input) else {
            throw TransformError(input < 0 ? .empty : .outOfRange, input: "\(input)", targetType: "\(Case.self)")
        }
        return cases[input]
    }

    /// The index of `value` in `Case.allCases`.
    ///
    /// - Throws: ``TransformError`` (`.notRepresentable`) for a case `allCases` does not list.
    public func reverseTransform(_ value: Case) throws -> Int {
        guard let index = Array(Case.allCases).firstIndex(of: value) else {
            throw TransformError(.notRepresentable, input: "\(value)", targetType: "Int")
        }
        return index
    }
}

extension CaseIndexTransformer: WritableProperty where Base: WritableProperty {}

extension CaseIndexTransformer: CustomStringConvertible {
    /// The index property it stands in for, for failure messages.
    public var description: String { String(describing: property) }
}

extension ReadableProperty where Value == Int {
    /// Returns a transformer that reads this index as a case of `type` and writes a case as its
    /// index.
    ///
    /// ```swift
    /// let plan = Property(planControl, \.selectedSegmentIndex).cases(of: Plan.self)
    /// ```
    public func cases<Case: CaseIterable & Equatable>(of type: Case.Type) -> CaseIndexTransformer<Self, Case> {
        CaseIndexTransformer(property: self)
    }
}
