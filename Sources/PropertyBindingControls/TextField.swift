import PropertyBinding

/// A text field model: text that the user edits, a delegate, and target-action events, as a
/// `UITextField` has, on every platform.
///
/// ```swift
/// let nameField = TextField(placeholder: "Name")
/// nameField.addTarget(controller, action: FormController.nameChanged, for: .editingChanged)
/// nameField.simulateTyping("Ann")   // the delegate is asked and told; .editingChanged is sent
/// nameField.endEditing()            // .editingDidEnd is sent
/// nameField.text = "Bob"            // set by code: no delegate call, no action (as in UIKit)
/// ```
///
/// The user's side is simulated by ``simulateTyping(_:)``, ``simulateReturn()`` and
/// ``endEditing()``: they call the delegate and send the control events, in UIKit's order.
/// Setting ``text`` from code does neither, so a binding that writes the text never hears its
/// own write back through this field's events.
///
/// The delegate is held weakly and stored in a `DelegateSlot`, so a `DelegationTrigger` can
/// watch the callbacks while ``delegate`` keeps returning, and accepting, your own delegate.
open class TextField: Control {
    /// The names of the textfield's properties, added to its superclass's, for messages and graphs: a
    /// property of an `open` class prints without its name.
    ///
    /// ```swift
    /// print(ReadOnlyProperty(nameField, \.displayedText))   // \TextField.displayedText, not \TextField.<computed …>
    /// ```
    override open class var keyPathNames: [AnyKeyPath: String] {
        super.keyPathNames.merging([
            \TextField.text: "text", \TextField.placeholder: "placeholder", \TextField.displayedText: "displayedText",
            \TextField.isEditing: "isEditing",
        ]) { $1 }
    }

    /// The text; setting it from code sends no event and calls no delegate method.
    public final var text: String
    /// The hint shown while ``text`` is empty: never the field's text, so no binding reads or
    /// writes it (unlike a `PlaceholderTransformer`'s nil placeholder, which is a value).
    public final var placeholder: String?

    /// What the field shows: its text, or the ``placeholder`` hint while the text is empty.
    public var displayedText: String {
        text.isEmpty ? placeholder ?? "" : text
    }
    /// Whether the user is editing (between ``beginEditing()`` and ``endEditing()``).
    public private(set) var isEditing = false
    /// Where the delegate lives, and where a delegate proxy sits in front of it.
    public let delegateSlot = DelegateSlot<any TextFieldDelegate>()

    /// Creates a text field.
    public init(text: String = "", placeholder: String? = nil) {
        self.text = text
        self.placeholder = placeholder
        super.init()
    }

    /// The delegate, held weakly. While a delegate proxy watches this field, this is still your
    /// delegate (the proxy forwards to it), and setting it replaces the delegate behind the proxy.
    public var delegate: (any TextFieldDelegate)? {
        get { delegateSlot.delegate }
        set { delegateSlot.delegate = newValue }
    }

    private var receiver: (any TextFieldDelegate)? { delegateSlot.receiver }

    /// Begins editing, as a tap into the field does: tells the delegate and sends
    /// `.editingDidBegin`. Does nothing while already editing.
    open func beginEditing() {
        guard !isEditing else { return }
        isEditing = true
        receiver?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
    }

    /// Replaces the text as the user's typing would: begins editing if needed, asks the
    /// delegate, stores the text, tells the delegate, then sends `.editingChanged`.
    ///
    /// ```swift
    /// ageField.simulateTyping("42")   // an .editingChanged target sees ageField.text == "42"
    /// ```
    ///
    /// - Returns: `false` when the delegate rejected the edit (nothing changed, nothing sent).
    @discardableResult
    open func simulateTyping(_ newText: String) -> Bool {
        beginEditing()
        guard receiver?.textField(self, shouldChangeTextTo: newText) ?? true else { return false }
        text = newText
        receiver?.textFieldDidChange(self)
        sendActions(for: .editingChanged)
        return true
    }

    /// Presses Return: asks the delegate; when it agrees, sends `.primaryActionTriggered` and
    /// `.editingDidEndOnExit`, then ends editing.
    ///
    /// - Returns: what the delegate answered (`true` without a delegate).
    @discardableResult
    open func simulateReturn() -> Bool {
        guard receiver?.textFieldShouldReturn(self) ?? true else { return false }
        sendActions(for: [.primaryActionTriggered, .editingDidEndOnExit])
        endEditing()
        return true
    }

    /// Ends editing, as leaving the field does: tells the delegate and sends `.editingDidEnd`.
    /// Does nothing when not editing.
    open func endEditing() {
        guard isEditing else { return }
        isEditing = false
        receiver?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
    }
}
