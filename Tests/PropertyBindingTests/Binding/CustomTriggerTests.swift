import PropertyBinding
import PropertyBindingTesting
import Testing

/// A manual event source of the app's own, and a trigger over it: 16 lines in all.
private final class EventSource {
    var handlers: [Int: () -> Void] = [:]
    func emit() { for handler in handlers.values { handler() } }
}

private final class EventTrigger: Trigger {
    weak var delegate: (any TriggerDelegate)?
    private weak var source: EventSource?
    private var id: Int?
    init(_ source: EventSource) { self.source = source }
    func startObserving() {
        id = Int.random(in: 0..<Int.max)
        source?.handlers[id!] = { [weak self] in if let self { self.delegate?.triggerDidFire(self) } }
    }
    func stopObserving() { id.map { source?.handlers[$0] = nil }; id = nil }
}

private final class EventModel {
    var count = 0
}

private final class EventCountLabel {
    var text = ""
}

@Suite struct CustomTriggerTests {
    @Test func aTriggerOfYourOwnWorksWithBindingsSetsAndRecorders() {
        let source = EventSource()
        let model = EventModel()
        let label = EventCountLabel()
        let bindings = BindingSet()
        let showCount = Binding(source: Property(model, \.count).map { "\($0)" }, destination: Property(label, \.text))
        showCount.addTrigger(EventTrigger(source))
        bindings.add(showCount)
        let recorder = BindingRecorder(showCount)

        model.count = 3
        #expect(recorder.destination(holds: "3") { source.emit() })
        #expect(source.handlers.count == 1)
        bindings.removeAll()
        #expect(source.handlers.isEmpty)
        model.count = 4
        #expect(recorder.producesNoUpdate { source.emit() })
    }
}
