extension Binding where Value: Sendable {
    /// The values this binding writes from now on, as an async sequence: one element per write,
    /// in order, whatever fired it.
    ///
    /// ```swift
    /// for await name in showName.values() {
    ///     print("label now shows \(name)")
    /// }
    /// ```
    ///
    /// The sequence ends when the binding is deallocated. To stop listening sooner, leave the
    /// loop (keeping no other copy of the sequence), cancel the task that iterates it, or drop
    /// it unread: the binding lets go of it at once, and an update costs the same however many
    /// sequences were asked for and ended before.
    ///
    /// Every call makes a sequence of its own. The sequences are fed apart from ``onUpdate``:
    /// setting ``onUpdate`` (before or after, or to nil) neither replaces nor ends them, and the
    /// handler is called before the sequences are fed. Elements are buffered until they are
    /// consumed, unless `bufferingPolicy` says otherwise.
    public func values(
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        var streams: ValueStreams<Value>?
        changeOnUpdateHandler { current in
            let handler = current as? UpdateHandler
            if let installed = handler?.streams as? ValueStreams<Value> {
                streams = installed
                return current
            }
            let made = ValueStreams<Value>()
            streams = made
            return UpdateHandler(user: handler?.user, streams: made)
        }
        // Made outside the binding's lock: the registry has a lock of its own.
        return streams!.makeStream(bufferingPolicy: bufferingPolicy)
    }
}
