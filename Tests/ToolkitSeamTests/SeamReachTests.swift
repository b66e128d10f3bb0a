import PropertyBinding
import Testing

// How far the public seams reach, from outside the core: a subclass of a control of one's own, a
// generic control, a key path through another object, a list of sections and a list that
// selects, each written here with the core's public API only.

/// The triggers of a control of one's own: kept under a lock, each told of its events.
final class TriggerBox: @unchecked Sendable {
    private let lock = StateLock()
    private var triggers: [TargetActionTrigger] = []

    var count: Int { lock.withLock { triggers.count } }

    func add(_ trigger: TargetActionTrigger) {
        lock.withLock { if !triggers.contains(where: { $0 === trigger }) { triggers.append(trigger) } }
    }

    func remove(_ trigger: TargetActionTrigger) { lock.withLock { triggers.removeAll { $0 === trigger } } }

    func has(_ trigger: TargetActionTrigger) -> Bool { lock.withLock { triggers.contains { $0 === trigger } } }

    func send(_ events: ControlEvents) {
        for trigger in lock.withLock({ triggers }) where !trigger.events.isDisjoint(with: events) {
            trigger.controlDidSendAction()
        }
    }
}

/// A dial of a toolkit of its own, open to subclasses: it announces `value` on the key path's
/// root type, whichever class the key path is written on (`\Dial.value` or `\FineDial.value`).
class Dial: TargetActionSource, TriggerMakingObject {
    var value = 0.0
    let box = TriggerBox()

    func turn(to newValue: Double) {
        value = newValue
        box.send(.valueChanged)
    }

    func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        // A key path on `Self` is no help in a class; `\D.value`, `D` the key path's root, is.
        func valueKeyPath<D: DialKind>(_: D.Type) -> AnyKeyPath { \D.value }
        guard let root = type(of: keyPath).rootType as? any DialKind.Type, keyPath == valueKeyPath(root) else {
            return []
        }
        return [TargetActionTrigger(source: self, events: .valueChanged)]
    }

    func addTriggerAction(_ trigger: TargetActionTrigger) { box.add(trigger) }
    func removeTriggerAction(_ trigger: TargetActionTrigger) { box.remove(trigger) }
    func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool { box.has(trigger) }
}

/// The dial and its subclasses, so that a key path's root type opens as a generic parameter.
protocol DialKind: Dial {}
extension Dial: DialKind {}

/// A subclass with a property of its own, announced by its own override; the rest is the dial's.
final class FineDial: Dial {
    var fineness = 1

    func refine(to newValue: Int) {
        fineness = newValue
        box.send(.editingChanged)
    }

    override func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        keyPath == \FineDial.fineness
            ? [TargetActionTrigger(source: self, events: .editingChanged)] : super.makeTriggers(for: keyPath)
    }
}

/// A subclass that adds nothing: the dial's `value`, written on it, is announced all the same.
final class PlainSubDial: Dial {}

/// A generic control: a field of any value.
final class Field<Value>: TargetActionSource, TriggerMakingObject {
    var value: Value
    let box = TriggerBox()

    init(_ value: Value) { self.value = value }

    func enter(_ newValue: Value) {
        value = newValue
        box.send(.editingChanged)
    }

    func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        keyPath == \Field<Value>.value ? [TargetActionTrigger(source: self, events: .editingChanged)] : []
    }

    func addTriggerAction(_ trigger: TargetActionTrigger) { box.add(trigger) }
    func removeTriggerAction(_ trigger: TargetActionTrigger) { box.remove(trigger) }
    func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool { box.has(trigger) }
}

/// A widget class as a third-party toolkit ships it, which knows nothing of bindings; an adapter
/// makes it a seam afterwards, in an extension (below).
final class VendorSlider {
    var position = 0.0
    var onChange: [() -> Void] = []

    func drag(to newPosition: Double) {
        position = newPosition
        for action in onChange { action() }
    }
}

extension VendorSlider: TargetActionSource, TriggerMakingObject {
    func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
        keyPath == \VendorSlider.position ? [TargetActionTrigger(source: self, events: .valueChanged)] : []
    }

    // The vendor's one callback list, and the triggers registered on it by identity.
    private static let registered = StateLockedTriggers()

    func addTriggerAction(_ trigger: TargetActionTrigger) {
        guard !hasTriggerAction(trigger) else { return }
        Self.registered.add(trigger, on: self)
        onChange.append { [weak trigger] in trigger?.controlDidSendAction() }
    }

    func removeTriggerAction(_ trigger: TargetActionTrigger) {
        Self.registered.remove(trigger, on: self)
        let live = Self.registered.triggers(on: self)
        onChange = live.map { trigger in { [weak trigger] in trigger?.controlDidSendAction() } }
    }

    func hasTriggerAction(_ trigger: TargetActionTrigger) -> Bool {
        Self.registered.triggers(on: self).contains { $0 === trigger }
    }
}

/// The triggers registered on each vendor widget, by the widget's identity.
final class StateLockedTriggers: @unchecked Sendable {
    private let lock = StateLock()
    private var byWidget: [ObjectIdentifier: [TargetActionTrigger]] = [:]

    func add(_ trigger: TargetActionTrigger, on widget: AnyObject) {
        lock.withLock { byWidget[ObjectIdentifier(widget), default: []].append(trigger) }
    }

    func remove(_ trigger: TargetActionTrigger, on widget: AnyObject) {
        lock.withLock { byWidget[ObjectIdentifier(widget)]?.removeAll { $0 === trigger } }
    }

    func triggers(on widget: AnyObject) -> [TargetActionTrigger] {
        lock.withLock { byWidget[ObjectIdentifier(widget)] ?? [] }
    }
}

final class Mixer {
    var gain = 0.0
    var steps = 0
    var name = ""
    var count = 0
}

@Suite struct ControlReachTests {
    @Test func aSubclassOfAControlOfOneSOwnIsKnownOnEitherClassSKeyPath() throws {
        let fine = FineDial()
        let mixer = Mixer()
        // `\FineDial.value`: the subclass's key path of the dial's property.
        let onSubclass = try Binding(
            source: Property(fine, \.value), destination: Property(mixer, \.gain), triggers: .standard)
        fine.turn(to: 0.5)
        #expect(mixer.gain == 0.5)
        // `\Dial.value` of the same object.
        let onDial = try Binding(
            source: Property(fine as Dial, \.value), destination: Property(mixer, \.gain), triggers: .standard)
        #expect(fine.box.count == 2)
        onSubclass.invalidate()
        fine.turn(to: 0.75)
        #expect(mixer.gain == 0.75)
        onDial.invalidate()
        #expect(fine.box.count == 0)
    }

    @Test func aSubclassAnnouncesAPropertyOfItsOwnAndAPlainSubclassInheritsTheRest() throws {
        let fine = FineDial()
        let plain = PlainSubDial()
        let mixer = Mixer()
        let storeSteps = try Binding(
            source: Property(fine, \.fineness), destination: Property(mixer, \.steps), triggers: .standard)
        fine.refine(to: 4)
        #expect(mixer.steps == 4)
        fine.turn(to: 0.25)  // not an event the fineness's trigger hears
        #expect(mixer.steps == 4)
        let storeGain = try Binding(
            source: Property(plain, \.value), destination: Property(mixer, \.gain), triggers: .standard)
        plain.turn(to: 0.125)
        #expect(mixer.gain == 0.125)
        storeSteps.invalidate()
        storeGain.invalidate()
        #expect(fine.box.count == 0 && plain.box.count == 0)
    }

    @Test func aGenericControlIsKnownForEachOfItsValueTypes() throws {
        let nameField = Field("")
        let countField = Field(0)
        let mixer = Mixer()
        let storeName = try Binding(
            source: Property(nameField, \.value), destination: Property(mixer, \.name), triggers: .standard)
        let storeCount = try Binding(
            source: Property(countField, \.value), destination: Property(mixer, \.count), triggers: .standard)
        nameField.enter("Ann")
        countField.enter(3)
        #expect((mixer.name, mixer.count) == ("Ann", 3))
        storeName.invalidate()
        storeCount.invalidate()
        #expect(nameField.box.count == 0 && countField.box.count == 0)
    }

    @Test func aWidgetClassMadeASeamInAnExtensionIsKnownWithNoRegistration() throws {
        let slider = VendorSlider()
        let mixer = Mixer()
        let storeGain = try Binding(
            source: Property(slider, \.position), destination: Property(mixer, \.gain), triggers: .standard)
        slider.drag(to: 0.5)
        #expect(mixer.gain == 0.5)
        storeGain.invalidate()
        #expect(slider.onChange.isEmpty)
        slider.drag(to: 0.25)
        #expect(mixer.gain == 0.5)
    }

    @Test func aKeyPathThroughAPlainObjectToAControlIsRefusedWithATypedErrorAndTheControlItselfIsKnown() throws {
        final class Panel {
            let dial = Dial()
        }
        let panel = Panel()
        let mixer = Mixer()
        // The registry asks the object the property is made of, here the panel, which announces
        // nothing: a typed error, no binding, no trigger left on the dial.
        let error = #expect(throws: TriggerRegistryError.self) {
            _ = try Binding(
                source: Property(panel, \.dial.value), destination: Property(mixer, \.gain), triggers: .standard)
        }
        guard case .noTrigger(root: "Panel", _) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(panel.dial.box.count == 0)
        // The control the panel holds is known.
        let storeGain = try Binding(
            source: Property(panel.dial, \.value), destination: Property(mixer, \.gain), triggers: .standard)
        panel.dial.turn(to: 0.5)
        #expect(mixer.gain == 0.5)
        storeGain.invalidate()
    }

    @Test func aKeyPathThroughAnAnnouncedLinkToAControlIsRefusedAsNotAnnounced() throws {
        final class Console: KeyPathObservable {
            let keyPathObservers = KeyPathObservers()
            static var announcedKeyPaths: [AnnouncedKeyPath] { [.announced("dial", \Console.dial)] }
            var dial = Dial() { didSet { didChange(\.dial) } }
        }
        let console = Console()
        let mixer = Mixer()
        // The dial announces its value by its own triggers, not by key path: a key-path chain
        // cannot follow it, and says so rather than make a binding that never fires.
        let error = #expect(throws: TriggerRegistryError.self) {
            _ = try Binding(
                source: Property(console, \.dial.value), destination: Property(mixer, \.gain), triggers: .standard)
        }
        guard case .notAnnounced(root: "Console", _) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(console.dial.box.count == 0)
    }
}

// MARK: A list of sections, and lists that select

/// A list of sections of a toolkit of its own: every row has a cell, made of the source's cell
/// class; a batch keeps the cells of the rows that stay or move, within or across sections. It
/// selects rows, counted end to end through its sections, as the rows' selection counts them.
final class SimpleSectionedList: SectionedListView, SelectableRowListView {
    private weak var rowSource: (any RowSource)?
    private weak var sectionSource: (any SectionedRowSource)?
    private(set) var sections: [[SimpleCell]] = []
    private(set) var selectedRowIndices: [Int] = []
    private(set) var batches: [SectionedListChanges] = []

    var texts: [[String]] { sections.map { $0.map(\.text) } }

    // A list of sections shows a plain list of rows as one section.
    func setRowSource(_ source: (any RowSource)?) { rowSource = source }
    func reloadRows() { reloadSections() }
    func performRowBatch(_ changes: ListChanges) throws { reloadSections() }

    func setSectionSource(_ source: (any SectionedRowSource)?) {
        sectionSource = source
        reloadSections()
    }

    func reloadSections() {
        unbindAll()
        guard let source = sectionSource else { return sections = [] }
        sections = (0..<source.numberOfSections).map { section in
            (0..<source.numberOfRows(inSection: section)).map { _ in SimpleCell() }
        }
        bind(where: { _ in true })
        selectedRowIndices = []
    }

    func performSectionBatch(_ changes: SectionedListChanges) throws {
        guard let source = sectionSource else { return }
        let newCounts = (0..<source.numberOfSections).map { source.numberOfRows(inSection: $0) }
        guard changes.isValid(oldRowCounts: sections.map(\.count), newRowCounts: newCounts) else {
            throw SimpleSectionedListError(changes: changes)
        }
        batches.append(changes)
        let fresh = newCounts.map { count in (0..<count).map { _ in SimpleCell() } }
        let next = changes.applied(to: sections, inserting: fresh)
        let kept = Set(next.joined().map(ObjectIdentifier.init))
        for (section, cells) in sections.enumerated() {
            for (row, cell) in cells.enumerated() where !kept.contains(ObjectIdentifier(cell)) {
                source.unbind(cell, from: ListIndexPath(section: section, row: row))
            }
        }
        sections = next
        let made = Set(fresh.joined().map(ObjectIdentifier.init))
        bind(where: { made.contains(ObjectIdentifier($0)) })
    }

    func selectRows(_ rows: [Int]) { selectedRowIndices = rows }

    /// The user taps the row at `indexPath`: it alone is selected, and the source is told.
    func tap(_ indexPath: ListIndexPath) {
        selectedRowIndices = [sections[..<indexPath.section].reduce(0) { $0 + $1.count } + indexPath.row]
        sectionSource?.listDidSelectRows(at: [indexPath])
    }

    private func bind(where shouldBind: (SimpleCell) -> Bool) {
        for (section, cells) in sections.enumerated() {
            for (row, cell) in cells.enumerated() where shouldBind(cell) {
                sectionSource?.bind(cell, to: ListIndexPath(section: section, row: row))
            }
        }
    }

    private func unbindAll() {
        for (section, cells) in sections.enumerated() {
            for (row, cell) in cells.enumerated() {
                sectionSource?.unbind(cell, from: ListIndexPath(section: section, row: row))
            }
        }
    }
}

/// Why ``SimpleSectionedList`` refused a batch.
struct SimpleSectionedListError: Error {
    let changes: SectionedListChanges
}

/// A plain list that selects rows: the simple list's cells, and a selection the user taps.
final class SelectingList: RowListView, SelectableRowListView {
    let list = SimpleList()
    private weak var source: (any RowSource)?
    private(set) var selectedRowIndices: [Int] = []
    let allowsMultipleSelection: Bool

    init(allowsMultipleSelection: Bool) {
        self.allowsMultipleSelection = allowsMultipleSelection
    }

    var texts: [String] { list.cells.map(\.text) }

    func setRowSource(_ source: (any RowSource)?) {
        self.source = source
        list.setRowSource(source)
    }

    func reloadRows() {
        list.reloadRows()
        selectedRowIndices = []
        source?.listDidReload()
    }

    func performRowBatch(_ changes: ListChanges) throws { try list.performRowBatch(changes) }

    func selectRows(_ rows: [Int]) { selectedRowIndices = rows }

    /// The user taps `row`; with a modifier key, the row joins the selection.
    func tap(_ row: Int, extending: Bool = false) {
        selectedRowIndices = extending ? Array(Set(selectedRowIndices + [row])).sorted() : [row]
        source?.listDidSelectRows(selectedRowIndices)
    }
}

@Suite struct ListReachTests {
    let a = Song(id: 1, title: "Anna")
    let b = Song(id: 2, title: "Bea")
    let c = Song(id: 3, title: "Cleo")
    let d = Song(id: 4, title: "Ada")

    @Test func tableSectionsDriveAListOfSectionsOfAToolkitItHasNeverHeardOf() throws {
        final class Library {
            var sections: [ListSection<String, Song>] = []
        }
        let library = Library()
        let list = SimpleSectionedList()
        let sections = TableSections(list, sectionID: String.self, id: \Song.id, cell: SimpleCell.self) { cell, song in
            [Binding(source: Property(song, \.title), destination: Property(cell, \.text)).updatingNow()]
        }
        let showSections = Binding(source: Property(library, \.sections), destination: sections)
        library.sections = [ListSection(id: "A", rows: [a, d]), ListSection(id: "B", rows: [b])]
        showSections.update()
        #expect(list.texts == [["Anna", "Ada"], ["Bea"]])
        #expect(sections.rowBindings.count == 3)

        let cellOfAda = list.sections[0][1]
        // Ada moves to section B, Anna leaves, a section C comes.
        library.sections = [
            ListSection(id: "A", rows: []), ListSection(id: "B", rows: [b, d]), ListSection(id: "C", rows: [c]),
        ]
        showSections.update()
        #expect(list.texts == [[], ["Bea", "Ada"], ["Cleo"]])
        #expect(list.sections[1][1] === cellOfAda)  // moved across sections with its cell
        #expect(sections.rowBindings.count == 3)  // Anna's binding ended with her row
        d.title = "Adele"
        #expect(list.sections[1][1].text == "Ada")  // a plain binding: updated when asked
        library.sections = [ListSection(id: "B", rows: [b])]
        showSections.update()
        #expect(list.texts == [["Bea"]])
        #expect(sections.rowBindings.count == 1)
    }

    @Test func theSelectionOfSectionsFollowsItsElementsInAListOfSectionsOfItsOwn() throws {
        final class Library {
            var songs: [Song] = []
        }
        let library = Library()
        let list = SimpleSectionedList()
        let byInitial = TableSections(list, id: \Song.id, cell: SimpleCell.self) { cell, song in
            [Binding(source: Property(song, \.title), destination: Property(cell, \.text)).updatingNow()]
        }.grouped(by: \.initial)
        let showSongs = Binding(source: Property(library, \.songs), destination: byInitial)
        library.songs = [a, b, c]
        showSongs.update()
        #expect(list.texts == [["Anna"], ["Bea"], ["Cleo"]])

        list.tap(ListIndexPath(section: 1, row: 0))  // the user selects Bea
        let selection = byInitial.sections.selection
        #expect(selection.ids == [2])
        #expect(byInitial.sections.selectedIndexPaths == [ListIndexPath(section: 1, row: 0)])

        library.songs = [d, a, b, c]  // Ada joins section A: Bea is the third row end to end
        showSongs.update()
        #expect(list.texts == [["Ada", "Anna"], ["Bea"], ["Cleo"]])
        #expect(selection.ids == [2])
        #expect(list.selectedRowIndices == [2])  // shown where Bea is now

        try selection.select([3])  // by code: Cleo, shown in the list
        #expect(list.selectedRowIndices == [3])
        #expect(byInitial.sections.selectedIndexPaths == [ListIndexPath(section: 2, row: 0)])

        library.songs = [d, a, b]  // Cleo leaves: the selection drops her
        showSongs.update()
        #expect(selection.ids.isEmpty)
        #expect(list.selectedRowIndices.isEmpty)
    }

    @Test func theSelectionOfRowsFollowsItsElementsInASelectingListOfItsOwn() throws {
        let playlist = Playlist()
        let list = SelectingList(allowsMultipleSelection: true)
        let rows = TableRows(list, id: \Song.id, cell: SimpleCell.self) { cell, song in
            [Binding(source: Property(song, \.title), destination: Property(cell, \.text)).updatingNow()]
        }
        let showSongs = Binding(source: Property(playlist, \.songs), destination: rows)
        playlist.songs = [a, b, c]
        showSongs.update()
        list.tap(0)
        list.tap(2, extending: true)  // Anna and Cleo
        #expect(rows.selection.ids == [1, 3])
        #expect(rows.selection.elements.map(\.title) == ["Anna", "Cleo"])

        playlist.songs = [c, d, a]  // Bea leaves, Cleo moves first, Ada comes
        showSongs.update()
        #expect(list.texts == ["Cleo", "Ada", "Anna"])
        #expect(Set(rows.selection.ids) == [1, 3])
        #expect(list.selectedRowIndices == [0, 2])  // shown where they are now

        // A selection bound by `triggers: .standard` follows the user's taps.
        final class Detail {
            var title: String?
        }
        let detail = Detail()
        let showSelected = try Binding(
            source: Property(rows.selection, \.element).map { $0?.title }, destination: Property(detail, \.title),
            triggers: .standard)
        list.tap(1)
        #expect(detail.title == "Ada")
        list.reloadRows()  // the list reloads and clears its selection: the rows show it again
        #expect(list.selectedRowIndices == [1])
        showSelected.invalidate()
    }

    @Test func aListThatSelectsOneRowKeepsOneIdOfSeveralWrittenByCode() throws {
        let playlist = Playlist()
        let list = SelectingList(allowsMultipleSelection: false)
        let rows = TableRows(list, id: \Song.id, cell: SimpleCell.self) { _, _ in [] }
        let showSongs = Binding(source: Property(playlist, \.songs), destination: rows)
        playlist.songs = [a, b, c]
        showSongs.update()
        #expect(throws: ListSelectionError.multipleSelectionNotAllowed(["1", "2"])) {
            try rows.selection.select([1, 2])
        }
        #expect(rows.selection.ids.isEmpty)
        rows.selection.ids = [2, 3]
        #expect(rows.selection.ids == [2])
        #expect(list.selectedRowIndices == [1])
    }
}

extension Song {
    var initial: String { String(title.prefix(1)) }
}
