import CGTK
import PropertyBinding
import PropertyBindingGTK

/// The people list: a `GtkListView` that shows `people.members` through `TableRows`, each row's
/// label bound to its member's name by a binding of the row's own.
final class PeopleSection {
    let people = People()
    let list = GTKListView()
    let newName = GTKEntry(placeholder: "New member")
    let addButton = GTKButton(title: "Add")
    let count = GTKLabel()
    private let bindings = BindingSet()
    private let rows: TableRows<Member, Int, GTKLabelCell>
    /// The section's widget.
    private(set) var widget: UnsafeMutablePointer<GtkWidget>!

    init(names: [String]) throws {
        for name in names { people.add(name) }
        rows = TableRows(list, id: \Member.id, cell: GTKLabelCell.self) { cell, member in
            [
                try Binding(
                    source: Property(member, \.name), destination: Property(cell.label, \.text), triggers: .standard
                )
                .updatingNow()
            ]
        }
        let showMembers = try Binding(source: Property(people, \.members), destination: rows, triggers: .standard)
            .updatingNow()
        let showCount = try Binding(
            source: Property(people, \.members).map { "\($0.count) members" }, destination: Property(count, \.text),
            triggers: .standard
        ).updatingNow()
        // Enter in the entry, or a click, adds the name typed.
        let add = Binding(
            source: Property(newName, \.text).map { name in (name, Click()) },
            destination: Setter(self) { section, value in section.add(value.0) })
        add.addTrigger(TargetActionTrigger(source: addButton, events: .primaryActionTriggered))
        add.addTrigger(TargetActionTrigger(source: newName, events: .primaryActionTriggered))
        bindings.add(showMembers, showCount, add)

        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), list.widget!)
        gtk_scrolled_window_set_min_content_height(OpaquePointer(scrolled), 170)
        gtk_widget_set_vexpand(scrolled, 1)
        widget = Layout.section(
            "People",
            Layout.column(
                spacing: 10,
                [
                    scrolled, Layout.label(count, classes: ["dim-label"]),
                    Layout.row([newName.widget!, addButton.widget!]),
                ]))
    }

    /// Appends a member named `name` and empties the entry.
    func add(_ name: String) {
        guard !name.isEmpty else { return }
        people.add(name)
        newName.text = ""
    }
}
