import Foundation
import PropertyBinding
import PropertyBindingControls

/// Records what a `TableView` receives: every batch applied (deletes, inserts, moves, reloads),
/// every sectioned batch, and every `reloadData()`, in order.
///
/// ```swift
/// let recorder = TableViewRecorder(table)
/// try table.performBatchUpdates { batch in
///     list.names.insert("Dee", at: 0)
///     batch.insertRows(at: [0])
/// }
/// recorder.inserted                                    // [0]
/// recorder.batches == [TableViewBatch(inserts: [0])]   // true
/// recorder.reloadCount                                 // 0
/// ```
///
/// Every check is a plain value, for `#expect` or `XCTAssert` alike. The recorder installs
/// itself in the table's `TableView.onBatch` and `TableView.onReloadData` and calls the handlers
/// that were there before, so several recorders (or a handler of yours set before) all see every
/// change. A refused batch is not recorded: it changed nothing.
///
/// The table keeps the recorder alive; the recorder does not hold the table.
public final class TableViewRecorder: @unchecked Sendable {
    /// One change the table received: a batch, or a reload of everything.
    public enum Change: Equatable, Sendable, CustomStringConvertible {
        /// A batch applied by `TableView.performBatchUpdates(_:)`.
        case batch(TableViewBatch)
        /// A call of `TableView.reloadData()`.
        case reloadData
        /// A sectioned batch applied by `TableView.performSectionBatch(_:)`.
        case sectionBatch(SectionedListChanges)

        /// The batch's description, or `"reloadData"`.
        public var description: String {
            switch self {
            case .batch(let batch): batch.description
            case .sectionBatch(let changes): changes.description
            case .reloadData: "reloadData"
            }
        }
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var _changes: [Change] = []

    /// Starts recording `table`'s batches and reloads.
    ///
    /// ```swift
    /// let recorder = TableViewRecorder(table)
    /// ```
    public init(_ table: TableView) {
        let previousBatch = table.onBatch
        table.onBatch = { batch in
            self.record(.batch(batch))
            previousBatch?(batch)
        }
        let previousSectionBatch = table.onSectionBatch
        table.onSectionBatch = { changes in
            self.record(.sectionBatch(changes))
            previousSectionBatch?(changes)
        }
        let previousReload = table.onReloadData
        table.onReloadData = {
            self.record(.reloadData)
            previousReload?()
        }
    }

    private func record(_ change: Change) {
        lock.withLock { _changes.append(change) }
    }

    // MARK: What was recorded

    /// Every batch and reload since recording started, oldest first.
    ///
    /// ```swift
    /// recorder.changes.map(\.description)   // ["reloadData", "delete [2]"]
    /// ```
    public var changes: [Change] { lock.withLock { _changes } }

    /// Every batch applied since recording started, oldest first.
    ///
    /// ```swift
    /// recorder.batches.last?.description   // "delete [2], insert [0]"
    /// ```
    public var batches: [TableViewBatch] {
        changes.compactMap { change in
            if case .batch(let batch) = change { batch } else { nil }
        }
    }

    /// Every sectioned batch applied since recording started, oldest first.
    ///
    /// ```swift
    /// recorder.sectionBatches.last?.sections.inserts   // [0]: a section inserted first
    /// ```
    public var sectionBatches: [SectionedListChanges] {
        changes.compactMap { change in
            if case .sectionBatch(let changes) = change { changes } else { nil }
        }
    }

    /// How many times the table reloaded everything since recording started.
    ///
    /// ```swift
    /// table.reloadData()
    /// recorder.reloadCount   // 1
    /// ```
    public var reloadCount: Int { changes.count { $0 == .reloadData } }

    /// The rows inserted, batch after batch, each as its batch gave them (indices after it).
    ///
    /// ```swift
    /// recorder.inserted   // [0]
    /// ```
    public var inserted: [Int] { batches.flatMap(\.inserts) }

    /// The rows deleted, batch after batch, each as its batch gave them (indices before it).
    ///
    /// ```swift
    /// recorder.deleted   // [2]
    /// ```
    public var deleted: [Int] { batches.flatMap(\.deletes) }

    /// The rows moved, batch after batch.
    ///
    /// ```swift
    /// recorder.moved   // [TableViewMove(from: 0, to: 3)]
    /// ```
    public var moved: [TableViewMove] { batches.flatMap(\.moves) }

    /// The rows reloaded, batch after batch, each as its batch gave them (indices before it).
    ///
    /// ```swift
    /// recorder.reloaded   // [5]
    /// ```
    public var reloaded: [Int] { batches.flatMap(\.reloads) }

    /// The changes the table received while `action` ran.
    ///
    /// ```swift
    /// let changes = recorder.changes { model.people.remove(at: 2) }
    /// #expect(changes == [.batch(TableViewBatch(deletes: [2]))])
    /// ```
    public func changes(during action: () throws -> Void) rethrows -> [Change] {
        let start = lock.withLock { _changes.count }
        try action()
        return lock.withLock { Array(_changes[min(start, _changes.count)...]) }
    }

    /// Forgets what was recorded; recording goes on.
    ///
    /// ```swift
    /// recorder.removeAll()
    /// recorder.changes.isEmpty   // true
    /// ```
    public func removeAll() {
        lock.withLock { _changes.removeAll() }
    }
}
