/// What a ``BindingSet`` or a ``BindingForm`` holds, as a graph: the properties are nodes,
/// each binding an edge from its source to its destination, with its triggers, its direction,
/// its last error and how many updates it wrote and skipped.
///
/// Cocoa Bindings answers `infoForBinding:`; this answers it for a whole screen, and draws it:
/// ``dot`` is Graphviz input, ``mermaid`` renders in Markdown on GitHub.
///
/// ```swift
/// let graph = form.graph
/// for edge in graph.edges {
///     print(edge.label ?? "", edge.direction, edge.triggers, edge.counts)
/// }
/// print(graph.dot)                                // dot -Tsvg > form.svg
/// ```
///
/// A graph is a snapshot: it does not change when the bindings update later. Take it outside
/// updates: it reads each binding's ``AnyBinding/updateCounts``.
public struct BindingGraph: Sendable, Hashable {
    /// A property that bindings read or write.
    public struct Node: Sendable, Hashable {
        /// A stable identifier within the graph (`n0`, `n1`, …), in order of first appearance.
        public let id: String
        /// The property as text (`\TextField.text`), followed by the label of a binding that
        /// uses it (`\TextField.text [age]`) when another node would read the same or the key
        /// path does not print its name (`\Person.<computed Int> [age]`).
        public let name: String
    }

    /// Which way a binding carries values.
    public enum Direction: String, Sendable, Hashable, CustomStringConvertible {
        /// A plain ``Binding``.
        case oneWay = "one-way"
        /// The model → form direction of a ``TwoWayBinding``.
        case modelToForm = "model → form"
        /// The form → model direction of a ``TwoWayBinding``.
        case formToModel = "form → model"

        /// `one-way`, `model → form` or `form → model`.
        public var description: String { rawValue }
    }

    /// A binding: what it reads, what it writes, what fires it and what it did.
    public struct Edge: Sendable, Hashable {
        /// The binding's ``AnyBinding/label``.
        public let label: String?
        /// The ``Node/id`` of the property the binding reads.
        public let source: String
        /// The ``Node/id`` of the property the binding writes.
        public let destination: String
        /// The triggers that fire the binding, by type (`KeyPathTrigger`), or by description for a
        /// trigger that is `CustomStringConvertible`.
        public let triggers: [String]
        /// Which way it carries values.
        public let direction: Direction
        /// The error of its latest failed update, until an update succeeds.
        public let lastError: String?
        /// How many updates it wrote, skipped and failed.
        public let counts: UpdateCounts
        /// Whether it still updates (it has not been invalidated).
        public let isValid: Bool
    }

    /// The properties, in order of first appearance.
    public let nodes: [Node]
    /// The bindings, in the order given: one edge each, or one from each source for a binding
    /// that reads a ``CombinedProperty``.
    public let edges: [Edge]

    /// Describes `bindings`: a property read or written by several of them is one node. Nodes
    /// are told apart by identity, never by text: the same key path of two objects (alive or
    /// gone), two ``Setter``s or two ``TableRows`` of one element type are two nodes.
    ///
    /// ```swift
    /// let graph = BindingGraph(form.bindings.bindings + screen.bindings)
    /// ```
    public init(_ bindings: [AnyBinding]) {
        var builder = Builder()
        edges = bindings.flatMap { builder.edges(for: $0) }
        nodes = builder.nodes()
    }

    /// The node with identifier `id`.
    public subscript(node id: String) -> Node? {
        nodes.first { $0.id == id }
    }
}

extension BindingSet {
    /// What the set holds: its bindings and the properties they bind.
    public var graph: BindingGraph { BindingGraph(bindings) }
}

extension BindingForm {
    /// What the form holds: each field's two directions and the properties they bind, also
    /// after ``invalidate()`` (then every edge is invalid).
    public var graph: BindingGraph { BindingGraph(fields.flatMap(\.bindings)) }
}

extension BindingGraph {
    /// Collects the nodes while the edges are made, so that a property bound twice is one node.
    private struct Builder {
        /// Per node, in order: its identity, its text, and the label of a binding that uses it.
        private var found: [(key: Key, text: String, label: String?)] = []

        /// What a node is found by: the property's identity, or, for a property that tells none,
        /// the binding and the property's place in it (it is then a node of its own).
        private enum Key: Hashable {
            case property(NodeIdentity)
            case unidentified(binding: ObjectIdentifier, place: String)
        }

        /// The binding's edge, or, when it reads a ``CombinedProperty``, one edge from each source.
        mutating func edges(for binding: AnyBinding) -> [Edge] {
            let label = binding.label
            let (sources, destination, direction): ([String], String, Direction)
            let id = ObjectIdentifier(binding)
            if let described = binding as? any DescribedBinding {
                let read = PropertyOrigin.combinedSources(of: described.sourceProperty) ?? [described.sourceProperty]
                sources = read.enumerated().map { index, source in
                    node(for: source, place: .unidentified(binding: id, place: "source \(index)"), label: label)
                }
                destination = node(
                    for: described.destinationProperty, place: .unidentified(binding: id, place: "destination"),
                    label: label)
                direction = described.direction
            } else {
                sources = [node(key: .unidentified(binding: id, place: "source 0"), text: "source", label: label)]
                destination = node(
                    key: .unidentified(binding: id, place: "destination"), text: "destination", label: label)
                direction = .oneWay
            }
            let triggers = binding.triggers.map(Self.name(of:))
            let lastError = binding.lastError.map { String(describing: $0.error) }
            let (counts, isValid) = (binding.updateCounts, binding.isValid)
            return sources.map { source in
                Edge(
                    label: label, source: source, destination: destination, triggers: triggers, direction: direction,
                    lastError: lastError, counts: counts, isValid: isValid)
            }
        }

        /// The node of `property`, found by its identity behind the transformers (the same text
        /// field behind two transformers is one node; two text fields, two setters, two tables or
        /// the properties of two objects that are gone are two), else by `place`.
        private mutating func node(for property: any ReadableProperty, place: Key, label: String?) -> String {
            let key = NodeIdentity.of(property).map(Key.property) ?? place
            return node(key: key, text: String(describing: property), label: label)
        }

        private mutating func node(key: Key, text: String, label: String?) -> String {
            if let index = found.firstIndex(where: { $0.key == key }) {
                if found[index].label == nil { found[index].label = label }
                return "n\(index)"
            }
            found.append((key, text, label))
            return "n\(found.count - 1)"
        }

        /// The nodes, each name made unique: by a label when the text alone is unclear, then by
        /// a number.
        func nodes() -> [Node] {
            let labelled = found.enumerated().map { index, node in
                // A computed key path prints as `\Person.<computed Int>`: the label says which.
                let unclear =
                    node.text.contains("<computed")
                    || found.indices.contains { $0 != index && found[$0].text == node.text }
                return unclear ? node.label.map { "\(node.text) [\($0)]" } ?? node.text : node.text
            }
            var seen: [String: Int] = [:]
            return labelled.enumerated().map { index, name in
                guard labelled.filter({ $0 == name }).count > 1 else { return Node(id: "n\(index)", name: name) }
                seen[name, default: 0] += 1
                return Node(id: "n\(index)", name: "\(name) #\(seen[name]!)")
            }
        }

        static func name(of trigger: any Trigger) -> String {
            if let described = trigger as? any CustomStringConvertible { return described.description }
            let type = String(describing: Swift.type(of: trigger))
            return String(type.prefix { $0 != "<" })
        }
    }
}
