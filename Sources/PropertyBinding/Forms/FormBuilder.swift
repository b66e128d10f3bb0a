/// Builds the field list of a ``BindingForm`` from statements, `if` and `for`.
@resultBuilder
public enum FormBuilder {
    /// Collects the fields of a block.
    public static func buildBlock(_ components: [any FormField]...) -> [any FormField] {
        components.flatMap { $0 }
    }

    /// Makes one field a list.
    public static func buildExpression(_ field: any FormField) -> [any FormField] {
        [field]
    }

    /// Fields of an `if` without `else`.
    public static func buildOptional(_ component: [any FormField]?) -> [any FormField] {
        component ?? []
    }

    /// Fields of the first branch of an `if`/`else`.
    public static func buildEither(first component: [any FormField]) -> [any FormField] {
        component
    }

    /// Fields of the second branch of an `if`/`else`.
    public static func buildEither(second component: [any FormField]) -> [any FormField] {
        component
    }

    /// Fields of a `for` loop.
    public static func buildArray(_ components: [[any FormField]]) -> [any FormField] {
        components.flatMap { $0 }
    }
}
