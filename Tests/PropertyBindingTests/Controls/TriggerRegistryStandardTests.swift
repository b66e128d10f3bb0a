import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// What `TriggerRegistry.standard` knows of the library's controls, on each control's class and on
// a subclass, and the docs that list it: the list below is the one both the "Choosing a trigger"
// article and `TriggerRegistry`'s doc comment must show, no more, no less.

private final class MyTextField: TextField {}
private final class MyStepper: Stepper {}
private class MySwitch: Switch {}
private final class MyOwnSwitch: MySwitch {}
private final class MySlider: Slider {}
private final class MySegmentedControl: SegmentedControl {}
private final class MyDatePicker: DatePicker {}
private final class MyLabel: Label {}
private final class MyButton: Button {}
private final class MyTableView: TableView {}

/// A model property of any type.
private final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A data source of `count` empty rows.
private final class RowCount: TableViewDataSource {
    let count: Int
    init(_ count: Int) { self.count = count }
    func numberOfRows(in tableView: TableView) -> Int { count }
    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
        tableView.dequeueReusableCell(TableViewCell.self)
    }
}

extension TableView {
    /// A table of `dataSource`'s rows, loaded.
    fileprivate convenience init(dataSource: RowCount) {
        self.init()
        self.dataSource = dataSource
        reloadData()
    }
}

/// Binds `keyPath` of `control` to a model with `triggers: .standard`, changes it with `act` (as
/// the user does), and expects one ``TargetActionTrigger`` for `events` and the model to follow.
private func expectFollows<Root: Control, Value: Equatable>(
    _ control: Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>, _ events: ControlEvents,
    sourceLocation: SourceLocation = #_sourceLocation, act: (Root) -> Void
) throws {
    let model = Box(control[keyPath: keyPath])
    let binding = try Binding(
        source: Property(control, keyPath), destination: Property(model, \.value), triggers: .standard)
    #expect(binding.triggers.map { ($0 as? TargetActionTrigger)?.events } == [events], sourceLocation: sourceLocation)
    let before = control[keyPath: keyPath]
    act(control)
    #expect(control[keyPath: keyPath] != before, "the act changes the control", sourceLocation: sourceLocation)
    #expect(model.value == control[keyPath: keyPath], "\(keyPath)", sourceLocation: sourceLocation)
}

/// One key path of a control that the standard registry knows.
struct KnownControlKeyPath: Sendable, CustomTestStringConvertible {
    /// As the docs write it: `Switch.isOn`.
    let name: String
    /// The events of its trigger.
    let events: ControlEvents
    /// Expects a `.standard` binding from the key path, on the control's class and on a subclass,
    /// to follow the control.
    let expectFollowsOnClassAndSubclass: @Sendable (ControlEvents) throws -> Void

    init(_ name: String, _ events: ControlEvents, _ check: @escaping @Sendable (ControlEvents) throws -> Void) {
        self.name = name
        self.events = events
        self.expectFollowsOnClassAndSubclass = check
    }

    var testDescription: String { name }
}

@Suite struct TriggerRegistryStandardTests {
    /// Everything `.standard` knows of the controls.
    static let known: [KnownControlKeyPath] = [
        KnownControlKeyPath("TextField.text", .editingChanged) { events in
            try expectFollows(TextField(), \.text, events) { $0.simulateTyping("Ann") }
            try expectFollows(MyTextField(), \.text, events) { $0.simulateTyping("Ann") }
        },
        KnownControlKeyPath("Stepper.value", .valueChanged) { events in
            try expectFollows(Stepper(value: 1), \.value, events) { $0.simulateIncrement() }
            try expectFollows(MyStepper(value: 1), \.value, events) { $0.simulateIncrement() }
        },
        KnownControlKeyPath("Stepper.intValue", .valueChanged) { events in
            try expectFollows(Stepper(value: 1), \.intValue, events) { $0.simulateDecrement() }
            try expectFollows(MyStepper(value: 1), \.intValue, events) { $0.simulateDecrement() }
        },
        KnownControlKeyPath("Switch.isOn", .valueChanged) { events in
            try expectFollows(Switch(), \.isOn, events) { $0.simulateToggle() }
            try expectFollows(MySwitch(), \.isOn, events) { $0.simulateToggle() }
            try expectFollows(MyOwnSwitch(), \.isOn, events) { $0.simulateToggle() }
        },
        KnownControlKeyPath("Slider.value", .valueChanged) { events in
            try expectFollows(Slider(), \.value, events) { $0.simulateSlide(to: 0.8) }
            try expectFollows(MySlider(), \.value, events) { $0.simulateSlide(to: 0.8) }
        },
        KnownControlKeyPath("SegmentedControl.selectedSegmentIndex", .valueChanged) { events in
            try expectFollows(SegmentedControl(segments: ["a", "b"]), \.selectedSegmentIndex, events) {
                $0.simulateSelection(1)
            }
            try expectFollows(MySegmentedControl(segments: ["a", "b"]), \.selectedSegmentIndex, events) {
                $0.simulateSelection(1)
            }
        },
        KnownControlKeyPath("DatePicker.date", .valueChanged) { events in
            let (epoch, nextDay) = (Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 86_400))
            try expectFollows(DatePicker(date: epoch), \.date, events) { $0.simulatePick(nextDay) }
            try expectFollows(MyDatePicker(date: epoch), \.date, events) { $0.simulatePick(nextDay) }
        },
        KnownControlKeyPath("TableView.selectedRow", .valueChanged) { events in
            let rows = RowCount(3)
            try withExtendedLifetime(rows) {
                try expectFollows(TableView(dataSource: rows), \.selectedRow, events) { $0.simulateRowSelection(2) }
                try expectFollows(MyTableView(dataSource: rows), \.selectedRow, events) { $0.simulateRowSelection(2) }
            }
        },
        KnownControlKeyPath("Label.text", .valueChanged) { events in
            // Only code changes a label's text, and the label announces it.
            try expectFollows(Label(), \.text, events) { $0.text = "Total" }
            try expectFollows(MyLabel(), \.text, events) { $0.text = "Total" }
        },
    ]

    @Test(arguments: known)
    func aStandardBindingFollowsTheControlAndItsSubclass(_ keyPath: KnownControlKeyPath) throws {
        try keyPath.expectFollowsOnClassAndSubclass(keyPath.events)
    }

    @Test func aKeyPathWrittenOnASuperclassOfTheObjectIsKnownToo() throws {
        let toggle = MyOwnSwitch()
        try expectFollows(toggle as Switch, \.isOn, .valueChanged) { $0.simulateToggle() }
        try expectFollows(toggle as MySwitch, \.isOn, .valueChanged) { $0.simulateToggle() }
        let field = MyTextField()
        try expectFollows(field as TextField, \.text, .editingChanged) { $0.simulateTyping("Ann") }
    }

    @Test func otherKeyPathsOfAControlOrItsSubclassAreRefused() {
        let registry = TriggerRegistry.standard
        #expect(!registry.hasTriggers(for: Property(MyTextField(), \.placeholder)))
        #expect(!registry.hasTriggers(for: Property(MyStepper(), \.stepValue)))
        #expect(!registry.hasTriggers(for: ReadOnlyProperty(MySlider(), \.maximumValue)))
        #expect(!registry.hasTriggers(for: ReadOnlyProperty(MySegmentedControl(segments: []), \.segments)))
        #expect(!registry.hasTriggers(for: ReadOnlyProperty(MyTableView(), \.numberOfRows)))
        for button in [Button(), MyButton()] {
            #expect(!registry.hasTriggers(for: Property(button, \.title)))
            #expect(!registry.hasTriggers(for: Property(button, \.isEnabled)))
        }
        #expect(!registry.hasTriggers(for: Property(MyButton(), \.title)))
        #expect(!registry.hasTriggers(for: Property(MyButton(), \.isEnabled)))
    }

    @Test func aButtonsTapIsATriggerOnTheClassAndASubclass() {
        for button in [Button(title: "Save"), MyButton(title: "Save")] {
            let field = TextField(text: "Ann")
            let model = Box("")
            let store = Binding(source: Property(field, \.text), destination: Property(model, \.value))
            store.addTrigger(TargetActionTrigger(control: button, events: .primaryActionTriggered))
            button.simulateTap()
            #expect(model.value == "Ann")
        }
    }
}

// MARK: The docs list exactly what is known

extension TriggerRegistryStandardTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The library's control classes, as the docs name them.
    private static let controls: Set = [
        "Control", "TextField", "Stepper", "Switch", "Slider", "SegmentedControl", "DatePicker", "Label", "Button",
        "TableView",
    ]

    /// The control key paths named in `text`, as `` `Switch.isOn` ``.
    private static func controlKeyPaths(in text: Substring) -> [String] {
        text.matches(of: /`(\w+)\.(\w+)`/).filter { controls.contains(String($0.output.1)) }
            .map { "\($0.output.1).\($0.output.2)" }
    }

    /// From the line that starts with `start` to the first line after it that starts with `end`.
    private static func section(of text: String, from start: String, to end: String) throws -> Substring {
        let begin = try #require(text.range(of: "\n" + start))
        let finish = text.range(of: "\n" + end, range: begin.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        return text[begin.upperBound..<finish]
    }

    @Test func theChoosingATriggerArticleTablesExactlyWhatIsKnown() throws {
        let article = try Self.read("Sources/PropertyBinding/PropertyBinding.docc/ChoosingATrigger.md")
        let section = try Self.section(of: article, from: "### Let the registry choose", to: "### ")
        // Each row: the key paths, then the events of their trigger.
        var documented: [String: String] = [:]
        for row in section.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|")
            let events = try #require(cells.dropFirst().first?.firstMatch(of: /`(\.\w+)`/)?.output.1)
            for name in Self.controlKeyPaths(in: cells[0]) { documented[name] = "[\(events)]" }
        }
        let known = Dictionary(uniqueKeysWithValues: Self.known.map { ($0.name, $0.events.description) })
        #expect(documented == known)
        #expect(Set(Self.controlKeyPaths(in: section)) == Set(known.keys), "no other control key path in the section")
    }

    @Test func theRegistrysDocCommentListsExactlyWhatIsKnown() throws {
        let source = try Self.read("Sources/PropertyBindingControls/Control.swift")
        let comment = try Self.section(
            of: source, from: "    /// The triggers that announce `keyPath`", to: "    open func makeTriggers")
        #expect(Set(Self.controlKeyPaths(in: comment)) == Set(Self.known.map(\.name)))
    }
}
