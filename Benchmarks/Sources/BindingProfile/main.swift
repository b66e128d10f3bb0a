// Runs one update scenario many times, for `valgrind --tool=callgrind` (instruction counts are
// repeatable where wall clock is not):
//
//     swift build -c release --package-path Benchmarks --product BindingProfile
//     valgrind --tool=callgrind Benchmarks/.build/release/BindingProfile custom-int 100000
import Foundation
import PropertyBinding

final class Model: @unchecked Sendable {
    var count = 0
    var name = ""
    var text = ""
}

final class View: @unchecked Sendable {
    var count = 0
    var text = ""
}

final class ManualTrigger: Trigger {
    weak var delegate: (any TriggerDelegate)?
    func fire() { delegate?.triggerDidFire(self) }
}

final class ObservedModel: KeyPathObservable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    var count = 0 { didSet { didChange(\.count) } }
    var name = "" { didSet { didChange(\.name) } }
}

final class Slider: Control, @unchecked Sendable {
    var value = 0
    var text = ""
}

final class EchoView {
    var didChange: (() -> Void)?
    var count = 0 { didSet { didChange?() } }
}

final class Handler {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

protocol KnobDelegate: AnyObject {
    func knobDidTurn(_ knob: Knob)
}

final class Knob: @unchecked Sendable {
    var value = 0
    var text = ""
    let delegateSlot = DelegateSlot<any KnobDelegate>()
    func turned() { delegateSlot.receiver?.knobDidTurn(self) }
}

extension DelegateCallback {
    static let knobDidTurn: DelegateCallback = "knobDidTurn"
}

final class KnobDelegateProxy: DelegateProxy<Knob, any KnobDelegate>, KnobDelegate {
    init(_ knob: Knob) { super.init(knob, slot: \.delegateSlot) }
    func knobDidTurn(_ knob: Knob) {
        forward { $0.knobDidTurn(knob) }
        fire(.knobDidTurn)
    }
}

extension Notification.Name {
    static let modelDidChange = Notification.Name("ProfileModelDidChange")
}

@_silgen_name("malloc_usable_size")
func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int

/// Two heap-allocated strings, as in the benchmarks.
let names = ["Ann Example, 12 Long Street", "Bob Example, 34 Other Street"]

@inline(never)
func opaque<T>(_ value: T) -> T { value }

let arguments = CommandLine.arguments
let scenario = arguments.count > 1 ? arguments[1] : "custom-int"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
let (model, view, trigger, center) = (Model(), View(), ManualTrigger(), NotificationCenter())

switch scenario {
case "custom-int":
    let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
    binding.addTrigger(trigger)
    for _ in 0..<count {
        model.count &+= 1
        trigger.fire()
    }
    withExtendedLifetime(binding) {}
case "closure-int":
    let handler: Handler = opaque(
        Handler { [weak model, weak view] in
            guard let model, let view else { return }
            view.count = model.count
        })
    for _ in 0..<count {
        model.count &+= 1
        handler.body()
    }
case "keypath-trigger-int":
    let observed = ObservedModel()
    let binding = Binding(source: Property(observed, \.count), destination: Property(view, \.count))
    binding.addTrigger(KeyPathTrigger(observed, \.count))
    for _ in 0..<count { observed.count &+= 1 }
    withExtendedLifetime(binding) {}
case "action-int":
    let slider = Slider()
    let binding = Binding(source: Property(slider, \.value), destination: Property(view, \.count))
    binding.addTrigger(TargetActionTrigger(control: slider, events: .valueChanged))
    for _ in 0..<count {
        slider.value &+= 1
        slider.sendActions(for: .valueChanged)
    }
    withExtendedLifetime(binding) {}
case "sizes":
    // The heap blocks of one binding with a notification trigger (malloc_usable_size).
    let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
    let notification = NotificationTrigger(center: center, name: .modelDidChange, object: model)
    binding.addTrigger(notification)
    func size(_ object: AnyObject) -> Int { mallocUsableSize(Unmanaged.passUnretained(object).toOpaque()) }
    print("binding", size(binding), "trigger", size(notification))
case "delegation-int":
    let knob = Knob()
    let binding = Binding(source: Property(knob, \.value), destination: Property(view, \.count))
    binding.addTrigger(DelegationTrigger(proxy: KnobDelegateProxy(knob), callbacks: [.knobDidTurn]))
    for _ in 0..<count {
        knob.value &+= 1
        knob.turned()
    }
    withExtendedLifetime(binding) {}
case "keypaths-int":
    let source: ReferenceWritableKeyPath<Model, Int> = opaque(\Model.count as ReferenceWritableKeyPath<Model, Int>)
    let destination: ReferenceWritableKeyPath<View, Int> = opaque(\View.count as ReferenceWritableKeyPath<View, Int>)
    for _ in 0..<count {
        model.count &+= 1
        view[keyPath: destination] = model[keyPath: source]
    }
case "notification-int":
    let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
    binding.addTrigger(NotificationTrigger(center: center, name: .modelDidChange, object: model))
    for _ in 0..<count {
        model.count &+= 1
        center.post(name: .modelDidChange, object: model)
    }
    withExtendedLifetime(binding) {}
case "observer-int":
    let token = center.addObserver(forName: .modelDidChange, object: model, queue: nil) {
        [weak model, weak view] _ in
        guard let model, let view else { return }
        view.count = model.count
    }
    for _ in 0..<count {
        model.count &+= 1
        center.post(name: .modelDidChange, object: model)
    }
    withExtendedLifetime(token) {}
case "number":
    let number = StringToNumberTransformer<Int>(property: Property(model, \.text), formatter: NumberFormatter())
    let binding = Binding(source: number, destination: Property(view, \.count))
    binding.addTrigger(trigger)
    let texts = ["42", "1234"]
    for index in 0..<count {
        model.text = texts[index & 1]
        trigger.fire()
    }
    withExtendedLifetime(binding) {}
case "formatter":
    let formatter = NumberFormatter()
    let texts = ["42", "1234"]
    for index in 0..<count {
        model.text = texts[index & 1]
        if let number = formatter.number(from: model.text) { view.count = number.intValue }
    }
case "two-way-int":
    let echoView = EchoView()
    let viewChanged = ManualTrigger()
    let pair = TwoWayBinding(
        model: Property(model, \.count), form: Property(echoView, \.count), modelTriggers: [trigger],
        formTriggers: [viewChanged])
    echoView.didChange = { viewChanged.fire() }
    for _ in 0..<count {
        model.count &+= 1
        trigger.fire()
    }
    withExtendedLifetime(pair) {}
case "closure-string":
    let handler: Handler = opaque(
        Handler { [weak model, weak view] in
            guard let model, let view else { return }
            view.text = model.name
        })
    for index in 0..<count {
        model.name = names[index & 1]
        handler.body()
    }
case "custom-string":
    let binding = Binding(source: Property(model, \.name), destination: Property(view, \.text))
    binding.addTrigger(trigger)
    for index in 0..<count {
        model.name = names[index & 1]
        trigger.fire()
    }
    withExtendedLifetime(binding) {}
case "keypath-trigger-string":
    let observed = ObservedModel()
    let binding = Binding(source: Property(observed, \.name), destination: Property(view, \.text))
    binding.addTrigger(KeyPathTrigger(observed, \.name))
    for index in 0..<count { observed.name = names[index & 1] }
    withExtendedLifetime(binding) {}
case "action-string":
    let slider = Slider()
    let binding = Binding(source: Property(slider, \.text), destination: Property(view, \.text))
    binding.addTrigger(TargetActionTrigger(control: slider, events: .valueChanged))
    for index in 0..<count {
        slider.text = names[index & 1]
        slider.sendActions(for: .valueChanged)
    }
    withExtendedLifetime(binding) {}
case "delegation-string":
    let knob = Knob()
    let binding = Binding(source: Property(knob, \.text), destination: Property(view, \.text))
    binding.addTrigger(DelegationTrigger(proxy: KnobDelegateProxy(knob), callbacks: [.knobDidTurn]))
    for index in 0..<count {
        knob.text = names[index & 1]
        knob.turned()
    }
    withExtendedLifetime(binding) {}
default:
    print("unknown scenario \(scenario)")
    exit(2)
}
print(scenario, count, view.count)
