/// An object that makes the triggers of its own key paths, because it knows how it announces its
/// changes: ``TriggerRegistry/standard`` asks any object that conforms, before the observable
/// protocols, so a toolkit's controls need no registration call.
///
/// The stand-in controls of `PropertyBindingControls`, the GTK widgets of `PropertyBindingGTK` and
/// ``ObservableArray`` conform. A control of your own:
///
/// ```swift
/// final class Knob: TargetActionSource, TriggerMakingObject {
///     var value = 0.0
///     func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
///         keyPath == \Knob.value ? [TargetActionTrigger(source: self, events: .valueChanged)] : []
///     }
///     …   // TargetActionSource's three methods
/// }
/// let storeVolume = try Binding(source: Property(knob, \.value), destination: Property(player, \.volume),
///                               triggers: .standard)
/// ```
///
/// A key path written on a subclass is another key path (`\FancyKnob.value` is not
/// `\Knob.value`): a class that may be subclassed compares with the key path's root type in mind,
/// or is `final`.
public protocol TriggerMakingObject: AnyObject {
    /// New triggers that fire when `keyPath` of this object changes; none for a key path it
    /// does not announce.
    ///
    /// ```swift
    /// func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger] {
    ///     keyPath == \Knob.value ? [TargetActionTrigger(source: self, events: .valueChanged)] : []
    /// }
    /// ```
    func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger]
}
