import CGTK

/// A cell of a ``GTKListView``: an object the list makes with `init()` for each row widget GTK
/// sets up, whose ``widget`` is the row's child. ``TableRows`` binds it to an element.
///
/// ```swift
/// final class PersonCell: GTKListCell {
///     let name = GTKLabel()
///     var widget: UnsafeMutablePointer<GtkWidget> { name.widget! }
/// }
/// ```
///
/// The list item holds the cell from GTK's `setup` to its `teardown`. The rows' cell class must
/// conform: for rows of another class the list makes a ``GTKLabelCell``, which the rows leave
/// unbound and report (`TableRowsError.cellOfWrongType` in `TableRows.lastRowError`).
public protocol GTKListCell: AnyObject {
    /// Makes a cell, with its widget.
    init()

    /// The widget the row shows.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
}

/// A cell that shows one line of text in a ``GTKLabel``.
///
/// ```swift
/// let rows = TableRows(list, id: \.id, cell: GTKLabelCell.self) { cell, member in
///     [try Binding(source: Property(member, \.name), destination: Property(cell.label, \.text), triggers: .standard)
///         .updatingNow()]
/// }
/// ```
public final class GTKLabelCell: GTKListCell {
    /// The label the row shows.
    public let label: GTKLabel

    /// Makes a cell with an empty, start-aligned label.
    public init() {
        label = GTKLabel()
        gtk_widget_set_halign(label.widget!, GTK_ALIGN_START)
    }

    /// The label's widget.
    public var widget: UnsafeMutablePointer<GtkWidget> { label.widget! }
}
