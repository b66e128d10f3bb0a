import PropertyBinding
import Testing

// A wrapper whose widget can be destroyed while the app still holds the wrapper: an
// `EndingObject`. Its properties must read and write nothing once it has ended.

final class WidgetHandle: EndingObject {
    var text = ""
    var isDestroyed = false
    var hasEnded: Bool { isDestroyed }
}

/// A wrapper that is also a control: destroying it ends the bindings only it fires.
final class HandleField: EndingObject, TargetActionSource, TriggerMakingObject {
    var text = "" {
        didSet { if !isDestroyed { for trigger in triggers { trigger.controlDidSendAction() } } }
    }
    private(set) var isDestroyed = false
    private var triggers: [TargetActionTrigger] = []
    var hasEnded: Bool { isDestroyed }

    /// The widget is destroyed: its triggers end, the wrapper stays (the app holds it).
    func destroy() {
        isDestroyed = true
        text = ""  // what a wrapper answers once its widget is gone
        for trigger in triggers { trigger.controlDidEnd() }
        triggers = []
    }

    func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        keyPath == \HandleField.text ? [TargetActionTrigger(source: self, events: .editingChanged)] : []
    }
    func addTriggerAction(_ trigger: TargetActionTrigger) { triggers.append(trigger) }
    func removeTriggerAction(_ trigger: TargetActionTrigger) { triggers.removeAll { $0 === trigger } }
    func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool { triggers.contains { $0 === trigger } }
}

final class Profile {
    var name = ""
}

@Suite struct EndingObjectTests {
    @Test func aPropertyOfAnEndedObjectReadsAndWritesNothing() throws {
        let handle = WidgetHandle()
        let text = Property(handle, \.text)
        try text.write("Ann")
        #expect(try text.read() == "Ann")
        handle.isDestroyed = true
        #expect(throws: PropertyError.objectDeallocated(root: "WidgetHandle", keyPath: "\\WidgetHandle.text")) {
            try text.read()
        }
        #expect(throws: PropertyError.self) { try text.write("Bo") }
        #expect(handle.text == "Ann")  // nothing written
        #expect(throws: PropertyError.self) { try text.validateWrite("Bo") }
        #expect(throws: PropertyError.self) { try ReadOnlyProperty(handle, \.text).read() }
    }

    @Test func aBindingThatWritesAnEndedObjectEndsAtItsNextUpdateAndWritesNothing() throws {
        let profile = Profile()
        let handle = WidgetHandle()
        let showName = Binding(source: Property(profile, \.name), destination: Property(handle, \.text))
        profile.name = "Ann"
        #expect(showName.update().didWrite)
        #expect(handle.text == "Ann")
        handle.isDestroyed = true
        profile.name = "Bo"
        #expect(!showName.update().didWrite)
        #expect(handle.text == "Ann")
        #expect(showName.isValid == false)
        #expect(showName.lastError?.error is PropertyError)
    }

    @Test func aBindingThatReadsAnEndedObjectNeverBlanksTheModel() throws {
        let profile = Profile()
        let field = HandleField()
        let storeName = try Binding(
            source: Property(field, \.text), destination: Property(profile, \.name), triggers: .standard)
        field.text = "Ann"
        #expect(profile.name == "Ann")
        field.destroy()
        #expect(storeName.isValid == false)
        #expect(!storeName.update().didWrite)
        #expect(profile.name == "Ann")
        // A new binding over the ended wrapper: a typed error at once, nothing watched.
        let error = #expect(throws: PropertyError.self) {
            try Binding(source: Property(field, \.text), destination: Property(profile, \.name), triggers: .standard)
        }
        guard case .objectDeallocated(let object) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(object.root == "HandleField")
        #expect(profile.name == "Ann")
    }

    @Test func anObjectThatHasNotEndedIsReadAndWrittenAsAnyObject() throws {
        let handle = WidgetHandle()
        let text = Property(handle, \.text)
        var written: [String] = []
        for word in ["a", "b", "c"] {
            try text.write(word)
            written.append(try text.read())
        }
        #expect(written == ["a", "b", "c"])
        let shown = ReadOnlyProperty(handle, \.text)
        #expect(try shown.read() == "c")
    }
}

/// A list view whose widget can be destroyed while the app holds it: it counts what it is asked.
final class EndingList: RowListView, EndingObject {
    private weak var source: (any RowSource)?
    private(set) var rows = 0
    private(set) var batches = 0
    private(set) var reloads = 0
    var isDestroyed = false
    var hasEnded: Bool { isDestroyed }

    func setRowSource(_ source: (any RowSource)?) {
        self.source = source
        reloadRows()
    }

    func reloadRows() {
        reloads += 1
        rows = source?.numberOfRows ?? 0
    }

    func performRowBatch(_ changes: ListChanges) throws {
        batches += 1
        rows = source?.numberOfRows ?? 0
    }
}

@Suite struct EndingListTests {
    @Test func rowsOverAListThatHasEndedStopAndTheirBindingEnds() throws {
        let playlist = Playlist()
        playlist.songs = [Song(id: 1, title: "A")]
        let list = EndingList()
        let rows = TableRows(list, id: \Song.id, cell: SimpleCell.self) { _, _ in [] }
        let showSongs = Binding(source: Property(playlist, \.songs), destination: rows)
        #expect(showSongs.update().didWrite)
        #expect(list.rows == 1)
        let asked = (list.batches, list.reloads)

        list.isDestroyed = true
        playlist.songs.append(Song(id: 2, title: "B"))
        #expect(!showSongs.update().didWrite)
        #expect(showSongs.isValid == false, "the rows' binding ended with the list")
        #expect(list.batches == asked.0 && list.reloads == asked.1, "the ended list was asked nothing")
        #expect(list.rows == 1)
    }

    @Test func aPlaceholderOverAnEndedObjectEndsItsBindingAsOverADeallocatedOne() throws {
        let profile = Profile()
        let handle = WidgetHandle()
        handle.text = "Ann"
        let showText = Binding(
            source: Property(handle, \.text).placeholder(whenDeallocated: "—"),
            destination: Property(profile, \.name))
        #expect(showText.update().didWrite)
        #expect(profile.name == "Ann")
        handle.isDestroyed = true
        #expect(showText.update().didWrite)
        #expect(profile.name == "—", "the placeholder is shown once")
        _ = showText.update()
        #expect(showText.isValid == false, "then the binding ends, as over a deallocated object")
    }
}
