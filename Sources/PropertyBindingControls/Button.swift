import PropertyBinding

/// A push button model, as a `UIButton`: a title, and a tap that sends `.primaryActionTriggered`
/// while the button is enabled.
///
/// ```swift
/// let save = Button(title: "Save")
/// save.addTarget(controller, action: FormController.save, for: .primaryActionTriggered)
/// save.simulateTap()                 // controller.save() runs
/// save.isEnabled = false     // set by code: no event (as in UIKit)
/// save.simulateTap()                 // a disabled button ignores the tap: nothing is sent
/// ```
///
/// A tap is an event, not a value: make it the trigger of a binding whose source is elsewhere, so
/// that a field reaches the model only when the user taps Save:
///
/// ```swift
/// let storeName = Binding(source: Property(nameField, \.text), destination: Property(person, \.name))
/// storeName.addTrigger(TargetActionTrigger(control: save, events: .primaryActionTriggered))
/// ```
///
/// ``title`` and ``isEnabled`` are the button's outputs: code writes them (a binding from the
/// model, `Property(form, \.canSave)` to `Property(save, \.isEnabled)`), the user never does, and
/// the button announces neither. So `TriggerRegistry.standard` infers no trigger for them and
/// refuses a binding that reads them (`TriggerRegistryError.noTrigger(root:keyPath:)`): read
/// the model they were written from instead. (A ``Label`` announces its text because another
/// control often shows it; a button's state has its source of truth in the model.)
open class Button: Control {
    /// The names of the button's properties, added to its superclass's, for messages and graphs: a
    /// property of an `open` class prints without its name.
    ///
    /// ```swift
    /// print(Property(save, \.isEnabled))   // \Button.isEnabled, not \Button.<computed …>
    /// ```
    override open class var keyPathNames: [AnyKeyPath: String] {
        super.keyPathNames.merging([\Button.title: "title", \Button.isEnabled: "isEnabled"]) { $1 }
    }

    /// The title shown on the button; setting it sends no event.
    ///
    /// ```swift
    /// save.title = "Saved"   // no target is called
    /// ```
    public var title: String

    /// Whether the button responds to taps (`true` by default); setting it sends no event.
    ///
    /// ```swift
    /// save.isEnabled = false
    /// save.simulateTap()             // nothing is sent
    /// ```
    public var isEnabled: Bool

    /// Creates a button showing `title`, enabled unless `isEnabled` is `false`.
    ///
    /// ```swift
    /// let save = Button(title: "Save")
    /// ```
    public init(title: String = "", isEnabled: Bool = true) {
        self.title = title
        self.isEnabled = isEnabled
        super.init()
    }

    /// Taps the button as the user does: sends `.primaryActionTriggered` while the button is
    /// enabled, and does nothing while it is disabled.
    ///
    /// ```swift
    /// save.simulateTap()   // the .primaryActionTriggered targets run
    /// ```
    open func simulateTap() {
        guard isEnabled else { return }
        sendActions(for: .primaryActionTriggered)
    }

    /// Deprecated: renamed ``simulateTap()``; every stand-in control's simulated input is named `simulate…`.
    @available(*, deprecated, renamed: "simulateTap()")
    open func tap() { simulateTap() }
}
