/// Why a ``BindingRecorder`` could not do what it was asked.
public enum RecorderError: Error, Equatable, CustomStringConvertible {
    /// The destination could not be read between the binding's updates without waiting where
    /// waiting could deadlock: the read was made inside an update of another binding while the
    /// recorded binding was updating on another thread.
    case destinationBusy

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .destinationBusy:
            "the destination was not read: the binding was updating on another thread, and this thread, "
                + "inside another binding's update, cannot wait for it"
        }
    }
}
