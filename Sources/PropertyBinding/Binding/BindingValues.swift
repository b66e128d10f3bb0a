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
    /// The sequence ends when the binding is deallocated; leave the loop to stop listening
    /// sooner. Every call makes a sequence of its own; each one keeps the ``onUpdate`` handler
    /// that was set before it and calls it too (set ``onUpdate`` before asking for values, or
    /// chain the current handler). Elements are buffered until they are consumed, unless
    /// `bufferingPolicy` says otherwise.
    public func values(
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        onUpdate = ValueForwarder(feed: StreamFeed(continuation), previous: onUpdate).forward
        return stream
    }
}

/// Hands a binding's written values to a stream, then its updates to the handler that was there
/// before. A class rather than a closure, so that the handler does not capture the binding's
/// generic types.
private final class ValueForwarder<Source: ReadableProperty, Destination: WritableProperty>: Sendable
where Source.Value == Destination.Value, Source.Value: Sendable {
    let feed: StreamFeed<Source.Value>
    let previous: (@Sendable (Binding<Source, Destination>.Update) -> Void)?

    init(feed: StreamFeed<Source.Value>, previous: (@Sendable (Binding<Source, Destination>.Update) -> Void)?) {
        self.feed = feed
        self.previous = previous
    }

    @Sendable func forward(_ update: Binding<Source, Destination>.Update) {
        feed.yield(update.newValue)
        previous?(update)
    }
}

/// A continuation that finishes its stream when it is released: with the binding that holds it.
final class StreamFeed<Element: Sendable>: Sendable {
    private let continuation: AsyncStream<Element>.Continuation

    init(_ continuation: AsyncStream<Element>.Continuation) {
        self.continuation = continuation
    }

    deinit {
        continuation.finish()
    }

    func yield(_ element: Element) {
        continuation.yield(element)
    }
}
