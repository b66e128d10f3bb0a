import PropertyBinding
import PropertyBindingControls

/// A cell that counts how often it was prepared for reuse.
final class CountingCell: TableViewCell {
    private(set) var prepareCount = 0

    override func prepareForReuse() {
        super.prepareForReuse()
        prepareCount += 1
    }
}

/// A cell of another class, which a pool never hands out for a ``CountingCell``.
final class OtherCell: TableViewCell {}

/// A data source over a list of names that records what its table asks and tells: the rows it
/// made cells for, the cells that ended displaying, and every cell it ever handed out.
final class NamesSource: TableViewDataSource {
    /// One `didEndDisplaying` call: the text the cell showed and the row it was given for.
    struct Ended: Equatable, CustomStringConvertible {
        let text: String
        let row: Int
        var description: String { "\(text)@\(row)" }
    }

    var names: [String]
    /// The class of the cells made, `CountingCell` unless a test says otherwise.
    var cellClass: TableViewCell.Type = CountingCell.self
    private(set) var cellRequests: [Int] = []
    private(set) var ended: [Ended] = []
    /// Every cell handed out, held so that an identity never names two cells.
    private var handedOut: [ObjectIdentifier: TableViewCell] = [:]

    init(_ names: [String]) {
        self.names = names
    }

    /// `count` names, "0", "1", ….
    convenience init(count: Int) {
        self.init((0..<count).map(String.init))
    }

    /// How many different cells the source handed out: the cells the table made.
    var cellsMade: Int { handedOut.count }

    /// Forgets the requests and the ends recorded so far.
    func forget() {
        cellRequests = []
        ended = []
    }

    func numberOfRows(in tableView: TableView) -> Int { names.count }

    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
        cellRequests.append(row)
        let cell = tableView.dequeueReusableCell(cellClass)
        cell.text = names[row]
        handedOut[ObjectIdentifier(cell)] = cell
        return cell
    }

    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt row: Int) {
        ended.append(Ended(text: cell.text, row: row))
    }
}
