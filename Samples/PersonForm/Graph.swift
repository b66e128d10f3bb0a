import PropertyBinding

/// `swift run PersonForm --graph`: the tour's form and people list as Graphviz DOT, the form after
/// a short session, so that the arrows show counts and a pending error. Render it with
/// `| dot -Tsvg > form.svg`.
enum Graph {
    /// One graph of the form of the tour on `Person(name: "Ann", age: 42)`, after the user typed
    /// "Bob" into the name field and "forty" into the age field, and of a people list of Ann, Bea
    /// and Cid: its bindings (`people.members` → the arranged array → the rows) and its three rows'
    /// bindings (each member's name → its cell).
    static func tour() throws -> BindingGraph {
        let editor = try PersonEditor(person: Person(name: "Ann", age: 42))
        let people = try PeopleList(names: ["Ann", "Bea", "Cid"])
        defer {
            editor.tearDown()
            people.tearDown()
        }
        editor.type("Bob", into: .name)
        editor.type("forty", into: .age)
        return BindingGraph(editor.form.fields.flatMap(\.bindings) + people.allBindings)
    }
}
