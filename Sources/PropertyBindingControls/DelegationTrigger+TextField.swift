import PropertyBinding

extension DelegationTrigger where Object == TextField, Delegate == any TextFieldDelegate {
    /// Creates a trigger that fires on `callbacks` of a ``TextField``'s delegate, with a
    /// ``TextFieldDelegateProxy``.
    ///
    /// ```swift
    /// DelegationTrigger(textField: nameField, callbacks: [.textFieldDidChange, .textFieldDidEndEditing])
    /// ```
    public convenience init(textField: TextField, callbacks: Set<DelegateCallback>) {
        self.init(proxy: TextFieldDelegateProxy(textField), callbacks: callbacks)
    }
}
