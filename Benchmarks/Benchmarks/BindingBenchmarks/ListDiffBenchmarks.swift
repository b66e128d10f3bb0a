import Benchmark
import PropertyBinding
import PropertyBindingControls

/// A row of a list: an id and a title.
private struct ListRow: Identifiable, Equatable {
    let id: Int
    let title: String
}

/// `count` rows and the same rows with 10% deleted and 10% inserted, spread evenly, as the
/// BindingProfile `diff` scenario makes them.
private func listRows(_ count: Int) -> (old: [ListRow], new: [ListRow]) {
    let old = (0..<count).map { ListRow(id: $0, title: "Row \($0)") }
    var new: [ListRow] = []
    new.reserveCapacity(count)
    for row in old {
        if row.id % 10 != 3 { new.append(row) }
        if row.id % 10 == 7 { new.append(ListRow(id: count + row.id, title: "New row \(row.id)")) }
    }
    return (old, new)
}

/// The list diff (issue 28): one `ListDiff.changes` of 10,000, 100,000 and 1,000,000 rows, and the
/// standard library's `difference(from:)` of 10,000 (at 100,000 it takes seconds per iteration).
/// The figures are per row.
func registerListDiffBenchmarks() {
    for count in [10_000, 100_000, 1_000_000] {
        let configuration = scaleConfiguration(maxIterations: count >= 1_000_000 ? 5 : nil)
        Benchmark("List diff of \(count): binding", configuration: configuration) { benchmark in
            let (old, new) = listRows(count)
            benchmark.startMeasurement()
            let changes = ListDiff.changes(from: old, to: new)
            benchmark.stopMeasurement()
            precondition(changes.deletes.count == count / 10 && changes.inserts.count == count / 10)
        }
    }
    // Sections (issue 35): the same rows and change in sections of 100 rows, by
    // `SectionedListDiff`; "List diff of N: binding" above is its baseline.
    for count in [10_000, 100_000, 1_000_000] {
        let configuration = scaleConfiguration(maxIterations: count >= 1_000_000 ? 5 : nil)
        Benchmark("Sectioned list diff of \(count) in sections of 100: binding", configuration: configuration) {
            benchmark in
            let (old, new) = listRows(count)
            func sectioned(_ rows: [ListRow]) -> [ListSection<Int, ListRow>] {
                var sections: [ListSection<Int, ListRow>] = []
                for row in rows {
                    let section = (row.id < count ? row.id : row.id - count) / 100
                    if sections.last?.id != section { sections.append(ListSection(id: section, rows: [])) }
                    sections[sections.count - 1].rows.append(row)
                }
                return sections
            }
            let (oldSections, newSections) = (sectioned(old), sectioned(new))
            benchmark.startMeasurement()
            let changes = SectionedListDiff.changes(from: oldSections, to: newSections)
            benchmark.stopMeasurement()
            precondition(changes.deletes.count == count / 10 && changes.inserts.count == count / 10)
        }
    }
    Benchmark("List diff of 10000: stdlib difference", configuration: scaleConfiguration()) { benchmark in
        let (old, new) = listRows(10_000)
        benchmark.startMeasurement()
        let difference = new.difference(from: old)
        benchmark.stopMeasurement()
        precondition(difference.removals.count == 1_000 && difference.insertions.count == 1_000)
    }
}
