import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

private final class Person {
    var name = ""
    var age = 0
}

private class Boiler {
    var celsius = 20
    var label = ""
}

private final class SmartBoiler: Boiler {}

/// A property that is not made of an object and a key path.
private struct Constant: ReadableProperty {
    func read() throws -> String { "constant" }
}

private final class EventTrigger: Trigger {
    weak var delegate: (any TriggerDelegate)?
    let name: String
    init(_ name: String) { self.name = name }
}

@Suite struct TriggerRegistryTests {
    init() { DefaultErrorRouting.install }

    @Test func theStandardRegistryKnowsTheTextFieldsText() throws {
        let field = TextField()
        let person = Person()
        let storeName = try Binding(
            source: Property(field, \.text), destination: Property(person, \.name), triggers: .standard)
        #expect(storeName.triggers.count == 1)
        #expect((storeName.triggers.first as? TargetActionTrigger)?.events == .editingChanged)
        field.simulateTyping("Ann")
        #expect(person.name == "Ann")
    }

    @Test func inferenceLooksThroughTransformers() throws {
        let field = TextField()
        let person = Person()
        let typedAge = StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: NumberFormatter())
        let storeAge = try TriggerRegistry.standard.bind(
            source: typedAge.map { $0 * 1 }, destination: Property(person, \.age))
        field.simulateTyping("42")
        #expect(person.age == 42)
        let erased = AnyProperty(readOnly: typedAge.validated(by: [.range(0...150)]))
        #expect(try TriggerRegistry.standard.triggers(for: erased).count == 1)
        _ = storeAge
    }

    @Test func theStandardRegistryKnowsSteppersAndObservableTypes() throws {
        let stepper = Stepper(value: 1)
        let person = AnnouncingPerson()
        let player = ObservedPlayer()
        let registry = TriggerRegistry.standard
        #expect(try registry.triggers(for: Property(stepper, \.value)).first is TargetActionTrigger)
        #expect(try registry.triggers(for: Property(stepper, \.intValue)).first is TargetActionTrigger)
        #expect(try registry.triggers(for: Property(person, \.name)).first is KeyPathTrigger)
        #expect(try registry.triggers(for: Property(player, \.score)).first is ObservationTrigger)

        let label = PlainLabel()
        let showName = try registry.bind(source: Property(person, \.name), destination: Property(label, \.text))
        person.name = "Ann"
        #expect(label.text == "Ann")
        _ = showName
    }

    @Test func aPropertyWithNoRegisteredTriggerIsATypedErrorAtBindTime() {
        let person = Person()
        let label = PlainLabel()
        #expect(throws: TriggerRegistryError.noTrigger(root: "Person", keyPath: "\\Person.name")) {
            try Binding(source: Property(person, \.name), destination: Property(label, \.text), triggers: .standard)
        }
        #expect(throws: TriggerRegistryError.noKeyPath(property: "Constant()")) {
            try TriggerRegistry.standard.triggers(for: Constant())
        }
        #expect(!TriggerRegistry.standard.hasTriggers(for: Property(person, \.age)))
        let message = TriggerRegistryError.noTrigger(root: "Person", keyPath: "\\Person.name").description
        #expect(message.contains("\\Person.name") && message.contains("Person"))
    }

    @Test func aDeadSourceIsReportedAtBindTime() {
        var field: TextField? = TextField()
        let property = Property(field!, \.text)
        field = nil
        #expect(throws: PropertyError.objectDeallocated(root: "TextField", keyPath: "\\TextField.text")) {
            try TriggerRegistry.standard.triggers(for: property)
        }
    }

    @Test func registrationsByKeyPathByTypeAndFallbackAreFoundInThatOrder() throws {
        let registry = TriggerRegistry()
        registry.register(\Boiler.celsius) { _ in [EventTrigger("key path")] }
        registry.register(Boiler.self) { _, keyPath in
            keyPath == \Boiler.label ? [EventTrigger("type")] : []
        }
        registry.registerFallback { object, _ in object is Person ? [EventTrigger("fallback")] : [] }

        let boiler = SmartBoiler()  // a subclass finds its superclass's registrations
        func name(_ property: some ReadableProperty) throws -> String? {
            (try registry.triggers(for: property).first as? EventTrigger)?.name
        }
        #expect(try name(Property(boiler as Boiler, \.celsius)) == "key path")
        #expect(try name(Property(boiler as Boiler, \.label)) == "type")
        let person = Person()
        let label = PlainLabel()
        #expect(try name(Property(person, \.age)) == "fallback")
        #expect(throws: TriggerRegistryError.self) { try registry.triggers(for: Property(label, \.text)) }
    }

    @Test func aCopyIsIndependentOfItsOriginal() throws {
        let registry = TriggerRegistry(copying: .standard)
        registry.register(\Person.name) { _ in [EventTrigger("mine")] }
        let person = Person()
        let field = TextField()
        #expect(try registry.triggers(for: Property(person, \.name)).count == 1)
        #expect(!TriggerRegistry.standard.hasTriggers(for: Property(person, \.name)))
        #expect(try registry.triggers(for: Property(field, \.text)).first is TargetActionTrigger)
    }

    @Test func registeringAndLookingUpFromManyThreadsIsSafe() {
        let registry = TriggerRegistry()
        let field = TextField()
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            if index.isMultiple(of: 2) {
                registry.register(\TextField.text) { [TargetActionTrigger(control: $0, events: .editingChanged)] }
            } else {
                let field = TextField()
                _ = registry.hasTriggers(for: Property(field, \.text))
            }
        }
        #expect(registry.hasTriggers(for: Property(field, \.text)))
    }

    @Test func inferredTriggersAreTornDownWithTheBinding() throws {
        let field = TextField()
        let person = Person()
        let bindings = BindingSet()
        bindings.add(
            try TriggerRegistry.standard.bind(source: Property(field, \.text), destination: Property(person, \.name)))
        #expect(field.actionCount() == 1)
        bindings.removeAll()
        #expect(field.actionCount() == 0)
    }
}

private class NameField: TextField {}
private final class RatingStepper: Stepper {}

private class AnnouncingBase: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    var name = "" { didSet { didChange(\.name) } }
    var nickname = "" { didSet { didChange(\.nickname) } }
    var shape = Shape() { didSet { didChange(\.shape) } }
    static let announcedKeyPaths: [AnnouncedKeyPath] = [
        .announced("name", \AnnouncingBase.name), .announced("nickname", \AnnouncingBase.nickname),
        .announced("shape", \AnnouncingBase.shape),
    ]

    /// A value that is not `Equatable`.
    struct Shape { var sides = 0 }
}

private final class AnnouncingSubclass: AnnouncingBase {}

extension TriggerRegistryTests {
    @Test func theStandardRegistryKnowsSubclassesOfItsControls() throws {
        // `\NameField.text` is not equal to `\TextField.text`, yet it names the same property.
        let field = NameField()
        let stepper = RatingStepper(value: 3)
        let person = Person()
        let storeName = try Binding(
            source: Property(field, \.text), destination: Property(person, \.name), triggers: .standard)
        let storeAge = try TriggerRegistry.standard.bind(
            source: Property(stepper, \.intValue), destination: Property(person, \.age))
        #expect(try TriggerRegistry.standard.triggers(for: Property(stepper, \.value)).first is TargetActionTrigger)
        field.simulateTyping("Ann")
        stepper.simulateIncrement()
        #expect(person.name == "Ann" && person.age == 4)
        #expect(throws: TriggerRegistryError.self) {
            try TriggerRegistry.standard.triggers(for: Property(field, \.placeholder))
        }
        _ = (storeName, storeAge)
    }

    @Test func aSubclassOfAKeyPathObservableClassIsAnnouncedOnTheSuperclassKeyPath() throws {
        let person = AnnouncingSubclass()
        let label = PlainLabel()
        // Announced as \AnnouncingBase.name, observed as \AnnouncingSubclass.name: the inferred
        // trigger fires, in the same call stack, for that property only.
        let showName = try TriggerRegistry.standard.bind(
            source: Property(person, \.name), destination: Property(label, \.text))
        let recorder = BindingRecorder(showName)
        person.name = "Ann"
        #expect(label.text == "Ann")
        #expect(recorder.producesNoUpdate { person.nickname = "Annie" })
        #expect(recorder.newValues == ["Ann"])
        // Written on the class that declares the property, it works.
        let showBaseName = try TriggerRegistry.standard.bind(
            source: Property(person as AnnouncingBase, \.name), destination: Property(label, \.text))
        person.name = "Bea"
        #expect(label.text == "Bea")
        _ = (showName, showBaseName)
    }

    @Test func aSubclassKeyPathToAValueThatIsNotEquatableIsRefusedAtBindTime() throws {
        let person = AnnouncingSubclass()
        // Its superclass's announcements could not be told apart: a clear error, not a binding
        // that would never fire.
        let error = #expect(throws: TriggerRegistryError.self) {
            try TriggerRegistry.standard.triggers(for: Property(person, \.shape))
        }
        guard case .announcedOnSuperclass(let root, let keyPath, let superclass)? = error else {
            Issue.record("expected announcedOnSuperclass, got \(String(describing: error))")
            return
        }
        #expect(root == "AnnouncingSubclass" && superclass == "AnnouncingBase")
        #expect(keyPath.hasPrefix("\\AnnouncingSubclass."))
        #expect(error?.description.contains("not Equatable") == true)
        #expect(error?.description.contains("declares the property") == true)
        #expect(!TriggerRegistry.standard.hasTriggers(for: Property(person, \.shape)))
        // On the class that declares it, it is inferred.
        let triggers = try TriggerRegistry.standard.triggers(for: Property(person as AnnouncingBase, \.shape))
        #expect(triggers.first is KeyPathTrigger)
    }
}

/// A model whose debug mirror shows something else than its class, as `CustomReflectable`
/// types may.
private class MirroredBoiler: CustomReflectable {
    var celsius = 20
    var customMirror: Mirror { Mirror(reflecting: "a boiler at \(celsius) °C") }
}

private final class MirroredSmartBoiler: MirroredBoiler {}

extension TriggerRegistryTests {
    @Test func aCustomMirrorDoesNotHideRegistrations() throws {
        let registry = TriggerRegistry()
        registry.register(\MirroredBoiler.celsius) { _ in [EventTrigger("key path")] }
        registry.register(MirroredBoiler.self) { _, _ in [EventTrigger("base type")] }
        registry.register(MirroredSmartBoiler.self) { _, keyPath in
            keyPath == \MirroredSmartBoiler.celsius ? [EventTrigger("subclass type")] : []
        }
        func name(_ property: some ReadableProperty) throws -> String? {
            (try registry.triggers(for: property).first as? EventTrigger)?.name
        }
        let boiler = MirroredSmartBoiler()
        #expect(try name(Property(boiler as MirroredBoiler, \.celsius)) == "key path")
        #expect(try name(Property(boiler, \.celsius)) == "subclass type")  // the subclass's type first
        let plain = MirroredBoiler()
        #expect(try name(Property(plain, \.celsius)) == "key path")
        #expect(try name(Property(boiler as MirroredBoiler, \.celsius).map { $0 + 1 }) == "key path")
        registry.register(\MirroredBoiler.celsius) { _ in [] }  // no trigger: the type's registration answers
        #expect(try name(Property(plain, \.celsius)) == "base type")
        #expect(try name(Property(boiler, \.celsius)) == "subclass type")
    }
}
