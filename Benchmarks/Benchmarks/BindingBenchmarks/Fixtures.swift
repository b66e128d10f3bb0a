import Foundation
import OpenCombine
import PropertyBinding
import PropertyBindingControls

/// The number of updates one benchmark iteration performs: every figure is per 1,000 updates,
/// so that a few nanoseconds per update are not lost in the harness's own overhead.
let updatesPerIteration = 1_000

/// The source of an update: a model object with an `Int` and a `String` property.
final class Model: @unchecked Sendable {
    var count = 0
    var name = ""
}

/// The destination of an update: a view object with an `Int` and a `String` property.
final class View: @unchecked Sendable {
    var count = 0
    var text = ""
}

/// A model whose properties publish their changes, for the OpenCombine `@Published` baseline.
final class PublishedModel {
    @OpenCombine.Published var count = 0
    @OpenCombine.Published var name = ""
}

/// A view that calls `didChange` after each change of `count`: a two-way pair's echo.
final class EchoView {
    var didChange: (() -> Void)?
    var count = 0 { didSet { didChange?() } }
}

/// A model that announces its changes synchronously, for ``KeyPathTrigger``.
final class ObservedModel: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    var count = 0 { didSet { didChange(\.count) } }
    var name = "" { didSet { didChange(\.name) } }
}

/// A control with a value and a text, for ``TargetActionTrigger``.
final class Slider: Control {
    var value = 0
    var text = ""
}

/// A trigger fired by hand: the custom trigger of the benchmarks.
final class ManualTrigger: Trigger {
    weak var delegate: (any TriggerDelegate)?
    func fire() { delegate?.triggerDidFire(self) }
}

/// Two distinct heap-allocated strings (longer than the 15 bytes Swift stores inline), so a
/// `String` update moves a reference-counted buffer, as real text does.
let names = ["Ann Example, 12 Long Street", "Bob Example, 34 Other Street"]

/// Returns `value` through a call the optimizer cannot see into: a key path laundered through
/// it is a stored key path, as in an engine that keeps key paths at run time.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// The stored key paths of the hand-applied baseline.
final class StoredKeyPaths: @unchecked Sendable {
    let modelCount: ReferenceWritableKeyPath<Model, Int> = opaque(\Model.count as ReferenceWritableKeyPath<Model, Int>)
    let viewCount: ReferenceWritableKeyPath<View, Int> = opaque(\View.count as ReferenceWritableKeyPath<View, Int>)
    let modelName: ReferenceWritableKeyPath<Model, String> = opaque(
        \Model.name as ReferenceWritableKeyPath<Model, String>)
    let viewText: ReferenceWritableKeyPath<View, String> = opaque(\View.text as ReferenceWritableKeyPath<View, String>)
}

extension Notification.Name {
    static let modelDidChange = Notification.Name("BenchmarkModelDidChange")
}

/// Silences the default error handler: no benchmark is meant to fail an update.
func quietErrors() {
    AnyBinding.defaultErrorHandler = { failure in fatalError("unexpected failure: \(failure)") }
}
