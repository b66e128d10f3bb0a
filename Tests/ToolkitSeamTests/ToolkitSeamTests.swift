import PropertyBinding
import Testing

// A toolkit the library has never heard of, built from the public seams alone: this target
// imports PropertyBinding without `@testable`, and nothing else.

/// A rotary knob of a toolkit of its own: a `TargetActionSource` that a `TargetActionTrigger`
/// watches, and a `TriggerMakingObject` that `TriggerRegistry.standard` asks.
final class Knob: TargetActionSource, TriggerMakingObject {
    var value = 0.0
    private let lock = StateLock()
    private var triggers: [TargetActionTrigger] = []

    /// The knob is gone for good: a binding that only the knob could fire ends with it.
    deinit {
        for trigger in triggers { trigger.controlDidEnd() }
    }

    /// The user turns the knob: the value changes, and every trigger for `.valueChanged` fires.
    func turn(to newValue: Double) {
        value = newValue
        for trigger in lock.withLock({ triggers }) where trigger.events.contains(.valueChanged) {
            trigger.controlDidSendAction()
        }
    }

    var triggerCount: Int { lock.withLock { triggers.count } }

    func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        keyPath == \Knob.value ? [TargetActionTrigger(source: self, events: .valueChanged)] : []
    }

    func addTriggerAction(_ trigger: TargetActionTrigger) {
        lock.withLock { if !triggers.contains(where: { $0 === trigger }) { triggers.append(trigger) } }
    }

    func removeTriggerAction(_ trigger: TargetActionTrigger) {
        lock.withLock { triggers.removeAll { $0 === trigger } }
    }

    func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool {
        lock.withLock { triggers.contains { $0 === trigger } }
    }
}

final class Player {
    var volume = 0.0
}

/// A row of ``SimpleList``.
final class SimpleCell {
    var text = ""
}

enum SimpleListError: Error {
    case inconsistentBatch(ListChanges)
}

/// A list view of a toolkit of its own: every row has a cell (no scrolling), made of the source's
/// cell class, and a batch keeps the cells of the rows that stay.
final class SimpleList: RowListView {
    private weak var source: (any RowSource)?
    private(set) var cells: [SimpleCell] = []

    func setRowSource(_ source: (any RowSource)?) {
        self.source = source
        reloadRows()
    }

    func reloadRows() {
        for (row, cell) in cells.enumerated() { source?.unbind(cell, fromRow: row) }
        cells = []
        guard let source else { return }
        cells = (0..<source.numberOfRows).map { _ in SimpleCell() }
        for (row, cell) in cells.enumerated() { source.bind(cell, toRow: row) }
    }

    func performRowBatch(_ changes: ListChanges) throws {
        guard let source, changes.isValid(oldCount: cells.count, newCount: source.numberOfRows) else {
            throw SimpleListError.inconsistentBatch(changes)
        }
        for row in changes.deletes + changes.reloads { source.unbind(cells[row], fromRow: row) }
        let fresh = (0..<source.numberOfRows).map { _ in SimpleCell() }
        cells = changes.applied(to: cells, inserting: fresh)
        let made = Set(fresh.map(ObjectIdentifier.init))
        for (row, cell) in cells.enumerated() where made.contains(ObjectIdentifier(cell)) {
            source.bind(cell, toRow: row)
        }
    }
}

final class Song: Identifiable {
    let id: Int
    var title: String

    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

extension Song: Equatable {
    static func == (lhs: Song, rhs: Song) -> Bool { lhs === rhs }
}

final class Playlist {
    var songs: [Song] = []
}

@Suite struct ToolkitSeamTests {
    @Test func theStandardRegistryKnowsAControlOfAToolkitItHasNeverHeardOf() throws {
        let knob = Knob()
        let player = Player()
        let storeVolume = try Binding(
            source: Property(knob, \.value), destination: Property(player, \.volume), triggers: .standard)
        knob.turn(to: 0.5)
        #expect(player.volume == 0.5)
        #expect(knob.triggerCount == 1)
        storeVolume.invalidate()
        #expect(knob.triggerCount == 0)
    }

    @Test func aTriggerAddedByHandWatchesTheSourceUntilItsBindingEnds() {
        let knob = Knob()
        let player = Player()
        let storeVolume = Binding(source: Property(knob, \.value), destination: Property(player, \.volume))
        storeVolume.addTrigger(TargetActionTrigger(source: knob, events: .valueChanged))
        knob.turn(to: 0.25)
        #expect(player.volume == 0.25)
        let trigger = TargetActionTrigger(source: knob, events: .valueChanged)
        #expect(!trigger.isObserving)
        trigger.startObserving()
        trigger.startObserving()
        #expect(knob.triggerCount == 2)
        trigger.stopObserving()
        #expect(knob.triggerCount == 1)
        #expect(trigger.watchedSource === knob)
    }

    @Test func aKeyPathTheControlDoesNotAnnounceHasNoTrigger() {
        final class Dial: TriggerMakingObject {
            var label = ""
            func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] { [] }
        }
        let dial = Dial()
        let cell = SimpleCell()
        #expect(throws: TriggerRegistryError.noTrigger(root: "Dial", keyPath: "\\Dial.label")) {
            _ = try Binding(source: Property(dial, \.label), destination: Property(cell, \.text), triggers: .standard)
        }
    }

    @Test func aControlReleasedEndsTheBindingsOnlyItFiresSilently() throws {
        var knob: Knob? = Knob()
        let player = Player()
        let bindings = BindingSet()
        let storeVolume = try Binding(
            source: Property(knob!, \.value), destination: Property(player, \.volume), triggers: .standard)
        bindings.add(storeVolume)
        knob = nil
        #expect(bindings.count == 0)
        #expect(!storeVolume.isValid)
        #expect(storeVolume.lastError == nil)
    }

    @Test func aTimingTriggerOverAControlThatGoesEndsItsBindingToo() throws {
        var knob: Knob? = Knob()
        let player = Player()
        let storeVolume = Binding(source: Property(knob!, \.value), destination: Property(player, \.volume))
        storeVolume.addTrigger(TargetActionTrigger(source: knob!, events: .valueChanged).debounced(for: .seconds(1)))
        knob = nil
        #expect(!storeVolume.isValid)
    }

    @Test func tableRowsDriveAListViewOfAToolkitItHasNeverHeardOf() throws {
        let playlist = Playlist()
        let list = SimpleList()
        let rows = TableRows(list, id: \Song.id, cell: SimpleCell.self) { cell, song in
            [Binding(source: Property(song, \.title), destination: Property(cell, \.text)).updatingNow()]
        }
        let showSongs = Binding(source: Property(playlist, \.songs), destination: rows)
        let (a, b, c) = (Song(id: 1, title: "A"), Song(id: 2, title: "B"), Song(id: 3, title: "C"))
        playlist.songs = [a, b, c]
        showSongs.update()
        #expect(list.cells.map(\.text) == ["A", "B", "C"])
        #expect(rows.rowBindings.count == 3)

        let cellOfA = list.cells[0]
        playlist.songs = [c, a]  // b deleted, c moved before a
        showSongs.update()
        #expect(list.cells.map(\.text) == ["C", "A"])
        #expect(list.cells[1] === cellOfA)  // a keeps its cell
        #expect(rows.rowBindings.count == 2)  // b's binding ended with its row

        playlist.songs = []
        showSongs.update()
        #expect(list.cells.isEmpty)
        #expect(rows.rowBindings.isEmpty)
    }

    @Test func aCellOfAnotherClassIsLeftUnboundAndTheRowsSayWhy() throws {
        final class WrongList: RowListView {
            weak var source: (any RowSource)?
            func setRowSource(_ source: (any RowSource)?) { self.source = source }
            func reloadRows() { source?.bind(Player(), toRow: 0) }
            func performRowBatch(_ changes: ListChanges) throws { reloadRows() }
        }
        let list = WrongList()
        let rows = TableRows(list, id: \Song.id, cell: SimpleCell.self) { _, _ in [] }
        try rows.write([Song(id: 1, title: "A")])
        list.reloadRows()
        let error = try #require(rows.lastRowError?.error as? TableRowsError)
        #expect(error == .cellOfWrongType(expected: "SimpleCell", actual: "Player"))
        #expect(rows.rowBindings.isEmpty)
    }
}

/// A list view that makes its rows in passes and takes no batch during one (as a toolkit whose
/// cells are bound inside its layout): it tells its source when a pass begins and ends, and
/// counts a batch that arrives during a pass.
final class PassList: RowListView {
    private weak var source: (any RowSource)?
    private(set) var cells: [SimpleCell] = []
    private var isMakingRows = false
    private(set) var batchesDuringPass = 0
    private(set) var batches: [ListChanges] = []

    func setRowSource(_ source: (any RowSource)?) {
        self.source = source
        reloadRows()
    }

    /// Makes every row again in one pass, as a list that scrolls or lays out anew does.
    func reloadRows() {
        guard let source else { return }
        for (row, cell) in cells.enumerated() { source.unbind(cell, fromRow: row) }
        source.listWillMakeRows()
        isMakingRows = true
        cells = (0..<source.numberOfRows).map { _ in SimpleCell() }
        for (row, cell) in cells.enumerated() { source.bind(cell, toRow: row) }
        isMakingRows = false
        source.listDidMakeRows()
    }

    func performRowBatch(_ changes: ListChanges) throws {
        if isMakingRows { batchesDuringPass += 1 }
        guard let source, changes.isValid(oldCount: cells.count, newCount: source.numberOfRows) else {
            throw SimpleListError.inconsistentBatch(changes)
        }
        batches.append(changes)
        for row in changes.deletes + changes.reloads { source.unbind(cells[row], fromRow: row) }
        let fresh = (0..<source.numberOfRows).map { _ in SimpleCell() }
        cells = changes.applied(to: cells, inserting: fresh)
        let made = Set(fresh.map(ObjectIdentifier.init))
        for (row, cell) in cells.enumerated() where made.contains(ObjectIdentifier(cell)) {
            source.bind(cell, toRow: row)
        }
    }
}

@Suite struct RowMakingPassTests {
    /// The array's binding, which a row's `bind` closure updates.
    final class Holder {
        var showSongs: AnyBinding?
        var marksAsSeen = false
    }

    @Test func aBindClosureThatChangesOtherRowsDuringAPassReachesTheListOnceThePassIsOver() throws {
        let playlist = Playlist()
        let list = PassList()
        let holder = Holder()
        let rows = TableRows(list, id: \Song.id, cell: SimpleCell.self) { cell, song in
            if holder.marksAsSeen, song.id == 1, playlist.songs.contains(where: { $0.id == 3 }) {
                // Showing song 1 removes song 3 (seen songs leave the "new" list): another row.
                playlist.songs.removeAll { $0.id == 3 }
                holder.showSongs?.update()
            }
            return [Binding(source: Property(song, \.title), destination: Property(cell, \.text)).updatingNow()]
        }
        let showSongs = Binding(source: Property(playlist, \.songs), destination: rows)
        holder.showSongs = showSongs
        playlist.songs = [Song(id: 1, title: "A"), Song(id: 2, title: "B"), Song(id: 3, title: "C")]
        showSongs.update()
        #expect(list.cells.map(\.text) == ["A", "B", "C"])

        holder.marksAsSeen = true
        list.reloadRows()  // the list makes its rows on its own: a pass
        #expect(list.batchesDuringPass == 0)
        #expect(list.batches.last == ListChanges(deletes: [2]))
        #expect(list.cells.map(\.text) == ["A", "B"])
        #expect(rows.rowBindings.count == 2)
        #expect(try rows.read().map(\.id) == [1, 2])
    }

    @Test func passesNestAndOnlyTheOutermostShowsWhatWasHeld() throws {
        let playlist = Playlist()
        let list = PassList()
        let holder = Holder()
        let rows = TableRows(list, id: \Song.id, cell: SimpleCell.self) { cell, song in
            if holder.marksAsSeen, song.id == 2, playlist.songs.count == 3 {
                playlist.songs.removeFirst()
                holder.showSongs?.update()
            }
            return [Binding(source: Property(song, \.title), destination: Property(cell, \.text)).updatingNow()]
        }
        let showSongs = Binding(source: Property(playlist, \.songs), destination: rows)
        holder.showSongs = showSongs
        playlist.songs = [Song(id: 1, title: "A"), Song(id: 2, title: "B"), Song(id: 3, title: "C")]
        showSongs.update()
        holder.marksAsSeen = true
        rows.listWillMakeRows()  // an outer pass of the list's own
        list.reloadRows()
        #expect(list.batches.count == 1)  // held: the outer pass is not over
        rows.listDidMakeRows()
        #expect(list.batches.last == ListChanges(deletes: [0]))
        #expect(list.cells.map(\.text) == ["B", "C"])
        #expect(list.batchesDuringPass == 0)
    }
}
