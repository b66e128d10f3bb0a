/// The events a `Control` sends to its targets: the `UIControl.Event` of this library.
///
/// ```swift
/// field.addTarget(controller, action: FormController.nameChanged, for: [.editingChanged, .editingDidEnd])
/// ```
public struct ControlEvents: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The bits of the set.
    public let rawValue: UInt

    /// Creates a set from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The control's value changed because of the user (a stepper was stepped).
    public static let valueChanged = ControlEvents(rawValue: 1 << 0)
    /// Editing began in a text field.
    public static let editingDidBegin = ControlEvents(rawValue: 1 << 1)
    /// The user changed the text of a text field.
    public static let editingChanged = ControlEvents(rawValue: 1 << 2)
    /// Editing ended in a text field.
    public static let editingDidEnd = ControlEvents(rawValue: 1 << 3)
    /// The user pressed Return in a text field and its delegate let it end editing.
    public static let editingDidEndOnExit = ControlEvents(rawValue: 1 << 4)
    /// The control's primary action happened (Return in a text field, a tap of an enabled `Button`).
    public static let primaryActionTriggered = ControlEvents(rawValue: 1 << 5)

    /// Every editing event of a text field.
    public static let allEditingEvents: ControlEvents = [
        .editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit,
    ]
    /// Every event.
    public static let allEvents = ControlEvents(rawValue: .max)

    private static let names: [(ControlEvents, String)] = [
        (.valueChanged, "valueChanged"), (.editingDidBegin, "editingDidBegin"), (.editingChanged, "editingChanged"),
        (.editingDidEnd, "editingDidEnd"), (.editingDidEndOnExit, "editingDidEndOnExit"),
        (.primaryActionTriggered, "primaryActionTriggered"),
    ]

    /// The names of the events in the set: `[.editingChanged, .editingDidEnd]`.
    public var description: String {
        if self == .allEvents { return ".allEvents" }
        return "[" + Self.names.filter { contains($0.0) }.map { "." + $0.1 }.joined(separator: ", ") + "]"
    }
}
