import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// Master-detail: a form that follows a list's selection, settles its pending edits as its policy
/// says, shows placeholders for no and for several elements, and shows its writes in the list.
@Suite struct SelectionDetailTests {
    final class Contact: KeyPathObservable, Identifiable, Equatable, @unchecked Sendable {
        let keyPathObservers = KeyPathObservers()
        let id: Int
        @Announced var name: String
        @Announced var age: Int
        init(id: Int, name: String, age: Int) {
            self.id = id
            self.name = name
            self.age = age
        }
        static func == (lhs: Contact, rhs: Contact) -> Bool { lhs === rhs }
    }

    /// A list of contacts in a table, and a detail form of a name field and an age field.
    final class Screen {
        let contacts: ObservableArray<Contact>
        let table = TableView()
        let nameField = TextField()
        let ageField = TextField()
        let rows: TableRows<Contact, Int, TableViewCell>
        let list: AnyBinding
        let recorder: TableViewRecorder
        var detail: SelectionDetail<Contact, Int>!
        var arranged: ArrangedArray<Contact, Int>?

        init(sortedByName: Bool = false, policy: PendingEditPolicy, continuous: Bool = false) throws {
            contacts = ObservableArray([
                Contact(id: 1, name: "Ann", age: 30), Contact(id: 2, name: "Bea", age: 40),
                Contact(id: 3, name: "Cid", age: 40),
            ])
            table.allowsMultipleSelection = true
            rows = TableRows(table) { (cell: TableViewCell, contact: Contact) in
                [try Property(contact, \.name).bind(to: Property(cell, \.text))]
            }
            if sortedByName {
                let arranged = ArrangedArray(contacts, sortedBy: [KeyPathComparator(\.name)])
                self.arranged = arranged
                list = try Binding(source: arranged, destination: rows, triggers: .standard).updatingNow()
                rows.selection.rearranges(with: arranged)
            } else {
                list = try Binding(source: contacts, destination: rows, triggers: .standard).updatingNow()
            }
            recorder = TableViewRecorder(table)
            let (nameField, ageField) = (nameField, ageField)
            detail = try SelectionDetail(rows.selection, pendingEdits: policy) { selected in
                try BindingForm(continuous: continuous) {
                    try TwoWayBinding(
                        "name",
                        model: selected.value(\.name).placeholders(
                            whenMultipleValues: "Multiple values", whenNoSelection: "No selection"),
                        form: Property(nameField, \.text), triggers: .standard, validators: [.nonEmpty])
                    try TwoWayBinding(
                        "age",
                        model: selected.value(\.age).placeholders(whenMultipleValues: -1, whenNoSelection: 0),
                        form: StringToNumberTransformer<Int>(
                            property: Property(ageField, \.text), formatter: NumberFormatter()),
                        triggers: .standard)
                }
            }
        }
    }

    @Test func theFormFollowsTheSelectionAndShowsAPlaceholderForNone() throws {
        let screen = try Screen(policy: .commit)
        #expect(screen.nameField.text == "No selection")
        screen.table.simulateRowSelection(1)
        #expect(screen.nameField.text == "Bea")
        #expect(screen.ageField.text == "40")
        screen.table.simulateRowSelection(2)
        #expect(screen.nameField.text == "Cid")
        screen.table.simulateRowDeselection()
        #expect(screen.nameField.text == "No selection")
        _ = screen.contacts.remove(at: 0)
        #expect(screen.recorder.batches.map(\.description) == ["delete [0]"])
    }

    @Test func aPendingEditIsCommittedBeforeTheFormFollowsTheNextElement() throws {
        let screen = try Screen(policy: .commit)
        screen.table.simulateRowSelection(0)
        screen.nameField.simulateTyping("Annie")
        #expect(screen.contacts[0].name == "Ann")  // not continuous: pending
        screen.recorder.removeAll()
        screen.table.simulateRowSelection(1)
        #expect(screen.contacts[0].name == "Annie")
        #expect(screen.recorder.batches.map(\.description) == ["reload [0]"])  // exactly its row
        #expect(screen.table.cellForRow(at: 0)?.text == "Annie")
        #expect(screen.nameField.text == "Bea")
        #expect(!screen.detail.form.hasPendingEdits)
    }

    @Test func aPendingEditThatDoesNotCommitKeepsTheSelectionAndTheEdit() throws {
        let screen = try Screen(policy: .commit)
        var refused: [BindingFailure] = []
        screen.detail.onRefusedChange = { refused = $0 }
        screen.table.simulateRowSelection(0)
        screen.nameField.simulateTyping("")
        screen.table.simulateRowSelection(1)
        #expect(refused.map(\.label) == ["name"])
        #expect(screen.rows.selection.ids == [1])
        #expect(screen.table.selectedRows == [0])
        #expect(screen.nameField.text == "")  // the edit is still there
        #expect(screen.contacts[0].name == "Ann")
        screen.nameField.simulateTyping("Ana")
        screen.table.simulateRowSelection(2)
        #expect(screen.contacts[0].name == "Ana")
        #expect(screen.nameField.text == "Cid")
    }

    @Test func aPendingEditIsDiscardedAndToldWhenThePolicyDiscards() throws {
        let screen = try Screen(policy: .discard)
        var discarded: [String] = []
        screen.detail.onDiscard = { discarded = $0 }
        screen.table.simulateRowSelection(0)
        screen.nameField.simulateTyping("Annie")
        screen.recorder.removeAll()
        screen.table.simulateRowSelection(1)
        #expect(discarded == ["name"])
        #expect(screen.contacts[0].name == "Ann")
        #expect(screen.recorder.batches.isEmpty)
        #expect(screen.nameField.text == "Bea")
    }

    @Test(arguments: [PendingEditPolicy.commit, .discard])
    func aSelectedElementThatLeavesWithAnEditThatCannotCommitNeverSticksTheSelection(
        policy: PendingEditPolicy
    ) throws {
        let screen = try Screen(policy: policy)
        var refused = 0
        var discarded: [String] = []
        screen.detail.onRefusedChange = { _ in refused += 1 }
        screen.detail.onDiscard = { discarded = $0 }
        screen.table.simulateRowSelection(1)
        screen.ageField.simulateTyping("x")  // pending, does not convert
        let bea = screen.contacts.remove(at: 1)  // Bea leaves
        #expect(discarded == ["age"])  // told: the edit reaches no element the list shows
        #expect(refused == 0)
        #expect(screen.rows.selection.ids.isEmpty)
        #expect(screen.nameField.text == "No selection")
        #expect(bea.age == 40)
        screen.table.simulateRowSelection(0)  // a later tap selects
        #expect(screen.rows.selection.ids == [1])
        #expect(screen.nameField.text == "Ann")
        try screen.rows.selection.select([3])  // and so does code
        #expect(screen.rows.selection.ids == [3])
        #expect(screen.nameField.text == "Cid")
    }

    @Test func anElementWithARefusedEditFilteredOutLetsTheSelectionGo() throws {
        let screen = try Screen(sortedByName: true, policy: .commit)
        var discarded: [String] = []
        screen.detail.onDiscard = { discarded = $0 }
        screen.table.simulateRowSelection(0)  // Ann
        screen.ageField.simulateTyping("x")
        #expect(throws: ListSelectionError.changeRefused(["1"])) { try screen.rows.selection.select([3]) }
        #expect(screen.rows.selection.ids == [1])
        screen.arranged?.setFilter { $0.name != "Ann" }  // Ann leaves
        #expect(discarded == ["age"])
        #expect(screen.rows.selection.ids.isEmpty)
        screen.table.simulateRowSelection(1)
        #expect(screen.rows.selection.ids == [3])
        #expect(screen.ageField.text == "40")
    }

    @Test(arguments: [PendingEditPolicy.commit, .discard])
    func aPendingEditFollowsTheSelectedElementReplacedByOneOfTheSameID(policy: PendingEditPolicy) throws {
        let screen = try Screen(policy: policy)
        var discarded: [String] = []
        screen.detail.onDiscard = { discarded = $0 }
        screen.table.simulateRowSelection(1)
        screen.nameField.simulateTyping("Bee")  // pending
        let old = screen.contacts[1]
        screen.contacts[1] = Contact(id: 2, name: "Beatrice", age: 41)  // same id, a new object
        #expect(old.name == "Bea")
        if policy == .commit {
            #expect(screen.contacts[1].name == "Bee")  // committed to the element the list shows
            #expect(discarded.isEmpty)
        } else {
            #expect(screen.contacts[1].name == "Beatrice")
            #expect(discarded == ["name"])
        }
        #expect(screen.nameField.text == screen.contacts[1].name)
        #expect(screen.ageField.text == "41")
        // The form is bound to the new element: its changes show, writes reach it.
        screen.contacts[1].age = 42
        #expect(screen.ageField.text == "42")
        screen.nameField.simulateTyping("B")
        try #require(screen.detail.commit().isEmpty)
        #expect(screen.contacts[1].name == "B")
        #expect(screen.table.cellForRow(at: 1)?.text == "B")
    }

    @Test func aCommitOfTwoFieldsToTwoElementsIsOneBatch() throws {
        let screen = try Screen(policy: .commit)
        screen.table.simulateRowSelection(0)
        screen.table.simulateRowSelection(2, extendingSelection: true)
        screen.nameField.simulateTyping("Zed")
        screen.ageField.simulateTyping("50")
        screen.recorder.removeAll()
        #expect(screen.detail.commit().isEmpty)
        #expect(screen.contacts.map(\.name) == ["Zed", "Bea", "Zed"])
        #expect(screen.contacts.map(\.age) == [50, 40, 50])
        #expect(screen.recorder.batches.map(\.description) == ["reload [0, 2]"])
        // Committed on a change of the selection: one batch too.
        screen.nameField.simulateTyping("Ann")
        screen.ageField.simulateTyping("31")
        screen.recorder.removeAll()
        screen.table.simulateRowSelection(1)
        #expect(screen.recorder.batches.map(\.description) == ["reload [0, 2]"])
    }

    @Test func thePlaceholderTypedByTheUserWritesNothingWhileTheValuesDifferAndIsAValueOtherwise() throws {
        let screen = try Screen(policy: .commit, continuous: true)
        screen.table.simulateRowSelection(0)
        screen.table.simulateRowSelection(1, extendingSelection: true)  // ages 30 and 40
        #expect(screen.ageField.text == "-1")
        screen.ageField.simulateTyping("-1")  // the user types the placeholder: nothing written
        #expect(screen.contacts.map(\.age) == [30, 40, 40])
        screen.table.simulateRowSelection(2, extendingSelection: false)
        screen.table.simulateRowSelection(1, extendingSelection: true)  // Bea and Cid agree: 40
        screen.ageField.simulateTyping("-1")  // an ordinary value now
        #expect(screen.contacts.map(\.age) == [30, -1, -1])
    }

    @Test func theDetailKeepsNoElementAliveOnceTheListIsGone() throws {
        weak var weakBea: Contact?
        var detail: SelectionDetail<Contact, Int>?
        do {
            let screen = try Screen(policy: .commit)
            screen.table.simulateRowSelection(1)
            weakBea = screen.contacts[1]
            detail = screen.detail
            screen.detail = nil
        }
        #expect(weakBea == nil)
        #expect(detail?.form.hasPendingEdits == false)
        detail = nil
    }

    @Test func severalSelectedElementsShowMultipleValuesAndAnEditSetsEachOne() throws {
        let screen = try Screen(policy: .commit, continuous: true)
        screen.table.simulateRowSelection(1)
        screen.table.simulateRowSelection(2, extendingSelection: true)
        #expect(screen.nameField.text == "Multiple values")
        #expect(screen.ageField.text == "40")  // the same for both
        screen.recorder.removeAll()
        screen.ageField.simulateTyping("41")
        #expect(screen.contacts.map(\.age) == [30, 41, 41])
        #expect(screen.recorder.batches.map(\.description) == ["reload [1, 2]"])
        screen.nameField.simulateTyping("Multiple values")  // the placeholder written back: no change
        #expect(screen.contacts.map(\.name) == ["Ann", "Bea", "Cid"])
        screen.nameField.simulateTyping("Dee")
        #expect(screen.contacts.map(\.name) == ["Ann", "Dee", "Dee"])
        #expect(screen.nameField.text == "Dee")
        #expect(screen.table.visibleCells.map(\.text) == ["Ann", "Dee", "Dee"])
    }

    @Test func anEditOfTheSortKeyMovesTheRowAndAnyOtherEditReloadsIt() throws {
        let screen = try Screen(sortedByName: true, policy: .commit, continuous: true)
        screen.table.simulateRowSelection(0)  // Ann
        screen.recorder.removeAll()
        screen.nameField.simulateTyping("Zoe")
        #expect(screen.recorder.batches.map(\.description) == ["move [0→2]"])
        #expect(screen.table.selectedRows == [2])
        #expect(screen.arranged?.elements.map(\.name) == ["Bea", "Cid", "Zoe"])
        screen.recorder.removeAll()
        screen.ageField.simulateTyping("31")
        #expect(screen.recorder.batches.map(\.description) == ["reload [2]"])
        #expect(screen.nameField.text == "Zoe")
    }

    @Test func aReleasedDetailLeavesNoObserverOnTheSelectionOrTheElements() throws {
        let screen = try Screen(policy: .commit)
        screen.table.simulateRowSelection(0)
        screen.table.simulateRowSelection(1, extendingSelection: true)
        #expect(screen.rows.selection.keyPathObservers.count == 1)
        #expect(screen.contacts[0].keyPathObservers.count == 3)  // its cell, the name and the age fields
        screen.detail = nil
        #expect(screen.rows.selection.keyPathObservers.count == 0)
        // The row's cell binding is all that is left on each element.
        #expect(screen.contacts.map(\.keyPathObservers.count) == [1, 1, 1])
    }

    @Test func theMultipleValuesPlaceholderWrittenBackKeepsEachValue() throws {
        let people = [Contact(id: 1, name: "Ann", age: 1), Contact(id: 2, name: "Bea", age: 2)]
        let list = ObservableArray(people)
        let table = TableView()
        table.allowsMultipleSelection = true
        let rows = TableRows(table) { (_: TableViewCell, _: Contact) in [] }
        let binding = try Binding(source: list, destination: rows, triggers: .standard).updatingNow()
        rows.selection.ids = [1, 2]
        let name = SelectedElements(rows.selection).value(\.name).placeholders(whenMultipleValues: "…")
        #expect(try name.read() == "…")
        #expect(throws: MultipleValuesError(selectedCount: 2, valueCount: 2)) {
            try SelectedElements(rows.selection).value(\.name).read()
        }
        try name.write("…")
        #expect(people.map(\.name) == ["Ann", "Bea"])
        try name.write("Cy")
        #expect(people.map(\.name) == ["Cy", "Cy"])
        #expect(try name.read() == "Cy")
        rows.selection.removeAll()
        #expect(throws: NoSelectionError.self) { try SelectedElements(rows.selection).value(\.name).write("x") }
        _ = binding
    }
}
