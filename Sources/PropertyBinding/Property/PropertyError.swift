/// Why reading or writing a property failed.
public enum PropertyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The object the property refers to has been deallocated; `root` names its type and
    /// `keyPath` the key path.
    case objectDeallocated(root: String, keyPath: String)
    /// The property can be read but not written (for example ``AnyProperty`` made from a
    /// read-only property).
    case readOnly(String)
    /// The property can be written but holds nothing to read yet (a ``Setter`` before its
    /// first write).
    case notWrittenYet(String)
    /// The property can be written but reads back nothing: a destination that takes events (a
    /// ``Setter``, unless made with ``Setter/skippingEqualValues()``), which a binding writes at
    /// every fire.
    ///
    /// ```swift
    /// try Setter(screen) { screen, user in screen.present(user) }.read()   // throws .writeOnly("Setter(Screen)")
    /// ```
    case writeOnly(String)

    /// A sentence that says what failed.
    public var description: String {
        switch self {
        case .objectDeallocated(let root, let keyPath):
            return "the \(root) object of \(keyPath) has been deallocated"
        case .readOnly(let property):
            return "\(property) is read-only"
        case .notWrittenYet(let property):
            return "\(property) has not been written yet"
        case .writeOnly(let property):
            return "\(property) is write-only"
        }
    }
}
