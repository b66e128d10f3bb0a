/// One section of a sectioned list: an id that tells it apart from the other sections, and its
/// rows.
///
/// ```swift
/// let sections = [
///     ListSection(id: "A", rows: ["Ann", "Avi"]),
///     ListSection(id: "B", rows: ["Bea"]),
/// ]
/// ```
public struct ListSection<ID: Hashable, Element>: Identifiable {
    /// The section's identity: a section whose id stays is the same section (its rows may change).
    public var id: ID
    /// The section's rows, in order.
    public var rows: [Element]

    /// A section `id` of `rows`.
    ///
    /// ```swift
    /// let section = ListSection(id: "A", rows: ["Ann", "Avi"])
    /// ```
    @inlinable
    public init(id: ID, rows: [Element]) {
        self.id = id
        self.rows = rows
    }
}

extension ListSection: Equatable where Element: Equatable {}
extension ListSection: Hashable where Element: Hashable {}
extension ListSection: Sendable where ID: Sendable, Element: Sendable {}

extension ListSection {
    /// The elements of `elements` grouped into sections by the key at `key`: one section a key,
    /// sorted by key, each section's rows in the order of `elements`. Linear in the elements,
    /// plus sorting the keys.
    ///
    /// ```swift
    /// let people = ["Bea", "Ann", "Bob", "Avi"]
    /// let sections = ListSection.grouped(people, by: \.first!)
    /// // [A: ["Ann", "Avi"], B: ["Bea", "Bob"]]
    /// ```
    public static func grouped(_ elements: [Element], by key: KeyPath<Element, ID>) -> [ListSection]
    where ID: Comparable {
        grouped(elements, by: { $0[keyPath: key] })
    }

    /// The elements of `elements` grouped into sections by the key `key` returns: one section a
    /// key, sorted by key, each section's rows in the order of `elements`.
    ///
    /// ```swift
    /// let sections = ListSection.grouped(people, by: { $0.name.prefix(1).uppercased() })
    /// ```
    public static func grouped(_ elements: [Element], by key: (Element) -> ID) -> [ListSection]
    where ID: Comparable {
        groupedIndexed(elements, by: key).sections
    }

    /// ``grouped(_:by:)-(_,(Element)->ID)``, and where each element went: its index among the
    /// sections' rows end to end.
    @usableFromInline
    static func groupedIndexed(_ elements: [Element], by key: (Element) -> ID) -> (
        sections: [ListSection], flatIndices: [Int]
    ) where ID: Comparable {
        var sectionOfKey: [ID: Int] = [:]
        var sections: [ListSection] = []
        // Each element's section (in the order met) and row.
        var places: [(section: Int, row: Int)] = []
        places.reserveCapacity(elements.count)
        for element in elements {
            let id = key(element)
            if let index = sectionOfKey[id] {
                places.append((index, sections[index].rows.count))
                sections[index].rows.append(element)
            } else {
                sectionOfKey[id] = sections.count
                places.append((sections.count, 0))
                sections.append(ListSection(id: id, rows: [element]))
            }
        }
        let order = sections.indices.sorted { sections[$0].id < sections[$1].id }
        var start = [Int](repeating: 0, count: sections.count)
        var total = 0
        for section in order {
            start[section] = total
            total += sections[section].rows.count
        }
        return (order.map { sections[$0] }, places.map { start[$0.section] + $0.row })
    }
}
