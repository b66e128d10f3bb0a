import PropertyBinding

/// A label model, as a `UILabel`: text the user reads and cannot edit.
///
/// ```swift
/// let total = Label()
/// let showTotal = Binding(source: Property(order, \.total).map { "\($0) €" }, destination: Property(total, \.text))
/// ```
///
/// Only code changes a label's text, so the label announces each change itself with
/// `.valueChanged` (a label set to the text it already shows sends nothing): another binding can
/// follow it, with the trigger `TriggerRegistry.standard` infers.
open class Label: Control {
    /// The names of the label's properties, added to its superclass's, for messages and graphs: a
    /// property of an `open` class prints without its name.
    ///
    /// ```swift
    /// print(Property(label, \.text))   // \Label.text, not \Label.<computed …>
    /// ```
    override open class var keyPathNames: [AnyKeyPath: String] {
        super.keyPathNames.merging([\Label.text: "text"]) { $1 }
    }

    /// The text shown; each change sends `.valueChanged`.
    public var text: String {
        didSet { if text != oldValue { sendActions(for: .valueChanged) } }
    }

    /// Creates a label showing `text`.
    public init(text: String = "") {
        self.text = text
        super.init()
    }
}
