import Foundation
import Observation

/// Knows which triggers announce a property's changes, so bindings need not name them: for a
/// `(type, key path)`, for every key path of a type, or for every object of a protocol.
///
/// ```swift
/// let registry = TriggerRegistry(copying: .standard)
/// registry.register(\Thermostat.celsius) { thermostat in
///     [NotificationTrigger(center: .default, name: .thermostatDidChange, object: thermostat)]
/// }
/// let showTemperature = try registry.bind(source: Property(thermostat, \.celsius), destination: Property(dial, \.value))
/// let storeName = try Binding(source: Property(nameField, \.text), destination: Property(person, \.name),
///                             triggers: .standard)   // TextField.text: its .editingChanged action
/// ```
///
/// Triggers are inferred from the binding's **source**, the property whose changes matter,
/// through any transformers that wrap it (`StringToNumberTransformer`, `map`, validators): the
/// registry finds the `Property` inside and looks up its object's type and key path. Lookup
/// order: the exact key path; then a registration for the whole type, the object's class
/// before its superclasses; then the fallbacks, in the order they were registered. A factory
/// that returns no trigger counts as no registration. When nothing matches, making the binding
/// throws ``TriggerRegistryError/noTrigger(root:keyPath:)``.
///
/// A key path written on a subclass is another key path: `\SmartBoiler.celsius` does not find a
/// registration of `\Boiler.celsius`. Write it on the class that was registered
/// (`Property(boiler as Boiler, \.celsius)`), or register the whole type.
///
/// ``standard`` asks every object that makes its own triggers (a ``TriggerMakingObject``): the
/// stand-in controls of `PropertyBindingControls` (`TextField.text`, `Switch.isOn`, …, each with
/// its ``TargetActionTrigger``), the widgets of `PropertyBindingGTK`, a toolkit adapter or control
/// of your own, and ``ObservableArray``. No registration call is needed for them.
///
/// It also knows every key path of a ``KeyPathObservable`` object that is announced
/// (``KeyPathTrigger``: an `@Announced` property, one listed in
/// ``KeyPathObservable/announcedKeyPaths``, a computed one listed with its dependencies, a
/// property of a subclass announced by the superclass that declares it, or a key path through
/// objects whose every link is announced, `\Person.address.city`, which follows the address the
/// person holds now; any other throws
/// ``TriggerRegistryError/notAnnounced(root:keyPath:)``, since nothing would fire its trigger)
/// and of an `@Observable` object (``ObservationTrigger`` on the main queue). Registering is
/// thread-safe; register at start-up, and prefer a copy of ``standard`` to changing the shared
/// one.
public final class TriggerRegistry: @unchecked Sendable {
    /// Makes the triggers for one property of an object whose type is known only at run time.
    public typealias Fallback = @Sendable (_ object: AnyObject, _ keyPath: AnyKeyPath) -> [any Trigger]

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let keyPath: AnyKeyPath
    }

    /// A registration for a whole class and its subclasses.
    private struct TypeRegistration {
        /// Whether an object is of the class (or a subclass).
        let matches: @Sendable (AnyObject) -> Bool
        /// Whether the class of another registration is this class or one of its subclasses.
        let includes: @Sendable (TypeRegistration) -> Bool
        /// The class, for ``includes``.
        let type: Any.Type
        let makeTriggers: Fallback
    }

    private struct Registrations {
        var byKeyPath: [Key: @Sendable (AnyObject) -> [any Trigger]] = [:]
        var byType: [ObjectIdentifier: TypeRegistration] = [:]
        var fallbacks: [Fallback] = []
    }

    private let registrations: Locked<Registrations>

    /// Creates an empty registry.
    public init() {
        registrations = Locked(Registrations())
    }

    /// Creates a registry with every registration of `other`, to extend without changing it.
    public init(copying other: TriggerRegistry) {
        registrations = Locked(other.registrations.value)
    }

    /// The registry that knows every object that makes its own triggers and the library's
    /// observable types (the list is in ``TriggerRegistry``).
    ///
    /// ```swift
    /// let storeOn = try Binding(source: Property(toggle, \.isOn), destination: Property(settings, \.newsletter),
    ///                           triggers: .standard)   // a TriggerMakingObject's own trigger
    /// ```
    public static let standard: TriggerRegistry = {
        let registry = TriggerRegistry()
        registry.registerObservableFallbacks()
        return registry
    }()

    /// Registers the rules of ``standard``, consulted after every key path and type registration:
    /// the triggers an object that makes its own makes (a ``TriggerMakingObject``: a control, an
    /// ``ObservableArray``), a ``KeyPathTrigger`` for a ``KeyPathObservable`` object, and an
    /// ``ObservationTrigger`` for an `Observable` one.
    private func registerObservableFallbacks() {
        // An object that makes its own triggers knows best: asked first.
        registerFallback { object, keyPath in
            (object as? any TriggerMakingObject)?.makeTriggers(for: keyPath) ?? []
        }
        registerFallback { object, keyPath in
            guard let object = object as? any KeyPathObservable else { return [] }
            return [KeyPathTrigger(observing: object, keyPath: keyPath)]
        }
        registerFallback { object, keyPath in
            guard let object = object as? any AnyObject & Observable else { return [] }
            return [ObservationTrigger(observing: object, keyPath: keyPath)]
        }
    }

    /// Registers the triggers that announce changes of `keyPath`: `makeTriggers` is called with
    /// the object each time a binding over that property is made. A later registration of the
    /// same key path replaces the earlier one.
    ///
    /// ```swift
    /// registry.register(\Slider.value) { [TargetActionTrigger(control: $0, events: .valueChanged)] }
    /// ```
    public func register<Root: AnyObject, Value>(
        _ keyPath: KeyPath<Root, Value>, triggers makeTriggers: @escaping @Sendable (Root) -> [any Trigger]
    ) {
        let key = Key(type: ObjectIdentifier(Root.self), keyPath: keyPath)
        registrations.withLock {
            $0.byKeyPath[key] = { object in (object as? Root).map(makeTriggers) ?? [] }
        }
    }

    /// Registers the triggers for every key path of `type` (and its subclasses) that has no
    /// registration of its own; `makeTriggers` gets the object and the key path, and returns no
    /// trigger for a key path it does not know.
    ///
    /// ```swift
    /// registry.register(Document.self) { document, _ in
    ///     [NotificationTrigger(name: .documentDidChange, object: document)]
    /// }
    /// ```
    public func register<Root: AnyObject>(
        _ type: Root.Type, triggers makeTriggers: @escaping @Sendable (Root, AnyKeyPath) -> [any Trigger]
    ) {
        registrations.withLock {
            $0.byType[ObjectIdentifier(type)] = TypeRegistration(
                matches: { $0 is Root }, includes: { $0.type is Root.Type }, type: type,
                makeTriggers: { object, keyPath in (object as? Root).map { makeTriggers($0, keyPath) } ?? [] })
        }
    }

    /// Registers a rule tried for any object no key path or type registration matched, after the
    /// rules registered before it: for objects recognised by a protocol they conform to.
    ///
    /// ```swift
    /// registry.registerFallback { object, keyPath in
    ///     guard let store = object as? any StoreProtocol else { return [] }
    ///     return [StoreTrigger(store)]
    /// }
    /// ```
    public func registerFallback(_ makeTriggers: @escaping Fallback) {
        registrations.withLock { $0.fallbacks.append(makeTriggers) }
    }

    /// Returns new triggers for `property`, looked up through its transformers; add them to a
    /// binding whose source it is. For a ``CombinedProperty``, the triggers of every source, in
    /// order: a binding over it hears each input.
    ///
    /// ```swift
    /// let age = StringToNumberTransformer<Int>(property: Property(ageField, \.text), formatter: formatter)
    /// for trigger in try TriggerRegistry.standard.triggers(for: age) { storeAge.addTrigger(trigger) }
    /// ```
    ///
    /// - Throws: ``TriggerRegistryError/noTrigger(root:keyPath:)`` when nothing is registered for
    ///   it, ``TriggerRegistryError/noKeyPath(property:)`` when it is not made of an object and a
    ///   key path, ``TriggerRegistryError/notAnnounced(root:keyPath:)`` when the ``KeyPathTrigger`` it
    ///   would give could never fire,
    ///   ``TriggerRegistryError/announcedOnSuperclass(root:keyPath:superclass:)`` when a
    ///   ``KeyPathTrigger`` could miss its changes, ``PropertyError/objectDeallocated(root:keyPath:)``
    ///   when its object is gone (deallocated, or an ``EndingObject`` that has ended).
    public func triggers(for property: some ReadableProperty) throws -> [any Trigger] {
        if let sources = PropertyOrigin.combinedSources(of: property) {
            // Every input of a combined property, each through its own transformers.
            return try sources.flatMap(triggersOfSource)
        }
        guard let origin = PropertyOrigin.of(property) else {
            throw TriggerRegistryError.noKeyPath(property: String(describing: property))
        }
        // Named only for an error: naming may read the property, to learn a wrapper's name.
        let root = String(describing: origin.rootType)
        func keyPath() -> String { origin.keyPath.stableDescription(reading: origin.object) }
        guard let object = origin.object, !isGone(object) else {
            throw PropertyError.objectDeallocated(root: root, keyPath: keyPath())
        }
        let triggers = lookUp(object, origin.keyPath)
        if triggers.isEmpty { throw TriggerRegistryError.noTrigger(root: root, keyPath: keyPath()) }
        for case let trigger as KeyPathTrigger in triggers {
            if !trigger.isAnnounced { throw TriggerRegistryError.notAnnounced(root: root, keyPath: keyPath()) }
            if let superclass = trigger.unheardSuperclass {
                throw TriggerRegistryError.announcedOnSuperclass(
                    root: root, keyPath: keyPath(), superclass: String(describing: superclass))
            }
        }
        return triggers
    }

    private func triggersOfSource(_ source: any ReadableProperty) throws -> [any Trigger] {
        try triggers(for: source)
    }

    /// Whether a binding with `property` as its source can be given triggers now.
    public func hasTriggers(for property: some ReadableProperty) -> Bool {
        (try? triggers(for: property))?.isEmpty == false
    }

    private func lookUp(_ object: AnyObject, _ keyPath: AnyKeyPath) -> [any Trigger] {
        let registrations = self.registrations.value
        // A key path is registered on its root type, whatever the object's class.
        let key = Key(type: ObjectIdentifier(type(of: keyPath).rootType), keyPath: keyPath)
        if let make = registrations.byKeyPath[key] {
            let triggers = make(object)
            if !triggers.isEmpty { return triggers }
        }
        // The object's class before its superclasses. Found by `is`, not by `Mirror`, which a
        // `CustomReflectable` class can make lie about its type and superclasses.
        let types = registrations.byType.values.filter { $0.matches(object) }
            .sorted { inner, outer in outer.includes(inner) && !inner.includes(outer) }
        for registration in types {
            let triggers = registration.makeTriggers(object, keyPath)
            if !triggers.isEmpty { return triggers }
        }
        for make in registrations.fallbacks {
            let triggers = make(object, keyPath)
            if !triggers.isEmpty { return triggers }
        }
        return []
    }
}
