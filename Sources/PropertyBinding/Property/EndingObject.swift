/// An object whose life can end before it is deallocated: a wrapper of a toolkit's widget, once
/// the widget is destroyed while your code still holds the wrapper.
///
/// A ``Property`` or ``ReadOnlyProperty`` of an ended object treats it as gone: reads and writes
/// throw ``PropertyError/objectDeallocated(root:keyPath:)`` and write nothing, so a binding over
/// it ends at its next update as it does when its object is deallocated, and
/// ``TriggerRegistry/triggers(for:)`` throws instead of watching it. Nothing is read from or
/// written to what is left of the object (a wrapper's defaults).
///
/// ```swift
/// final class WidgetHandle: EndingObject {
///     var text = ""
///     var isDestroyed = false
///     var hasEnded: Bool { isDestroyed }
/// }
/// ```
///
/// The property must be made where the object's type is known to conform (`Property(handle,
/// \.text)` with `handle` of a conforming class), as a toolkit adapter's final wrapper classes are.
public protocol EndingObject: AnyObject {
    /// Whether the object's life has ended: once true, it stays true.
    var hasEnded: Bool { get }
}

/// Whether `object` is gone for a property: deallocated (nil), or an ``EndingObject`` that has
/// ended. The one test every place that asks "is the object still there?" shares.
@usableFromInline
func isGone(_ object: AnyObject?) -> Bool {
    guard let object else { return true }
    return (object as? any EndingObject)?.hasEnded ?? false
}
