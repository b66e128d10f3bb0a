import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// Placeholders as Cocoa has them. The no-selection placeholder is not the
// nil one, and a field's hint is never a value.

extension PlaceholderKindsTests {
    final class Contact {
        var nickname: String?
        init(nickname: String?) { self.nickname = nickname }
    }

    final class Editor {
        var selected: Contact?
    }
}

@Suite struct PlaceholderKindsTests {
    @Test func noSelectionIsNotNil() throws {
        let editor = Editor()
        let ann = Contact(nickname: nil)
        let nickname = SelectionProperty(editor, \.selected, \.nickname)
            .placeholders(whenNil: "(none)", whenNoSelection: "No selection")
        #expect(try nickname.read() == "No selection")
        #expect(throws: NoSelectionError.self) { try nickname.write("Annie") }

        editor.selected = ann
        #expect(try nickname.read() == "(none)")
        try nickname.write("Annie")
        #expect(ann.nickname == "Annie")
        try nickname.write("(none)")
        #expect(ann.nickname == nil, "the nil placeholder is written back as nil")
    }

    @Test func aFormFieldShowsTheNoSelectionPlaceholderAndRefusesToCommitIntoNothing() {
        let editor = Editor()
        let field = TextField()
        let nickname = TwoWayBinding(
            "nickname",
            model: SelectionProperty(editor, \.selected, \.nickname).placeholders(whenNil: "", whenNoSelection: "—"),
            form: Property(field, \.text),
            formTriggers: [TargetActionTrigger(control: field, events: .editingChanged)], continuous: false)
        nickname.onError = { _ in }
        #expect(field.text == "—")
        field.simulateTyping("Annie")
        #expect(nickname.commit().failure?.error is NoSelectionError)
        #expect(nickname.validate()?.error is NoSelectionError, "the dry run finds it too")
    }

    @Test func theHintShowsWhenTheFieldIsEmptyAndIsNeverWritten() {
        let contact = Contact(nickname: "Annie")
        let field = TextField(placeholder: "Nickname (optional)")
        let nickname = TwoWayBinding(
            "nickname", model: Property(contact, \.nickname).placeholders(whenNil: ""), form: Property(field, \.text),
            formTriggers: [TargetActionTrigger(control: field, events: .editingChanged)])
        #expect(field.displayedText == "Annie")
        field.simulateTyping("")
        #expect(contact.nickname == nil, "an empty field stands for nil")
        #expect(field.text == "")
        #expect(field.displayedText == "Nickname (optional)", "the hint shows")
        nickname.discard()
        #expect(contact.nickname == nil && field.text == "", "the hint is never a value")
    }

    @Test func theDeallocatedPlaceholderStillWorks() throws {
        var contact: Contact? = Contact(nickname: "Annie")
        let nickname = Property(contact!, \.nickname).placeholders(whenNil: "", whenDeallocated: "—")
        contact = nil
        #expect(try nickname.read() == "—")
    }
}
