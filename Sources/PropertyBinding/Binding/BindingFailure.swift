/// A failed update: which binding, at which step, and the error that stopped it. Nothing was
/// written to the destination.
///
/// ```swift
/// storeAge.onError = { failure in
///     print(failure)   // binding "age" (\TextField.text → \Person.age) could not read the source: "forty" is not a number
/// }
/// ```
public struct BindingFailure: Error, CustomStringConvertible {
    /// The step of the update that failed.
    public enum Stage: Sendable, Equatable {
        /// Reading the source (or converting it through the source's transformers) failed.
        case readingSource
        /// Writing the destination (or converting the value back through the destination's
        /// transformers) failed.
        case writingDestination
        /// The binding was fired again by its own update, through a cycle of bindings, and the
        /// value would still change: the nested update was not run (the error is an
        /// ``UpdateCycleError``).
        case reentrant
    }

    /// The step that failed.
    public var stage: Stage { storage.stage }
    /// The error thrown: a ``PropertyError``, a ``TransformError``, or your transformer's own.
    public var error: any Error { storage.error }
    /// The identity of the binding that failed (compare with `ObjectIdentifier(binding)`).
    public var bindingID: ObjectIdentifier { storage.bindingID }
    /// The binding's ``AnyBinding/label``, if it has one.
    public var label: String? { storage.label }
    /// The binding's source and destination, as text (`\TextField.text → \Person.age`).
    ///
    /// Made when first read, not when the update fails: describing a key path is costly, and a
    /// form with a bad field fails on every keystroke.
    public var path: String { storage.pathText.value }

    /// Every field, in one object: a failure is one reference, so an ``UpdateResult`` is one
    /// word, and the results of good updates are copied and dropped without the value
    /// witnesses a multi-field payload needs (measurable in a two-way echo: Benchmarks/README.md).
    private let storage: Storage

    private final class Storage: Sendable {
        let stage: Stage
        let error: any Error
        let bindingID: ObjectIdentifier
        let label: String?
        let pathText: LazyText

        init(stage: Stage, error: any Error, bindingID: ObjectIdentifier, label: String?, pathText: LazyText) {
            self.stage = stage
            self.error = error
            self.bindingID = bindingID
            self.label = label
            self.pathText = pathText
        }
    }

    /// A failure whose path is already text.
    init(stage: Stage, error: any Error, bindingID: ObjectIdentifier, label: String?, path: String) {
        self.init(stage: stage, error: error, bindingID: bindingID, label: label, pathText: LazyText(path))
    }

    /// A failure whose path is made when first read.
    init(stage: Stage, error: any Error, bindingID: ObjectIdentifier, label: String?, pathText: LazyText) {
        storage = Storage(stage: stage, error: error, bindingID: bindingID, label: label, pathText: pathText)
    }

    /// Whether the error says that an object the binding reads or writes is gone (also through
    /// a ``CombinedSourceError``): the binding then ends.
    var meansObjectGone: Bool {
        // Casts to concrete types: a cast to a protocol looks its conformance up, and a failed
        // update (a text that is not a number) asks this too.
        var error = error
        while true {
            if let property = error as? PropertyError {
                guard case .objectDeallocated = property else { return false }
                return true
            }
            guard let combined = error as? CombinedSourceError else { return false }
            error = combined.error
        }
    }

    /// A sentence naming the binding, the step and the error.
    public var description: String {
        let name = label.map { "binding \"\($0)\" (\(path))" } ?? "binding \(path)"
        let step: String
        switch stage {
        case .readingSource: step = "could not read the source"
        case .writingDestination: step = "could not write the destination"
        case .reentrant: step = "was fired again by its own update"
        }
        return "\(name) \(step): \(error)"
    }
}
