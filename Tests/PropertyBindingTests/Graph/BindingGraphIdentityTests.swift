import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// A graph's nodes are properties told apart by identity, never by the text they print.
@Suite struct BindingGraphIdentityTests {
    final class Model { var count = 0; var rows: [Int] = [] }
    final class Screen { var shown = 0 }

    @Test func twoSettersWithTwoTargetsAreTwoNodes() {
        let model = Model()
        let (first, second) = (Screen(), Screen())
        let set = BindingSet()
        set.add(
            Binding(source: Property(model, \.count), destination: Setter(first) { $0.shown = $1 }),
            Binding(source: Property(model, \.count), destination: Setter(second) { $0.shown = $1 }))
        let graph = set.graph
        #expect(graph.nodes.count == 3)
        #expect(Set(graph.edges.map(\.destination)).count == 2)
        #expect(graph.nodes.map(\.name) == ["\\Model.count", "Setter(Screen) #1", "Setter(Screen) #2"])
    }

    @Test func oneSetterInTwoBindingsIsOneNode() {
        let (model, other) = (Model(), Model())
        let screen = Screen()  // a setter is told apart by its target, while it lives
        let setter = Setter(screen) { $0.shown = $1 }
        let set = BindingSet()
        set.add(
            Binding(source: Property(model, \.count), destination: setter),
            Binding(source: Property(other, \.count), destination: setter))
        #expect(set.graph.edges.map(\.destination) == ["n1", "n1"])
    }

    @Test func twoTablesOfOneElementTypeAreTwoNodes() {
        let model = Model()
        let (left, right) = (TableView(visibleRowCount: 5), TableView(visibleRowCount: 5))
        let set = BindingSet()
        set.add(
            Binding(
                source: Property(model, \.rows),
                destination: TableRows(left, id: \.self, cell: TableViewCell.self) { _, _ in [] }),
            Binding(
                source: Property(model, \.rows),
                destination: TableRows(right, id: \.self, cell: TableViewCell.self) { _, _ in [] }))
        let graph = set.graph
        #expect(graph.nodes.count == 3)
        #expect(graph.edges.map(\.destination) == ["n1", "n2"])
    }

    @Test func thePropertiesOfTwoDeadObjectsAreTwoNodes() {
        let screen = Screen()
        let set = BindingSet()
        var first: Model? = Model()
        var second: Model? = Model()
        set.add(
            Binding(source: Property(first!, \.count), destination: Property(screen, \.shown)),
            Binding(source: Property(second!, \.count), destination: Property(screen, \.shown)))
        (first, second) = (nil, nil)
        let graph = set.graph
        #expect(graph.edges.map(\.source) == ["n0", "n2"])
        #expect(graph.edges.map(\.destination) == ["n1", "n1"])
    }

    @Test func twoDeadObjectsMadeOneAfterTheOtherAreTwoNodes() {
        let screen = Screen()
        let set = BindingSet()
        for _ in 0..<2 {
            let model = Model()  // likely at the address the previous one had
            set.add(Binding(source: Property(model, \.count), destination: Property(screen, \.shown)))
        }
        #expect(set.graph.edges.map(\.source) == ["n0", "n2"])
    }
}
