import PropertyBinding

/// A reusable row of a ``TableView``, as a `UITableViewCell`: a main text and a detail text.
/// Subclass it for cells of your own.
///
/// ```swift
/// final class PersonCell: TableViewCell {
///     var avatar = ""
///     override func prepareForReuse() {
///         super.prepareForReuse()   // text and detailText are reset
///         avatar = ""
///     }
/// }
/// let cell = table.dequeueReusableCell(PersonCell.self)
/// cell.text = "Ann"
/// cell.detailText = "42"
/// ```
///
/// A table never makes more cells than it shows: a cell that stops showing its row goes to the
/// table's reuse pool, and ``TableView/dequeueReusableCell(_:)`` hands it out again, after
/// ``prepareForReuse()``, for another row. A subclass creates its cells with `init()`, so a
/// subclass that declares an initializer of its own also provides `required init()`.
open class TableViewCell {
    // `final`, as `TextField.text` is: a key path to it then prints as `\TableViewCell.text` in
    // failures and graphs, not `\TableViewCell.<computed String>`.

    /// The main text, as a `UITableViewCell`'s `textLabel`.
    ///
    /// ```swift
    /// cell.text = person.name
    /// ```
    public final var text: String = ""

    /// The secondary text, as a `UITableViewCell`'s `detailTextLabel`.
    ///
    /// ```swift
    /// cell.detailText = "\(person.age)"
    /// ```
    public final var detailText: String = ""

    /// The row the cell shows now, nil while it is in the reuse pool (or not yet shown).
    ///
    /// ```swift
    /// table.cellForRow(at: 3)?.row   // 3
    /// ```
    public internal(set) var row: Int?

    /// Whether the cell waits in its table's reuse pool.
    var isInReusePool = false

    /// Creates an empty cell; a table calls it when its pool has no cell of the class asked for.
    ///
    /// ```swift
    /// let cell = TableViewCell()
    /// ```
    public required init() {}

    /// Called before the cell is reused for another row, by ``TableView/dequeueReusableCell(_:)``;
    /// resets ``text`` and ``detailText``. Call `super` when you override it.
    ///
    /// ```swift
    /// override func prepareForReuse() {
    ///     super.prepareForReuse()
    ///     avatar = ""
    /// }
    /// ```
    open func prepareForReuse() {
        text = ""
        detailText = ""
    }
}
