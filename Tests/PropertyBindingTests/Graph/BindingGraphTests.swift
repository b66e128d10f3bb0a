import Foundation
import PropertyBinding
import PropertyBindingTesting
import Testing

extension BindingGraphTests {
    final class Person { var name = ""; var age = 0 }
    final class Field { var text = "" }

    /// A form of two fields on one person, fired by hand: name and age, both ways.
    struct Fixture {
        let person = Person()
        let nameField = Field()
        let ageField = Field()
        let ageTyped = TestTrigger()
        let form: BindingForm

        init() {
            let (person, nameField, ageField, ageTyped) = (person, nameField, ageField, ageTyped)
            form = BindingForm {
                TwoWayBinding("name", model: Property(person, \.name), form: Property(nameField, \.text))
                TwoWayBinding(
                    "age", model: Property(person, \.age),
                    form: StringToNumberTransformer<Int>(
                        property: Property(ageField, \.text), formatter: NumberFormatter()),
                    formTriggers: [ageTyped])
            }
            form.onError = { _ in }
        }

        /// The form after "forty" was typed into the age field: its form → model side failed.
        static func withFailedAge() -> Fixture {
            let fixture = Fixture()
            fixture.ageField.text = "forty"
            fixture.ageTyped.fire()
            return fixture
        }
    }
}

@Suite struct BindingGraphTests {
    @Test func aFormHasANodePerPropertyAndAnEdgePerDirection() {
        let fixture = Fixture()
        let graph = fixture.form.graph
        #expect(
            graph.nodes.map(\.name) == ["\\Person.name", "\\Field.text [name]", "\\Person.age", "\\Field.text [age]"])
        #expect(graph.nodes.map(\.id) == ["n0", "n1", "n2", "n3"])
        #expect(graph.edges.map(\.label) == ["name", "name", "age", "age"])
        #expect(graph.edges.map(\.direction) == [.modelToForm, .formToModel, .modelToForm, .formToModel])
        #expect(graph.edges.map { "\($0.source)->\($0.destination)" } == ["n0->n1", "n1->n0", "n2->n3", "n3->n2"])
        #expect(graph.edges.map(\.triggers) == [[], [], [], ["TestTrigger"]])
        #expect(graph[node: "n3"]?.name == "\\Field.text [age]")
    }

    @Test func edgesCarryCountsAndTheLastError() {
        let fixture = Fixture.withFailedAge()
        var age = fixture.form.graph.edges[3]
        #expect(age.lastError == "\"forty\" is not a number")
        #expect(age.counts == UpdateCounts(written: 0, skipped: 0, failed: 1))

        fixture.ageField.text = "43"
        fixture.ageTyped.fire()
        age = fixture.form.graph.edges[3]
        #expect(age.lastError == nil)
        #expect(age.counts == UpdateCounts(written: 1, skipped: 0, failed: 1))
        #expect(fixture.form.graph.edges[2].counts.written == 1)  // the form showed the model on creation
    }

    @Test func aPropertyBoundTwiceIsOneNode() {
        let person = Person()
        let (first, second) = (Field(), Field())
        let set = BindingSet()
        set.add(
            Binding(source: Property(person, \.name), destination: Property(first, \.text)),
            Binding(source: Property(person, \.name), destination: Property(second, \.text)))
        let graph = set.graph
        #expect(graph.nodes.map(\.name) == ["\\Person.name", "\\Field.text #1", "\\Field.text #2"])
        #expect(graph.edges.map(\.source) == ["n0", "n0"])
        #expect(graph.edges.map(\.direction) == [.oneWay, .oneWay])
    }

    @Test func anInvalidatedFormStaysInTheGraphGrey() {
        let fixture = Fixture()
        fixture.form.invalidate()
        let graph = fixture.form.graph
        #expect(graph.edges.map(\.isValid) == [false, false, false, false])
        #expect(graph.edges[3].triggers.isEmpty)
        #expect(
            graph.dot.contains(
                "n3 -> n2 [label=\"age · form → model\\nno trigger\\nwritten 0 · skipped 0 · failed 0\", style=dashed, color=gray, fontcolor=gray];"
            ))
        #expect(graph.mermaid.hasSuffix("    linkStyle 3 stroke:gray\n"))
    }

    @Test func dotDrawsNodesAndLabelledArrows() {
        let fixture = Fixture.withFailedAge()
        #expect(
            fixture.form.graph.dot == #"""
                digraph bindings {
                    rankdir=LR;
                    node [shape=box, style=rounded, fontname="Helvetica"];
                    edge [fontname="Helvetica", fontsize=10];
                    n0 [label="\\Person.name"];
                    n1 [label="\\Field.text [name]"];
                    n2 [label="\\Person.age"];
                    n3 [label="\\Field.text [age]"];
                    n0 -> n1 [label="name · model → form\nno trigger\nwritten 0 · skipped 1 · failed 0"];
                    n1 -> n0 [label="name · form → model\nno trigger\nwritten 0 · skipped 0 · failed 0", style=dashed];
                    n2 -> n3 [label="age · model → form\nno trigger\nwritten 1 · skipped 0 · failed 0"];
                    n3 -> n2 [label="age · form → model\nTestTrigger\nwritten 0 · skipped 0 · failed 1\nerror: \"forty\" is not a number", style=dashed, color=red, fontcolor=red];
                }

                """#)
    }

    @Test func mermaidDrawsTheSameGraph() {
        let fixture = Fixture.withFailedAge()
        #expect(
            fixture.form.graph.mermaid == #"""
                flowchart LR
                    n0["\Person.name"]
                    n1["\Field.text [name]"]
                    n2["\Person.age"]
                    n3["\Field.text [age]"]
                    n0 -->|"name · model → form<br/>no trigger<br/>written 0 · skipped 1 · failed 0"| n1
                    n1 -.->|"name · form → model<br/>no trigger<br/>written 0 · skipped 0 · failed 0"| n0
                    n2 -->|"age · model → form<br/>no trigger<br/>written 1 · skipped 0 · failed 0"| n3
                    n3 -.->|"age · form → model<br/>TestTrigger<br/>written 0 · skipped 0 · failed 1<br/>error: #quot;forty#quot; is not a number"| n2
                    linkStyle 3 stroke:red

                """#)
    }
}
