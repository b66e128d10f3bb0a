import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

// The snippets of SeeingWhatIsBound.md, verbatim between the markers.

extension SeeingWhatIsBoundSnippetTests {
    final class Person { var age = 0 }
    final class TextField { var text = "" }
}

@Suite struct SeeingWhatIsBoundSnippetTests {
    @Test func aSetDescribesItsBindings() {
        let person = Person()
        let ageField = TextField()
        let ageTyped = TestTrigger()

        // snippet: describe
        let storeAge = Binding(
            source: StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: NumberFormatter()),
            destination: Property(person, \.age))
        storeAge.label = "age"
        storeAge.addTrigger(ageTyped)
        let bindings = BindingSet()
        bindings.add(storeAge)
        bindings.onError = { _ in }

        ageField.text = "42"
        ageTyped.fire()
        ageField.text = "forty"
        ageTyped.fire()

        let graph = bindings.graph
        let edge = graph.edges[0]
        #expect(graph[node: edge.source]?.name == "\\TextField.text")
        #expect(graph[node: edge.destination]?.name == "\\Person.age")
        #expect(edge.direction == .oneWay && edge.triggers == ["TestTrigger"])
        #expect(edge.counts == UpdateCounts(written: 1, skipped: 0, failed: 1))
        #expect(edge.lastError == "\"forty\" is not a number")
        // end snippet

        #expect(storeAge.updateCounts == edge.counts)
    }
}
