/// Why a ``BindingForm`` refused a request.
public enum FormError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The form has no field with this label (a ``FormRule`` named it).
    case noField(String)
    /// The form was invalidated: its bindings are gone, so it commits nothing.
    case invalidated

    /// A sentence for people.
    public var description: String {
        switch self {
        case .noField(let label): return "the form has no field \"\(label)\""
        case .invalidated: return "the form was invalidated: nothing is committed"
        }
    }
}
