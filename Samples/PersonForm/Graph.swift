import PropertyBinding

/// `swift run PersonForm --graph`: the tour's form as Graphviz DOT, after a short session, so
/// that the arrows show counts and a pending error. Render it with `| dot -Tsvg > form.svg`.
enum Graph {
    /// The form of the tour on `Person(name: "Ann", age: 42)`, after the user typed "Bob" into
    /// the name field and "forty" into the age field.
    static func tourForm() throws -> BindingGraph {
        let editor = try PersonEditor(person: Person(name: "Ann", age: 42))
        defer { editor.tearDown() }
        editor.type("Bob", into: .name)
        editor.type("forty", into: .age)
        return editor.form.graph
    }
}
