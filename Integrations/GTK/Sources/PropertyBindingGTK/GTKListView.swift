import CGTK
import CGTKShims
import Foundation
import PropertyBinding

/// A `GtkListView` over a `GListStore`, whose rows ``TableRows`` drives: a ``RowListView``.
///
/// ```swift
/// let list = GTKListView()
/// let rows = TableRows(list, id: \Member.id, cell: GTKLabelCell.self) { cell, member in
///     [try Binding(source: Property(member, \.name), destination: Property(cell.label, \.text), triggers: .standard)
///         .updatingNow()]
/// }
/// let showMembers = try Binding(source: Property(people, \.members), destination: rows, triggers: .standard)
/// ```
///
/// The store holds one placeholder `GObject` per row; a `GtkSignalListItemFactory` makes a cell
/// of the source's ``RowSource/cellType`` (a ``GTKListCell``) at `setup`, asks the source to bind
/// it at `bind` and to unbind it at `unbind`, so only the rows GTK shows have bindings. A batch
/// is one `g_list_store_splice` over the rows it changes: moved and unchanged rows keep their
/// item (GTK keeps their widget), deleted rows' items go (their cells are unbound), inserted and
/// reloaded rows get new items (their cells are bound to the new element).
public final class GTKListView: GTKWidget, GTKWidgetWrapping, RowListView, @unchecked Sendable {
    /// `gtk_list_view_get_type()`.
    public static var widgetType: GType { gtk_list_view_get_type() }

    private weak var source: (any RowSource)?
    /// The list's store; the selection model holds it, and so does this wrapper.
    private let store: OpaquePointer
    /// The store's items, one per row, in order (the store holds them).
    private var items: [UnsafeMutableRawPointer] = []
    /// The row each bound cell was bound to, by the cell's identity.
    private var boundRows: [ObjectIdentifier: Int] = [:]
    /// The source told that GTK makes rows (``RowSource/listWillMakeRows()``), until the main
    /// loop is idle again: GTK binds cells inside its layout, which must not splice the store.
    private weak var passSource: (any RowSource)?
    /// Whether GTK is making rows now (a pass begun and not yet ended at idle).
    private var isMakingRows = false
    /// Batches that reached the list while GTK made rows (for tests: none, with a source that
    /// holds them).
    private(set) var batchesWhileMakingRows = 0
    /// Whether a reload asked for off the main thread waits on the main queue. Guarded by
    /// `reloadLock`.
    private var reloadQueued = false
    private let reloadLock = StateLock()

    /// Makes a new wrapper of `widget`, a `GtkListView` whose model and factory it replaces.
    public required override init(adopting widget: UnsafeMutablePointer<GtkWidget>) {
        store = g_list_store_new(placeholderType)
        super.init(adopting: widget)
        // The selection model takes a reference to the store; this wrapper keeps its own.
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(store))))
        gtk_list_view_set_model(widget.opaque, selection)
        g_object_unref(UnsafeMutableRawPointer(selection))
        let factory = gtk_signal_list_item_factory_new()!
        let me = Unmanaged.passUnretained(self).toOpaque()
        let factoryInstance = UnsafeMutableRawPointer(factory)
        for (signal, handler) in [
            ("setup", setUpItem), ("bind", bindItem), ("unbind", unbindItem), ("teardown", tearDownItem),
        ] {
            _ = g_signal_connect_data(
                factoryInstance, signal, unsafeBitCast(handler, to: GCallback.self), me, nil, GConnectFlags(rawValue: 0)
            )
        }
        gtk_list_view_set_factory(widget.opaque, factory)
        g_object_unref(factoryInstance)
    }

    /// Makes a new, empty `GtkListView` (floating until added to a parent).
    public convenience init() {
        self.init(adopting: GTKMainLoop.made(gtk_list_view_new(nil, nil)))
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(store))
    }

    /// The number of rows the store holds.
    public var rowCount: Int { items.count }

    /// The number of cells bound to a row now: the rows GTK shows (for tests).
    public var boundCellCount: Int { boundRows.count }

    // MARK: RowListView

    /// Shows the rows of `source` (held weakly) from now on, all of them anew; nil shows none.
    public func setRowSource(_ source: (any RowSource)?) {
        self.source = source
        reloadRows()
    }

    /// Shows every row anew: every item is replaced, so GTK unbinds each cell shown and binds
    /// the rows again. Called on another thread, the reload is queued on the main queue (once,
    /// however many calls come before it runs) and shows the rows as they are then.
    public func reloadRows() {
        guard isMainThread else {
            let queue = reloadLock.withLock {
                defer { reloadQueued = true }
                return !reloadQueued
            }
            guard queue else { return }
            DispatchQueue.main.async { [weak self] in
                guard let self else { return }
                reloadLock.withLock { reloadQueued = false }
                reloadRows()
            }
            return
        }
        let count = source?.numberOfRows ?? 0
        splice(from: 0, removing: items.count, inserting: (0..<count).map { _ in makeItem() })
    }

    /// Applies `changes` as one splice of the store. On another thread (rows changed there, by a
    /// binding not delivered on `.main`) GTK is not called: the list is reloaded whole on the
    /// main queue instead (``reloadRows()``).
    ///
    /// - Throws: ``GTKListViewError/inconsistentBatch(_:oldCount:newCount:)`` when the batch does
    ///   not fit the rows; nothing is applied then.
    public func performRowBatch(_ changes: ListChanges) throws {
        guard isMainThread else { return reloadRows() }
        if isMakingRows { batchesWhileMakingRows += 1 }
        let newCount = source?.numberOfRows ?? 0
        guard changes.isValid(oldCount: items.count, newCount: newCount) else {
            throw GTKListViewError.inconsistentBatch(changes, oldCount: items.count, newCount: newCount)
        }
        // Rows that stay or move keep their item; inserted and reloaded rows take a new one.
        let kept = changes.applied(
            to: items.map { Optional($0) }, inserting: [UnsafeMutableRawPointer?](repeating: nil, count: newCount))
        // Splice only the span that changes: the rows before and after it keep their place.
        var prefix = 0
        while prefix < min(items.count, kept.count), kept[prefix] == items[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(items.count, kept.count) - prefix,
            kept[kept.count - 1 - suffix] == items[items.count - 1 - suffix]
        {
            suffix += 1
        }
        // A moved row's item goes out of the store and back in: held across the splice.
        let added = kept[prefix..<(kept.count - suffix)].map { item in item.map { g_object_ref($0)! } ?? makeItem() }
        splice(from: prefix, removing: items.count - prefix - suffix, inserting: added)
    }

    // MARK: The store

    /// A new placeholder item, owned by the caller.
    private func makeItem() -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(g_object_new_with_properties(placeholderType, 0, nil, nil)!)
    }

    /// Replaces `removing` items from `start` with `inserting` (owned by the caller, released
    /// here), in one `items-changed`.
    private func splice(from start: Int, removing: Int, inserting: [UnsafeMutableRawPointer]) {
        items.replaceSubrange(start..<(start + removing), with: inserting)
        var additions = inserting.map { Optional($0) }
        additions.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(store, guint(start), guint(removing), buffer.baseAddress, guint(buffer.count))
        }
        // The store holds each item now.
        for item in inserting { g_object_unref(item) }
    }

    // MARK: The factory

    fileprivate func setUp(_ listItem: OpaquePointer) {
        // A cell class the list cannot make: a plain label cell, which the rows refuse and report
        // (`TableRowsError.cellOfWrongType`), rather than a row never bound and never reported.
        guard let source else { return }
        let cellType = source.cellType as? any GTKListCell.Type ?? GTKLabelCell.self
        let cell = cellType.init()
        g_object_set_data_full(
            UnsafeMutableRawPointer(listItem).assumingMemoryBound(to: GObject.self), cellKey,
            Unmanaged.passRetained(cell as AnyObject).toOpaque()
        ) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
        gtk_list_item_set_child(listItem, cell.widget)
    }

    fileprivate func bind(_ listItem: OpaquePointer) {
        guard let cell = Self.cell(of: listItem) else { return }
        let row = Int(gtk_list_item_get_position(listItem))
        boundRows[ObjectIdentifier(cell)] = row
        beginMakingRows()
        source?.bind(cell, toRow: row)
    }

    /// Tells the source, at the first row GTK binds in a layout, that GTK makes rows until the
    /// main loop is idle again: a batch a row's `bind` closure causes waits until then.
    private func beginMakingRows() {
        guard !isMakingRows, let source else { return }
        isMakingRows = true
        passSource = source
        source.listWillMakeRows()
        let end = Unmanaged.passRetained(PassEnd(self)).toOpaque()
        _ = g_idle_add_full(G_PRIORITY_HIGH_IDLE, endMakingRowsAtIdle, end, nil)
    }

    /// Ends the pass ``beginMakingRows()`` began: the source shows what it held.
    fileprivate func endMakingRows() {
        guard isMakingRows else { return }
        isMakingRows = false
        let source = passSource
        passSource = nil
        source?.listDidMakeRows()
    }

    fileprivate func unbind(_ listItem: OpaquePointer) {
        guard let cell = Self.cell(of: listItem),
            let row = boundRows.removeValue(forKey: ObjectIdentifier(cell))
        else { return }
        source?.unbind(cell, fromRow: row)
    }

    fileprivate func tearDown(_ listItem: OpaquePointer) {
        unbind(listItem)
        g_object_set_data(UnsafeMutableRawPointer(listItem).assumingMemoryBound(to: GObject.self), cellKey, nil)
    }

    private static func cell(of listItem: OpaquePointer) -> AnyObject? {
        guard
            let data = g_object_get_data(
                UnsafeMutableRawPointer(listItem).assumingMemoryBound(to: GObject.self), cellKey)
        else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue()
    }

    /// The names of its key paths, for messages: `\GTKListView.rowCount`.
    override public class var keyPathNames: [AnyKeyPath: String] {
        names(GTKListView.self, [\.rowCount: "rowCount", \.boundCellCount: "boundCellCount"])
    }
}

/// Why a ``GTKListView`` refused a batch.
public enum GTKListViewError: Error, Equatable {
    /// The batch does not turn `oldCount` rows into `newCount`.
    case inconsistentBatch(ListChanges, oldCount: Int, newCount: Int)
}

/// The GObject data key under which a list item holds its cell.
private let cellKey = "property-binding-gtk-cell"

/// `G_TYPE_OBJECT`, a macro Swift cannot import: the items are plain GObjects.
private let placeholderType: GType = g_type_from_name("GObject")

/// The factory's signal handlers: `(GtkSignalListItemFactory *, GtkListItem *, gpointer list)`.
private typealias FactoryHandler =
    @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?
    ) -> Void

/// The list whose pass of making rows ends at idle, held weakly: a list destroyed meanwhile
/// ends nothing.
private final class PassEnd {
    weak var list: GTKListView?

    init(_ list: GTKListView) {
        self.list = list
    }
}

/// The idle handler that ends a list's pass of making rows, once.
private let endMakingRowsAtIdle: GSourceFunc = { data in
    let end = Unmanaged<PassEnd>.fromOpaque(data!).takeRetainedValue()
    end.list?.endMakingRows()
    return 0  // G_SOURCE_REMOVE
}

private func list(_ data: UnsafeMutableRawPointer?) -> GTKListView {
    Unmanaged<GTKListView>.fromOpaque(data!).takeUnretainedValue()
}

private let setUpItem: FactoryHandler = { _, item, data in list(data).setUp(item!) }
private let bindItem: FactoryHandler = { _, item, data in list(data).bind(item!) }
private let unbindItem: FactoryHandler = { _, item, data in list(data).unbind(item!) }
private let tearDownItem: FactoryHandler = { _, item, data in list(data).tearDown(item!) }
