import Foundation
import Observation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// The model of the leak tests' form: announces its changes by key path and by notification.
final class LeakPerson: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    let center: NotificationCenter
    var name = "" {
        didSet {
            didChange(\.name)
            center.post(name: .leakPersonDidChange, object: self)
        }
    }
    var age = 0 { didSet { didChange(\.age) } }

    init(center: NotificationCenter) {
        self.center = center
    }
}

/// A second model, observed through Swift Observation.
@Observable final class LeakScore {
    var points = 0
}

/// The app's own delegate of the name field, which a delegate proxy must forward to and let go.
final class LeakFieldDelegate: TextFieldDelegate {
    var endedEditing = 0
    func textFieldDidEndEditing(_ textField: TextField) { endedEditing += 1 }
}

/// A read-only view of the form.
final class LeakLabel {
    var text = ""
}

extension Notification.Name {
    static let leakPersonDidChange = Notification.Name("LeakTests.personDidChange")
}

/// Weak references to what a form registered (observer tokens, delegate proxies), taken while it
/// is alive, to check after teardown that whoever held them let them go.
final class Registrations {
    private struct Entry {
        weak var object: AnyObject?
        let name: String
    }

    private var entries: [Entry] = []

    /// Records every object stored in `owner`'s properties named `label`, at any depth of its
    /// stored state (found by reflection: the library keeps them private), under `name`.
    func record(_ label: String, of owner: Any, as name: String) {
        var found: [AnyObject] = []
        Self.collect(label, in: Mirror(reflecting: owner), depth: 0, into: &found)
        entries += found.map { Entry(object: $0, name: name) }
    }

    /// Records `object` itself under `name`.
    func record(object: AnyObject, as name: String) {
        entries.append(Entry(object: object, name: name))
    }

    private static func collect(_ label: String, in mirror: Mirror, depth: Int, into found: inout [AnyObject]) {
        guard depth < 6 else { return }
        for child in mirror.children {
            guard let value = unwrap(child.value) else { continue }
            if child.label == label {
                found.append(value as AnyObject)
            } else {
                collect(label, in: Mirror(reflecting: value), depth: depth + 1, into: &found)
            }
        }
        if let superclass = mirror.superclassMirror {
            collect(label, in: superclass, depth: depth + 1, into: &found)
        }
    }

    private static func unwrap(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map(\.value)
    }

    var count: Int { entries.count }

    /// The names of the recorded objects still alive.
    var alive: [String] { entries.filter { $0.object != nil }.map(\.name) }
}

/// A form with a binding for each trigger kind that watches an object (notification, key path,
/// target-action, delegation, Observation), and the objects it binds.
struct LeakForm {
    let person: LeakPerson
    let score: LeakScore
    let nameField: TextField
    let ageStepper: Stepper
    let greeting: LeakLabel
    let scoreLabel: LeakLabel
    let echo: LeakLabel
    let bindings: BindingSet
    var triggers: [any Trigger]
    /// Where the observable model is changed, and its updates run.
    let queue: DispatchQueue

    /// The names the models and views are tracked by.
    static let objectNames = [
        "model", "observable model", "name field", "age stepper", "greeting label", "score label", "echo label",
    ]

    /// Builds the form on `center`, tracking every object in `tracker` and the observer tokens
    /// in `registrations`.
    init(center: NotificationFixture, tracker: LeakTracker, registrations: Registrations) {
        person = tracker.track(LeakPerson(center: center), "model")
        score = tracker.track(LeakScore(), "observable model")
        nameField = tracker.track(TextField(), "name field")
        ageStepper = tracker.track(Stepper(value: 0, minimumValue: 0, maximumValue: 150), "age stepper")
        greeting = tracker.track(LeakLabel(), "greeting label")
        scoreLabel = tracker.track(LeakLabel(), "score label")
        echo = tracker.track(LeakLabel(), "echo label")
        bindings = tracker.track(BindingSet(), "binding set")
        queue = DispatchQueue(label: "LeakTests.model")

        // NotificationTrigger: model → label.
        let notification = center.trigger(for: .leakPersonDidChange, from: person)
        let greet = Binding(
            source: Property(person, \.name).map { "Hello, \($0)" }, destination: Property(greeting, \.text))
        greet.addTrigger(notification)
        // The center's observer is shared by every trigger of the center and name; what each
        // trigger registers is the trigger itself, held weakly there.
        registrations.record(object: notification, as: "notification trigger")

        // TargetActionTrigger: view → model.
        let typing = TargetActionTrigger(control: nameField, events: .editingChanged)
        let storeName = Binding(source: Property(nameField, \.text), destination: Property(person, \.name))
        storeName.addTrigger(typing)

        // KeyPathTrigger (model → view) and TargetActionTrigger (view → model), as a two-way pair.
        let ageChanged = KeyPathTrigger(person, \.age)
        let stepped = TargetActionTrigger(control: ageStepper, events: .valueChanged)
        let age = TwoWayBinding(
            "age", model: Property(person, \.age),
            form: Property(ageStepper, \.value).map {
                Int($0)
            } reverse: {
                Double($0)
            },
            modelTriggers: [ageChanged], formTriggers: [stepped])

        // ObservationTrigger: observable model → label, delivered on `queue`.
        let observed = ObservationTrigger(score, \.points, queue: queue)
        let showScore = Binding(
            source: Property(score, \.points).map { "\($0) points" }, destination: Property(scoreLabel, \.text))
        showScore.addTrigger(observed)

        // DelegationTrigger: view → view, when editing ends, through a delegate proxy.
        let endedEditing = DelegationTrigger(textField: nameField, callbacks: [.textFieldDidEndEditing])
        let echoName = Binding(source: Property(nameField, \.text), destination: Property(echo, \.text))
        echoName.addTrigger(endedEditing)
        tracker.track(endedEditing.proxy, "delegate proxy")

        triggers = [notification, typing, ageChanged, stepped, observed, endedEditing]
        for trigger in triggers { tracker.track(trigger, "\(type(of: trigger))") }
        for binding in [greet, storeName, showScore, echoName] + age.bindings {
            tracker.track(binding, "binding \(binding.label ?? "")")
            bindings.add(binding)
        }
        tracker.track(age, "two-way binding")
        center.track(bindings)
    }

    /// Uses every binding once, and checks each trigger was live.
    func exercise() {
        nameField.simulateTyping("Ann")
        #expect(person.name == "Ann")
        #expect(greeting.text == "Hello, Ann")
        person.age = 41
        #expect(ageStepper.value == 41)
        ageStepper.simulateIncrement()
        #expect(person.age == 42)
        queue.sync { score.points = 7 }
        queue.sync {}  // the observation's delivery has run
        #expect(scoreLabel.text == "7 points")
        nameField.endEditing()
        #expect(echo.text == "Ann")
    }

    /// Whether every trigger stopped observing.
    var observesNothing: Bool {
        person.keyPathObservers.count == 0 && nameField.actionCount() == 0 && ageStepper.actionCount() == 0
            && nameField.delegateSlot.proxyCount == 0
    }
}

@Suite struct LeakTests {
    @Test func releasingAFormWithEveryTriggerKindReleasesEverything() {
        let center = NotificationFixture()
        let registrations = Registrations()
        let ownDelegate = LeakFieldDelegate()
        let leaks = LeakTracker.leaks { tracker in
            let form = LeakForm(center: center, tracker: tracker, registrations: registrations)
            form.nameField.delegate = ownDelegate
            #expect(center.observerCount() == 1)
            form.exercise()
            #expect(ownDelegate.endedEditing == 1)
        }
        #expect(leaks.isEmpty, "still alive: \(leaks)")
        #expect(registrations.count == 1)
        #expect(registrations.alive.isEmpty, "the center still holds: \(registrations.alive)")
        #expect(center.observerCount() == 0)
    }

    @Test func removeAllStopsEveryTriggerWhileTheModelAndViewsLiveOn() {
        let center = NotificationFixture()
        let registrations = Registrations()
        var survivors: LeakForm?
        let leaks = LeakTracker.leaks { tracker in
            let form = LeakForm(center: center, tracker: tracker, registrations: registrations)
            form.exercise()
            form.bindings.removeAll()
            #expect(form.observesNothing)
            #expect(center.observerCount() == 0)
            #expect(form.triggers.allSatisfy { $0.delegate == nil })
            var objects = form
            objects.triggers = []  // keep the models, views and the set; let go of the triggers
            survivors = objects
        }
        // The form (its models, views, and the emptied set) is kept by the test; everything of
        // the binding layer is gone: bindings, triggers, observers, proxies.
        #expect(leaks == LeakForm.objectNames + ["binding set"])
        #expect(registrations.alive.isEmpty)
        let form = survivors!
        #expect(form.observesNothing)
        // A change after teardown reaches nothing.
        form.person.name = "Bob"
        form.nameField.simulateTyping("Cy")
        form.nameField.endEditing()
        form.person.age = 10
        form.queue.sync { form.score.points = 8 }
        form.queue.sync {}
        #expect(form.greeting.text == "Hello, Ann")
        #expect(form.person.name == "Bob")
        #expect(form.echo.text == "Ann")
        #expect(form.ageStepper.value == 42)
        #expect(form.scoreLabel.text == "7 points")
    }

    @Test func releasingTheModelAndViewsFirstDoesNotKeepThemAliveThroughTheBindings() {
        let center = NotificationFixture()
        let registrations = Registrations()
        var bindings: BindingSet?
        let objects = LeakTracker.leaks { tracker in
            let form = LeakForm(center: center, tracker: tracker, registrations: registrations)
            form.exercise()
            bindings = form.bindings
        }
        // The set is kept by the test: it holds the bindings and triggers, never the objects.
        #expect(Set(objects).isDisjoint(with: LeakForm.objectNames), "kept alive by the bindings: \(objects)")
        let set = bindings!
        set.onError = { _ in }
        // Every update now ends its binding with a dead-object error instead of crashing (the
        // other direction of a two-way pair ends with the first).
        let results = set.bindings.map { $0.update() }
        #expect(
            results.allSatisfy {
                ($0.failure?.error as? PropertyError).map(Self.isDeallocated) ?? ($0.description == "invalidated")
            })
        #expect(results.contains { $0.failure != nil })
        #expect(set.count == 0)
        set.removeAll()
        #expect(center.observerCount() == 0)
        #expect(registrations.alive.isEmpty)
        withExtendedLifetime(set) {}
    }

    private static func isDeallocated(_ error: PropertyError) -> Bool {
        if case .objectDeallocated = error { return true }
        return false
    }
}
