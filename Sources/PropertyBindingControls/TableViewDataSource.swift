import PropertyBinding

/// What a ``TableView`` asks for its rows, as a `UITableViewDataSource`: how many, and a cell
/// for each visible one; and what it tells when a cell stops showing its row.
///
/// ```swift
/// final class PeopleList: TableViewDataSource {
///     var people: [Person] = []
///     func numberOfRows(in tableView: TableView) -> Int { people.count }
///     func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
///         let cell = tableView.dequeueReusableCell(TableViewCell.self)
///         cell.text = people[row].name
///         return cell
///     }
/// }
/// ```
///
/// The table asks only for the rows it shows (``TableView/visibleRows``), when they appear.
public protocol TableViewDataSource: AnyObject {
    /// The number of rows the table has now.
    ///
    /// ```swift
    /// func numberOfRows(in tableView: TableView) -> Int { people.count }
    /// ```
    func numberOfRows(in tableView: TableView) -> Int

    /// The cell for `row`, usually `tableView.dequeueReusableCell(YourCell.self)` configured for
    /// it: a cell from the table's reuse pool, or a new one.
    ///
    /// ```swift
    /// func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
    ///     let cell = tableView.dequeueReusableCell(PersonCell.self)
    ///     cell.text = people[row].name
    ///     return cell
    /// }
    /// ```
    ///
    /// Return a cell that no other row shows: a table refuses (traps on) a cell it shows
    /// elsewhere.
    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell

    /// The cell stops showing `row` (deleted, scrolled out, reloaded, the table reloaded): unbind
    /// it here. The cell then goes to the reuse pool. Does nothing by default.
    ///
    /// ```swift
    /// func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt row: Int) {
    ///     rowBindings[ObjectIdentifier(cell)] = nil
    /// }
    /// ```
    ///
    /// `row` is the row the cell showed until now: during a batch, its index before the batch.
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt row: Int)
}

extension TableViewDataSource {
    /// Does nothing: a data source whose cells hold no binding needs no cleanup.
    ///
    /// ```swift
    /// final class Names: TableViewDataSource { … }   // no didEndDisplaying needed
    /// ```
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt row: Int) {}
}
