import PropertyBinding

/// A handle to one action added to a ``Control``, to remove exactly that action.
public struct ControlAction: Hashable, Sendable {
    let id: Int
}
