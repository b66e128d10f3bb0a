/// Where a binding made with `Binding(source:destination:triggers:)` gets its triggers.
public struct TriggerInference: Sendable {
    /// The registry asked.
    public let registry: TriggerRegistry

    /// Triggers from `registry`.
    ///
    /// ```swift
    /// try Binding(source: Property(nameField, \.text), destination: Property(person, \.name), triggers: .registry(mine))
    /// ```
    public static func registry(_ registry: TriggerRegistry) -> TriggerInference {
        TriggerInference(registry: registry)
    }

    /// Triggers from ``TriggerRegistry/standard``.
    public static var standard: TriggerInference { TriggerInference(registry: .standard) }
}

extension Binding {
    /// Creates a binding whose triggers the registry infers from the source.
    ///
    /// ```swift
    /// let storeName = try Binding(
    ///     source: Property(nameField, \.text), destination: Property(person, \.name), triggers: .standard)
    /// nameField.simulateTyping("Ann")   // person.name == "Ann"
    /// ```
    ///
    /// - Throws: what ``TriggerRegistry/triggers(for:)`` throws; no binding is made.
    @inlinable
    public convenience init(source: Source, destination: Destination, triggers inference: TriggerInference) throws {
        let triggers = try inference.registry.triggers(for: source)
        self.init(source: source, destination: destination)
        for trigger in triggers { addTrigger(trigger) }
    }

    /// Creates a binding whose triggers the registry infers from the source; it skips the write
    /// when the destination already holds an equal value.
    ///
    /// ```swift
    /// let storeName = try Binding(
    ///     source: Property(nameField, \.text), destination: Property(person, \.name), triggers: .standard)
    /// ```
    ///
    /// - Throws: what ``TriggerRegistry/triggers(for:)`` throws; no binding is made.
    @inlinable
    public convenience init(source: Source, destination: Destination, triggers inference: TriggerInference) throws
    where Value: Equatable {
        let triggers = try inference.registry.triggers(for: source)
        self.init(source: source, destination: destination)
        for trigger in triggers { addTrigger(trigger) }
    }
}

extension TriggerRegistry {
    /// Makes a binding with the triggers this registry infers from `source`.
    ///
    /// ```swift
    /// let showAge = try registry.bind(source: Property(person, \.age), destination: Property(ageStepper, \.intValue))
    /// ```
    ///
    /// - Throws: what ``triggers(for:)`` throws; no binding is made.
    @inlinable
    public func bind<Source: ReadableProperty, Destination: WritableProperty>(
        source: Source, destination: Destination
    ) throws -> Binding<Source, Destination> where Source.Value == Destination.Value {
        try Binding(source: source, destination: destination, triggers: .registry(self))
    }

    /// Makes a binding with the triggers this registry infers from `source`; it skips the write
    /// when the destination already holds an equal value.
    ///
    /// - Throws: what ``triggers(for:)`` throws; no binding is made.
    @inlinable
    public func bind<Source: ReadableProperty, Destination: WritableProperty>(
        source: Source, destination: Destination
    ) throws -> Binding<Source, Destination> where Source.Value == Destination.Value, Source.Value: Equatable {
        try Binding(source: source, destination: destination, triggers: .registry(self))
    }
}

extension ReadableProperty {
    /// Binds this property to `destination` with the triggers `triggers` infers (``TriggerRegistry/standard``
    /// by default), and updates the destination now: Bond's `->>`, in one call.
    ///
    /// ```swift
    /// let showName = try Property(person, \.name).bind(to: Property(nameLabel, \.text))
    /// person.name = "Ann"                            // nameLabel.text == "Ann"
    /// ```
    ///
    /// The same as `try Binding(source: self, destination: destination, triggers: triggers).updatingNow()`.
    ///
    /// - Throws: what ``TriggerRegistry/triggers(for:)`` throws; no binding is made.
    @inlinable
    public func bind<Destination: WritableProperty>(
        to destination: Destination, triggers: TriggerInference = .standard
    ) throws -> Binding<Self, Destination> where Destination.Value == Value {
        try Binding(source: self, destination: destination, triggers: triggers).updatingNow()
    }

    /// Binds this property to `destination` with the triggers `triggers` infers, and updates the
    /// destination now; an equal value is not written again.
    ///
    /// ```swift
    /// let showName = try Property(person, \.name).bind(to: Property(nameLabel, \.text))
    /// ```
    ///
    /// - Throws: what ``TriggerRegistry/triggers(for:)`` throws; no binding is made.
    @inlinable
    public func bind<Destination: WritableProperty>(
        to destination: Destination, triggers: TriggerInference = .standard
    ) throws -> Binding<Self, Destination> where Destination.Value == Value, Value: Equatable {
        try Binding(source: self, destination: destination, triggers: triggers).updatingNow()
    }
}
