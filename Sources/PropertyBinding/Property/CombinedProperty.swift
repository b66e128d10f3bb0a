/// A read-only property made of several properties: reading reads each of them and combines
/// their values with a closure. Bond's `reduce`, SwiftBinding's and Bind's `combine`, Combine's
/// `combineLatest`, as one source of one binding.
///
/// ```swift
/// let canSignIn = CombinedProperty(Property(emailField, \.text), Property(passwordField, \.text)) { email, password in
///     email.contains("@") && password.count >= 8
/// }
/// let enableSignIn = try Binding(source: canSignIn, destination: Property(signInButton, \.isEnabled), triggers: .standard)
/// ```
///
/// Any number of properties, each of its own type, each possibly a transformer. An update
/// reads every source, in order: when one fails, nothing is written and the failure is a
/// ``CombinedSourceError`` that says which source failed and why (a source's filter declining
/// its value declines the combined value: ``UpdateResult/filtered``). A ``TriggerRegistry``
/// infers the triggers of every source, through its transformers, so that one binding made
/// with `triggers: .standard` hears every input; ``BindingGraph`` draws an edge from each
/// source. A binding of an `Equatable` result does not write a value equal to the
/// destination's.
public struct CombinedProperty<each Source: ReadableProperty, Value>: ReadableProperty {
    /// The properties combined, in order.
    public let sources: (repeat each Source)
    /// One closure per source that reads it and names it in a failure, made where the property
    /// is created, so that each is compiled for its source's concrete type.
    @usableFromInline let readers: (repeat () throws -> (each Source).Value)
    @usableFromInline let combine: (repeat (each Source).Value) throws -> Value

    /// Creates a property that reads `sources` and combines their values with `combine`.
    ///
    /// ```swift
    /// let fullName = CombinedProperty(Property(person, \.first), Property(person, \.last)) { "\($0) \($1)" }
    /// ```
    ///
    /// `combine` may throw to refuse a combination; its error is reported as the binding's
    /// failure to read its source.
    @inlinable
    public init(
        _ sources: repeat each Source, combine: @escaping (repeat (each Source).Value) throws -> Value
    ) {
        self.sources = (repeat each sources)
        var index = 0
        self.readers = (repeat Self.reader(of: each sources, at: &index))
        self.combine = combine
    }

    /// Reads every source, in order, and combines their values.
    ///
    /// - Throws: ``CombinedSourceError`` naming the first source that could not be read;
    ///   ``ValueDeclined`` when a source's filter declined its value; the error `combine` throws.
    @inlinable
    public func read() throws -> Value {
        try combine(repeat try (each readers)())
    }

    /// A closure that reads `source`, the source at `index` (which it advances).
    @inlinable
    static func reader<Property: ReadableProperty>(
        of source: Property, at index: inout Int
    ) -> () throws -> Property.Value {
        let position = index
        index += 1
        return {
            do {
                return try source.read()
            } catch let declined as ValueDeclined {
                throw declined
            } catch {
                throw CombinedSourceError(index: position, source: String(describing: source), error: error)
            }
        }
    }
}

extension CombinedProperty: CombinedSources {
    var combinedSources: [any ReadableProperty] {
        var list: [any ReadableProperty] = []
        for source in repeat each sources { list.append(source) }
        return list
    }
}

extension CombinedProperty: CustomStringConvertible {
    /// The sources, for failure messages: `(\TextField.text, \TextField.text)`.
    public var description: String {
        "(" + combinedSources.map { String(describing: $0) }.joined(separator: ", ") + ")"
    }
}

/// Why a ``CombinedProperty`` could not be read: which source failed, and its error.
///
/// ```swift
/// storeTotal.onError = { failure in
///     if let failed = failure.error as? CombinedSourceError { print(failed.index, failed.error) }
/// }
/// ```
public struct CombinedSourceError: Error, CustomStringConvertible {
    /// The position of the source that failed, from 0, in the order given to the property.
    public let index: Int
    /// The source, as text (`\TextField.text`).
    public let source: String
    /// The source's error: a ``PropertyError``, a ``TransformError``, or a transformer's own.
    public let error: any Error

    /// Creates the error of source `index`.
    public init(index: Int, source: String, error: any Error) {
        self.index = index
        self.source = source
        self.error = error
    }

    /// `source 1 (\TextField.text): "x" is not a number`.
    public var description: String {
        "source \(index) (\(source)): \(error)"
    }
}

/// A property that reads several properties: what a registry and a graph look into.
protocol CombinedSources {
    var combinedSources: [any ReadableProperty] { get }
}
