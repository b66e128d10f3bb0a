import PropertyBinding

/// What a ``TextField`` tells its delegate, and asks it: the `UITextFieldDelegate` of this
/// library. Every method has a default implementation, so a delegate implements only what it needs.
///
/// ```swift
/// final class DigitsOnly: TextFieldDelegate {
///     func textField(_ textField: TextField, shouldChangeTextTo text: String) -> Bool {
///         text.allSatisfy(\.isNumber)
///     }
/// }
/// ```
public protocol TextFieldDelegate: AnyObject {
    /// Tells the delegate that editing began.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Asks whether the user's edit may replace the text with `text`; `false` rejects it.
    func textField(_ textField: TextField, shouldChangeTextTo text: String) -> Bool
    /// Tells the delegate that the user changed the text (it is already stored).
    func textFieldDidChange(_ textField: TextField)
    /// Tells the delegate that editing ended.
    func textFieldDidEndEditing(_ textField: TextField)
    /// Asks whether the text field should process Return (send `.primaryActionTriggered` and end editing).
    func textFieldShouldReturn(_ textField: TextField) -> Bool
}

extension TextFieldDelegate {
    /// Does nothing.
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    /// Allows every edit.
    public func textField(_ textField: TextField, shouldChangeTextTo text: String) -> Bool { true }
    /// Does nothing.
    public func textFieldDidChange(_ textField: TextField) {}
    /// Does nothing.
    public func textFieldDidEndEditing(_ textField: TextField) {}
    /// Allows Return.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
}
