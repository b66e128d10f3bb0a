import Foundation
import PropertyBinding
import Testing

// The snippets of the "Writing a custom trigger" article
// (PropertyBinding.docc/WritingACustomTrigger.md); the article quotes them verbatim
// (scripts/docs checks it).

/// A store of the app's own that tells its subscribers when its count changes.
private final class CounterStore {
    private var subscribers: [UUID: () -> Void] = [:]

    var count = 0 {
        didSet { for notify in subscribers.values { notify() } }
    }

    var subscriberCount: Int { subscribers.count }

    func subscribe(_ notify: @escaping () -> Void) -> UUID {
        let id = UUID()
        subscribers[id] = notify
        return id
    }

    func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }
}

/// Fires its binding each time the store's count changes.
private final class CounterStoreTrigger: Trigger {
    weak var delegate: (any TriggerDelegate)?
    private weak var store: CounterStore?
    private var subscription: UUID?

    init(_ store: CounterStore) {
        self.store = store
    }

    func startObserving() {
        guard subscription == nil, let store else { return }
        subscription = store.subscribe { [weak self] in
            guard let self else { return }
            self.delegate?.triggerDidFire(self)
        }
    }

    func stopObserving() {
        if let subscription { store?.unsubscribe(subscription) }
        subscription = nil
    }
}

private final class CountLabel {
    var text = ""
}

@Suite(.routesDefaultErrors) struct WritingACustomTriggerSnippetTests {
    @Test func theTriggerFiresItsBindingAndStopsWithIt() {
        // snippet: use
        let store = CounterStore()
        let label = CountLabel()
        let bindings = BindingSet()

        let showCount = Binding(
            source: Property(store, \.count).map { "\($0) items" }, destination: Property(label, \.text))
        showCount.addTrigger(CounterStoreTrigger(store))  // subscribes
        bindings.add(showCount)

        store.count = 3  // label.text == "3 items"
        bindings.removeAll()  // unsubscribes
        store.count = 4  // label.text stays "3 items"
        // end snippet
        #expect(label.text == "3 items")
        #expect(store.subscriberCount == 0)
        #expect(!showCount.isValid)
    }

    @Test func aRegistryMakesTheTrigger() throws {
        let store = CounterStore()
        let label = CountLabel()
        // snippet: registry
        let registry = TriggerRegistry(copying: .standard)
        registry.register(\CounterStore.count) { store in [CounterStoreTrigger(store)] }

        let showCount = try registry.bind(
            source: Property(store, \.count).map { "\($0) items" }, destination: Property(label, \.text))
        store.count = 2  // label.text == "2 items"
        // end snippet
        #expect(label.text == "2 items")
        #expect(showCount.triggers.first is CounterStoreTrigger)
        #expect(store.subscriberCount == 1)
        showCount.invalidate()
        #expect(store.subscriberCount == 0)
    }

    @Test func removingTheTriggerUnsubscribes() {
        let store = CounterStore()
        let label = CountLabel()
        let showCount = Binding(source: Property(store, \.count).map { "\($0)" }, destination: Property(label, \.text))
        let trigger = CounterStoreTrigger(store)
        showCount.addTrigger(trigger)
        showCount.addTrigger(trigger)
        #expect(store.subscriberCount == 1)
        store.count = 1
        #expect(label.text == "1")
        showCount.removeTrigger(trigger)
        #expect(store.subscriberCount == 0)
        store.count = 2
        #expect(label.text == "1")
    }

    @Test func aTriggerDoesNotKeepItsStoreAlive() {
        let label = CountLabel()
        var store: CounterStore? = CounterStore()
        weak let released = store
        let trigger = CounterStoreTrigger(store!)
        let showCount = Binding(source: Property(store!, \.count).map { "\($0)" }, destination: Property(label, \.text))
        showCount.addTrigger(trigger)
        store = nil
        #expect(released == nil)
        #expect(showCount.update().failure?.error as? PropertyError != nil)
        showCount.invalidate()
    }

    @Test func theSmallestTriggerIsFiredByHand() {
        let label = CountLabel()
        let store = CounterStore()
        let showCount = Binding(source: Property(store, \.count).map { "\($0)" }, destination: Property(label, \.text))
        let trigger = ManualTrigger()
        showCount.addTrigger(trigger)
        store.count = 5
        trigger.fire()
        #expect(label.text == "5")
    }
}
