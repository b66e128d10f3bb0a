extension BindingSet {
    /// Adds both directions of a two-way binding (or any form field).
    public func add(_ field: any FormField) {
        for binding in field.bindings { add(binding) }
    }

    /// Removes both directions of a two-way binding (or any form field) and stops them.
    public func remove(_ field: any FormField) {
        for binding in field.bindings { remove(binding) }
    }
}
