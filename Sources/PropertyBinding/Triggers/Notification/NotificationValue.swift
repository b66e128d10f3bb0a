import Foundation

/// A property that reads a value out of the notification that fired a ``NotificationTrigger``
/// last: an entry of its `userInfo`, or its sender. It lets a notification's payload be the
/// source of a binding.
///
/// ```swift
/// let trigger = NotificationTrigger(center: center, name: .thermostatDidMeasure)
/// let showTemperature = Binding(
///     source: NotificationValue<Int>(trigger, key: "celsius"), destination: Property(display, \.celsius))
/// showTemperature.addTrigger(trigger)
/// center.post(name: .thermostatDidMeasure, object: nil, userInfo: ["celsius": 21])   // display.celsius == 21
/// center.post(name: .thermostatDidMeasure, object: nil, userInfo: ["celsius": "hot"])
/// // nothing written; the failure's error is NotificationValueError.wrongType(key: "celsius", expected: "Int", actual: "String")
/// ```
///
/// A value that is missing or of another type is a ``NotificationValueError``, never a crash, and
/// the binding writes nothing. The trigger keeps only its latest notification: when several
/// threads post at once, an update reads the latest one.
public struct NotificationValue<Value>: ReadableProperty, CustomStringConvertible {
    private enum Source {
        case userInfo(AnyHashable)
        case sender
    }

    /// The trigger whose latest notification is read.
    public let trigger: NotificationTrigger
    private let source: Source

    /// Creates a property that reads `userInfo[key]` of the trigger's latest notification.
    ///
    /// - Parameters:
    ///   - trigger: The trigger whose latest notification is read; add it to the binding too.
    ///   - key: The `userInfo` key of the value.
    public init(_ trigger: NotificationTrigger, key: AnyHashable) {
        self.trigger = trigger
        self.source = .userInfo(key)
    }

    /// Creates a property that reads the sender (`object`) of the trigger's latest notification.
    ///
    /// ```swift
    /// let changed = NotificationValue<Person>(senderOf: trigger).map(\.name)
    /// ```
    public init(senderOf trigger: NotificationTrigger) {
        self.trigger = trigger
        self.source = .sender
    }

    /// Returns the value the trigger's latest notification carries.
    ///
    /// - Throws: ``NotificationValueError/noNotification(name:)`` before the trigger has fired,
    ///   ``NotificationValueError/missingValue(key:name:)`` when the notification has no such
    ///   value, ``NotificationValueError/wrongType(key:expected:actual:)`` when it is not a
    ///   `Value`.
    public func read() throws -> Value {
        guard let notification = trigger.lastNotification else {
            throw NotificationValueError.noNotification(name: trigger.name.rawValue)
        }
        let found: Any?
        switch source {
        case .userInfo(let key): found = notification.userInfo?[key]
        case .sender: found = notification.object
        }
        guard let found else {
            throw NotificationValueError.missingValue(key: keyDescription, name: notification.name.rawValue)
        }
        guard let value = found as? Value else {
            throw NotificationValueError.wrongType(
                key: keyDescription, expected: "\(Value.self)", actual: "\(type(of: found))")
        }
        return value
    }

    private var keyDescription: String {
        switch source {
        case .userInfo(let key): return "\(key.base)"
        case .sender: return "object"
        }
    }

    /// The notification name and the key, for error messages: `ThermostatDidMeasure[celsius]`.
    public var description: String { "\(trigger.name.rawValue)[\(keyDescription)]" }
}

/// Why a ``NotificationValue`` could not read its value.
public enum NotificationValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The trigger has not fired yet: there is no notification to read.
    case noNotification(name: String)
    /// The notification named `name` carries no value for `key` (`"object"` for the sender).
    case missingValue(key: String, name: String)
    /// The value for `key` is an `actual`, not the `expected` type.
    case wrongType(key: String, expected: String, actual: String)

    /// A sentence that says what was missing or wrong.
    public var description: String {
        switch self {
        case .noNotification(let name):
            return "no \(name) notification has been received yet"
        case .missingValue(let key, let name):
            return "the \(name) notification carries no \(key)"
        case .wrongType(let key, let expected, let actual):
            return "\(key) holds a value of type \(actual), not \(expected)"
        }
    }
}
