extension BindingGraph {
    /// The graph in Graphviz's DOT language, left to right: a property per box, a binding per
    /// arrow labelled with its name, direction, triggers and counts. Form → model arrows are
    /// dashed, failing bindings red, invalidated ones grey. Any label parses: line breaks of
    /// every kind are `\n`, control characters their pictures, and `\`, `"` and `&` are escaped
    /// (<doc:SeeingWhatIsBound>).
    ///
    /// ```swift
    /// print(form.graph.dot)                           // swift run PersonForm --graph | dot -Tsvg > form.svg
    /// ```
    public var dot: String {
        var lines = [
            "digraph bindings {",
            "    rankdir=LR;",
            "    node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for node in nodes {
            lines.append("    \(node.id) [label=\"\(LabelEscaping.dot(node.name))\"];")
        }
        for edge in edges {
            var attributes = ["label=\"\(edge.captionLines.map(LabelEscaping.dot).joined(separator: "\\n"))\""]
            if edge.direction == .formToModel { attributes.append("style=dashed") }
            if !edge.isValid {
                attributes.append("color=gray, fontcolor=gray")
            } else if edge.lastError != nil {
                attributes.append("color=red, fontcolor=red")
            }
            lines.append("    \(edge.source) -> \(edge.destination) [\(attributes.joined(separator: ", "))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as a Mermaid flowchart, left to right, for Markdown that renders Mermaid
    /// (GitHub does): form → model arrows are dotted, failing bindings red, invalidated ones grey.
    /// Any label parses: line breaks of every kind are `<br/>`, control characters their
    /// pictures, and what Mermaid reads as markup is an entity code (<doc:SeeingWhatIsBound>).
    ///
    /// ````swift
    /// print("```mermaid\n\(form.graph.mermaid)```")
    /// ````
    public var mermaid: String {
        var lines = ["flowchart LR"]
        for node in nodes {
            lines.append("    \(node.id)[\"\(LabelEscaping.mermaid(node.name))\"]")
        }
        var styles: [String] = []
        for (index, edge) in edges.enumerated() {
            let caption = edge.captionLines.map(LabelEscaping.mermaid).joined(separator: "<br/>")
            let arrow = edge.direction == .formToModel ? "-.->" : "-->"
            lines.append("    \(edge.source) \(arrow)|\"\(caption)\"| \(edge.destination)")
            if !edge.isValid {
                styles.append("    linkStyle \(index) stroke:gray")
            } else if edge.lastError != nil {
                styles.append("    linkStyle \(index) stroke:red")
            }
        }
        return (lines + styles).joined(separator: "\n") + "\n"
    }
}

extension BindingGraph.Edge {
    /// The text on the arrow: name and direction, triggers, counts, and the error if any.
    var captionLines: [String] {
        var lines = [
            label.map { "\($0) · \(direction)" } ?? direction.description,
            triggers.isEmpty ? "no trigger" : triggers.joined(separator: ", "),
            "written \(counts.written) · skipped \(counts.skipped) · failed \(counts.failed)",
        ]
        if let lastError { lines.append("error: \(lastError)") }
        return lines
    }
}
