/// A binding that can say what it reads and writes, for ``BindingGraph``: every ``Binding``.
/// `AnyBinding` does not know its value type, so the graph asks through this protocol.
protocol DescribedBinding {
    var sourceProperty: any ReadableProperty { get }
    var destinationProperty: any ReadableProperty { get }
    var direction: BindingGraph.Direction { get }
}

extension Binding: DescribedBinding {
    var sourceProperty: any ReadableProperty { source }
    var destinationProperty: any ReadableProperty { destination }

    /// A direction of a ``TwoWayBinding`` has its hooks; the form → model one reads the form
    /// through the validators.
    var direction: BindingGraph.Direction {
        guard twoWay != nil else { return .oneWay }
        return source is any ValidatedFormValue ? .formToModel : .modelToForm
    }
}

/// What the form → model direction of a ``TwoWayBinding`` reads.
protocol ValidatedFormValue {}

extension ValidatingTransformer: ValidatedFormValue {}
