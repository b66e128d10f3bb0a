import PropertyBinding

/// The `DelegateProxy` of ``TextFieldDelegate``: forwards every callback of a ``TextField``
/// to its delegate and reports it to a `DelegationTrigger`.
///
/// Made for you by `DelegationTrigger(textField:callbacks:)`; it is also the reference recipe
/// for a proxy of your own.
public final class TextFieldDelegateProxy: DelegateProxy<TextField, any TextFieldDelegate>, TextFieldDelegate {
    /// Creates a proxy for `textField`'s delegate, installed in its ``TextField/delegateSlot``.
    public init(_ textField: TextField) {
        super.init(textField, slot: \.delegateSlot)
    }

    /// Forwards, then reports `DelegateCallback.textFieldDidBeginEditing`.
    public func textFieldDidBeginEditing(_ textField: TextField) {
        forward { $0.textFieldDidBeginEditing(textField) }
        fire(.textFieldDidBeginEditing)
    }

    /// Returns the delegate's answer (`true` without one), then reports
    /// `DelegateCallback.textFieldShouldChangeText`.
    public func textField(_ textField: TextField, shouldChangeTextTo text: String) -> Bool {
        defer { fire(.textFieldShouldChangeText) }
        return forward { $0.textField(textField, shouldChangeTextTo: text) } ?? true
    }

    /// Forwards, then reports `DelegateCallback.textFieldDidChange`.
    public func textFieldDidChange(_ textField: TextField) {
        forward { $0.textFieldDidChange(textField) }
        fire(.textFieldDidChange)
    }

    /// Forwards, then reports `DelegateCallback.textFieldDidEndEditing`.
    public func textFieldDidEndEditing(_ textField: TextField) {
        forward { $0.textFieldDidEndEditing(textField) }
        fire(.textFieldDidEndEditing)
    }

    /// Returns the delegate's answer (`true` without one), then reports
    /// `DelegateCallback.textFieldShouldReturn`.
    public func textFieldShouldReturn(_ textField: TextField) -> Bool {
        defer { fire(.textFieldShouldReturn) }
        return forward { $0.textFieldShouldReturn(textField) } ?? true
    }
}

extension DelegateCallback {
    /// ``TextFieldDelegate/textFieldDidBeginEditing(_:)``.
    public static let textFieldDidBeginEditing: DelegateCallback = "textFieldDidBeginEditing"
    /// ``TextFieldDelegate/textField(_:shouldChangeTextTo:)`` (fires before the text is stored).
    public static let textFieldShouldChangeText: DelegateCallback = "textField(_:shouldChangeTextTo:)"
    /// ``TextFieldDelegate/textFieldDidChange(_:)``.
    public static let textFieldDidChange: DelegateCallback = "textFieldDidChange"
    /// ``TextFieldDelegate/textFieldDidEndEditing(_:)``.
    public static let textFieldDidEndEditing: DelegateCallback = "textFieldDidEndEditing"
    /// ``TextFieldDelegate/textFieldShouldReturn(_:)``.
    public static let textFieldShouldReturn: DelegateCallback = "textFieldShouldReturn"
}
