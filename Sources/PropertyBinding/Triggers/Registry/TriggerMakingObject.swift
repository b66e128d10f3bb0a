/// An object that makes the triggers of its own key paths, because it announces its own changes
/// (an `ObservableArray`, in Collections/, which sits above the registry): ``TriggerRegistry/standard``
/// asks it after the observable protocols.
public protocol TriggerMakingObject: AnyObject {
    /// New triggers that fire when `keyPath` of this object changes; none for a key path it
    /// does not announce.
    func makeTriggers(for keyPath: AnyKeyPath) -> [any Trigger]
}
