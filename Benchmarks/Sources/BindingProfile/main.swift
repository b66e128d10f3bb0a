// Runs one update scenario many times, for `valgrind --tool=callgrind` (instruction counts are
// repeatable where wall clock is not); the list diff scenarios (`diff`, `stdlib-diff`,
// `diff-rows`) and the table scenarios (`rows-initial`, `rows-apply`, `rows-rebuild`, the sectioned
// `sections-initial`, `sections-apply`, and
// `rows-hidden`, `rows-hidden-unbound`: the malloc calls and heap bytes per hidden row of
// Scripts/allocations.py) take a row count instead:
//
//     swift build -c release --package-path Benchmarks --product BindingProfile
//     valgrind --tool=callgrind Benchmarks/.build/release/BindingProfile custom-int 100000
//     valgrind --tool=callgrind Benchmarks/.build/release/BindingProfile rows-hidden 100000
import Foundation
import HeapStats
import PropertyBinding
import PropertyBindingControls
import Synchronization

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

/// A closure that is handed the new value: the hand-written baseline with the least work.
final class ValueHandler {
    let body: (Int) -> Void
    init(_ body: @escaping (Int) -> Void) { self.body = body }
}

/// A closure that is handed the new text.
final class StringHandler {
    let body: (String) -> Void
    init(_ body: @escaping (String) -> Void) { self.body = body }
}

/// The least an update must do under the library's contract, written by hand (the "floor"
/// scenarios): read the source, skip a value equal to the destination's, write it. `Strength`
/// says how the trigger holds its binding and the binding its objects: strongly, or weakly as
/// the contract requires (a property never keeps its object alive, a trigger never keeps its
/// binding alive). `locks` adds what serializing updates across threads needs at the least:
/// a lock taken to enter the update and again to leave it.
final class FloorBinding: @unchecked Sendable {
    weak var weakSource: Model?
    weak var weakDestination: View?
    let strongSource: Model?
    let strongDestination: View?
    let locks: Bool
    let updating = Mutex(false)

    init(source: Model, destination: View, weak: Bool, locks: Bool) {
        (weakSource, weakDestination) = weak ? (source, destination) : (nil, nil)
        (strongSource, strongDestination) = weak ? (nil, nil) : (source, destination)
        self.locks = locks
    }

    @inline(never)
    func update() {
        if locks {
            // A reentrant or concurrent entry is refused here; a real gate would wait or hand over.
            let entered = updating.withLock { busy in
                if busy { return false }
                busy = true
                return true
            }
            guard entered else { return }
        }
        if let source = strongSource ?? weakSource, let destination = strongDestination ?? weakDestination {
            let value = source.count
            if destination.count != value { destination.count = value }
        }
        if locks { updating.withLock { $0 = false } }
    }
}

/// A trigger of a ``FloorBinding``, which holds it strongly or weakly.
final class FloorTrigger {
    weak var weakBinding: FloorBinding?
    let strongBinding: FloorBinding?

    init(_ binding: FloorBinding, weak: Bool) {
        weakBinding = weak ? binding : nil
        strongBinding = weak ? nil : binding
    }

    @inline(never)
    func fire() { (strongBinding ?? weakBinding)?.update() }
}

/// A model with `didSet` observers, as announcing models have: its key paths are computed.
final class AnnouncingModel: @unchecked Sendable {
    var count = 0 { didSet { opaque(()) } }
    var text = "" { didSet { opaque(()) } }
}

/// A row of a list, as the list diff scenarios have: an id and a title.
/// A person of an arranged list: its age announces itself (`ArrangedArray` moves its row).
final class ArrangedPerson: KeyPathObservable, Identifiable, Equatable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    let id: Int
    let name: String
    var age: Int { didSet { didChange(\.age) } }

    init(id: Int, name: String, age: Int) {
        self.id = id
        self.name = name
        self.age = age
    }

    static func == (lhs: ArrangedPerson, rhs: ArrangedPerson) -> Bool { lhs === rhs }
}

/// People by age: a hand-written `SortComparator` (a `KeyPathComparator` reads its key path at
/// run time, some thousand instructions a comparison, which would flatter the re-sort baseline).
struct AgeOrder: SortComparator {
    var order: SortOrder = .forward

    func compare(_ lhs: ArrangedPerson, _ rhs: ArrangedPerson) -> ComparisonResult {
        let result: ComparisonResult =
            lhs.age < rhs.age ? .orderedAscending : lhs.age > rhs.age ? .orderedDescending : .orderedSame
        guard order == .reverse else { return result }
        return result == .orderedAscending
            ? .orderedDescending : result == .orderedDescending ? .orderedAscending : result
    }
}

struct ListRow: Identifiable, Equatable {
    let id: Int
    let title: String
}

/// `count` rows and the same rows with 10% deleted and 10% inserted, spread evenly: the row
/// of each ten whose index ends in 3 is gone, and a new row follows each one ending in 7.
func listRows(_ count: Int) -> (old: [ListRow], new: [ListRow]) {
    let old = (0..<count).map { ListRow(id: $0, title: "Row \($0)") }
    var new: [ListRow] = []
    new.reserveCapacity(count)
    for row in old {
        if row.id % 10 != 3 { new.append(row) }
        if row.id % 10 == 7 { new.append(ListRow(id: count + row.id, title: "New row \(row.id)")) }
    }
    return (old, new)
}

/// An element of the hidden-rows scenarios: a repository whose name and detail are announced,
/// as Bond's example binds each cell to one.
final class Repository: KeyPathObservable, Equatable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    let id: Int
    @Announced var name: String
    @Announced var detail: String
    init(id: Int, name: String, detail: String) {
        self.id = id
        self.name = name
        self.detail = detail
    }
    static func == (lhs: Repository, rhs: Repository) -> Bool { lhs === rhs }
}

/// The owner of the repositories' array, which the hidden-rows scenarios bind to a table.
final class RepositoryList: KeyPathObservable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    @Announced var repositories: [Repository] = []
}

/// The bytes in use on the heap now.
func heapBytesInUse() -> Int { heap_bytes_in_use() }

@_silgen_name("malloc_usable_size")
func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int

/// Two heap-allocated strings, as in the benchmarks.
let names = ["Ann Example, 12 Long Street", "Bob Example, 34 Other Street"]

@inline(never)
func opaque<T>(_ value: T) -> T { value }

/// A closure handed back unseen by the optimizer, which then cannot inline or delete its calls.
@inline(never)
func opaqueClosure(_ body: @escaping () -> Void) -> () -> Void { body }

/// The guard flag of the leanest two-way pair written by hand: a final class's field, exempt
/// from the dynamic exclusivity check (the pair runs on one thread).
final class GuardFlag {
    @exclusivity(unchecked) var isUpdating = false
}

let arguments = CommandLine.arguments
let scenario = arguments.count > 1 ? arguments[1] : "custom-int"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
let repeats = arguments.count > 3 ? max(1, Int(arguments[3]) ?? 1) : 1
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
case "two-way-iteration-int":
    // A two-way iteration: the model changes and the field follows (its echo is stopped), then
    // the field changes and the model follows.
    let echoView = EchoView()
    let viewChanged = ManualTrigger()
    let pair = TwoWayBinding(
        model: Property(model, \.count), form: Property(echoView, \.count), modelTriggers: [trigger],
        formTriggers: [viewChanged])
    echoView.didChange = { viewChanged.fire() }
    for _ in 0..<count {
        model.count &+= 1
        trigger.fire()
        echoView.count &+= 1
    }
    view.count = model.count
    withExtendedLifetime(pair) {}
case "two-way-iteration-keypath-int":
    // The same iteration with both sides announced by key path (KeyPathTrigger on each).
    let observed = ObservedModel()
    let field = ObservedModel()
    let pair = TwoWayBinding(
        model: Property(observed, \.count), form: Property(field, \.count),
        modelTriggers: [KeyPathTrigger(observed, \.count)], formTriggers: [KeyPathTrigger(field, \.count)])
    for _ in 0..<count {
        observed.count &+= 1
        field.count &+= 1
    }
    view.count = observed.count
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
case "floor-strong-int", "floor-weak-int", "floor-int":
    let weak = scenario != "floor-strong-int"
    let binding = FloorBinding(source: model, destination: view, weak: weak, locks: scenario == "floor-int")
    let floorTrigger: FloorTrigger = opaque(FloorTrigger(binding, weak: weak))
    for _ in 0..<count {
        model.count &+= 1
        floorTrigger.fire()
    }
    withExtendedLifetime(binding) {}
    precondition(count == 0 || view.count == model.count)
case "handed-int":
    let handler: ValueHandler = opaque(ValueHandler { [weak view] value in view?.count = value })
    for _ in 0..<count {
        model.count &+= 1
        handler.body(model.count)
    }
case "handed-string":
    let handler: StringHandler = opaque(StringHandler { [weak view] value in view?.text = value })
    for index in 0..<count {
        model.name = names[index & 1]
        handler.body(model.name)
    }
case "two-way-closure-int", "two-way-iteration-closure-int":
    // Two closures with a guard flag: the model's change is written to the view, whose echo is
    // stopped by the flag; in the iteration, the view's change is then written to the model.
    let echoView = EchoView()
    var isUpdating = false
    let toView: Handler = opaque(
        Handler { [weak model, weak echoView] in
            guard !isUpdating, let model, let echoView else { return }
            isUpdating = true
            echoView.count = model.count
            isUpdating = false
        })
    let toModel: Handler = opaque(
        Handler { [weak model, weak echoView] in
            guard !isUpdating, let model, let echoView else { return }
            isUpdating = true
            model.count = echoView.count
            isUpdating = false
        })
    echoView.didChange = { toModel.body() }
    if scenario == "two-way-closure-int" {
        for _ in 0..<count {
            model.count &+= 1
            toView.body()
        }
    } else {
        for _ in 0..<count {
            model.count &+= 1
            toView.body()
            echoView.count &+= 1
        }
    }
    view.count = echoView.count
case "two-way-lean-int", "two-way-iteration-lean-int":
    // The leanest hand-written pair: two plain closures (no object around them) sharing a guard
    // flag that is a final class's field, exempt from the dynamic exclusivity check; the view's
    // `didSet` calls the view → model closure itself (no hop). The closures come back from a
    // function the optimizer does not see into, so each call is a real call of a closure.
    let echoView = EchoView()
    let flag = GuardFlag()
    let toView = opaqueClosure { [weak model, weak echoView] in
        guard !flag.isUpdating, let model, let echoView else { return }
        flag.isUpdating = true
        echoView.count = model.count
        flag.isUpdating = false
    }
    echoView.didChange = opaqueClosure { [weak model, weak echoView] in
        guard !flag.isUpdating, let model, let echoView else { return }
        flag.isUpdating = true
        model.count = echoView.count
        flag.isUpdating = false
    }
    if scenario == "two-way-lean-int" {
        for _ in 0..<count {
            model.count &+= 1
            toView()
        }
    } else {
        for _ in 0..<count {
            model.count &+= 1
            toView()
            echoView.count &+= 1
        }
    }
    view.count = echoView.count
    precondition(model.count == echoView.count)
case "good-announcing-int", "failed-announcing-int":
    // A number read from text into a model with `didSet`; the failing run reads "forty".
    AnyBinding.defaultErrorHandler = { _ in }
    let announcing = AnnouncingModel()
    let number = StringToNumberTransformer<Int>(property: Property(model, \.text), formatter: NumberFormatter())
    let binding = Binding(source: number, destination: Property(announcing, \.count))
    binding.addTrigger(trigger)
    let texts = scenario.hasPrefix("good") ? ["42", "1234"] : ["forty", "forty-two"]
    for index in 0..<count {
        model.text = texts[index & 1]
        trigger.fire()
    }
    view.count = announcing.count
    withExtendedLifetime(binding) {}
case "setup-binding", "setup-observer":
    // Set-up and teardown of `count` bindings (or block observers): create, add, post once each,
    // remove. The objects are made first; run with 0 to measure their cost and the process's.
    let models = (0..<count).map { _ in Model() }
    let views = (0..<count).map { _ in View() }
    if scenario == "setup-binding" {
        let bindings = BindingSet()
        for (model, view) in zip(models, views) {
            let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
            binding.addTrigger(NotificationTrigger(center: center, name: .modelDidChange, object: model))
            bindings.add(binding)
        }
        for model in models {
            model.count = 1
            center.post(name: .modelDidChange, object: model)
        }
        bindings.removeAll()
    } else {
        var tokens: [any NSObjectProtocol] = []
        tokens.reserveCapacity(count)
        for (model, view) in zip(models, views) {
            tokens.append(
                center.addObserver(forName: .modelDidChange, object: model, queue: nil) {
                    [weak model, weak view] _ in
                    guard let model, let view else { return }
                    view.count = model.count
                })
        }
        for model in models {
            model.count = 1
            center.post(name: .modelDidChange, object: model)
        }
        for token in tokens { center.removeObserver(token) }
    }
    precondition(views.allSatisfy { $0.count == 1 })
    view.count = views.count
case "fanout-notification", "fanout-keypath":
    // Set-up and teardown of `count` bindings that all listen to one object (one sender's
    // notification, or one announcing key path), each writing a view of its own: fired once,
    // then removed. Removing each used to scan every other one.
    let views = (0..<count).map { _ in View() }
    let observed = ObservedModel()
    let bindings = BindingSet()
    for view in views {
        if scenario == "fanout-notification" {
            let binding = Binding(source: Property(model, \.count), destination: Property(view, \.count))
            binding.addTrigger(NotificationTrigger(center: center, name: .modelDidChange, object: model))
            bindings.add(binding)
        } else {
            let binding = Binding(source: Property(observed, \.count), destination: Property(view, \.count))
            binding.addTrigger(KeyPathTrigger(observed, \.count))
            bindings.add(binding)
        }
    }
    model.count = 1
    center.post(name: .modelDidChange, object: model)
    observed.count = 1
    bindings.removeAll()
    precondition(views.allSatisfy { $0.count == 1 })
case let memory where memory.hasPrefix("memory-"):
    // The heap bytes that `count` bindings of one trigger kind hold (per binding), the objects
    // they bind made first. `memory-KIND-fired` fires each binding once before measuring: what
    // a binding holds once it has been used (caches made on the first change included).
    var kind = String(memory.dropFirst("memory-".count))
    let fires = kind.hasSuffix("-fired")
    if fires { kind = String(kind.dropLast("-fired".count)) }
    var manualTriggers: [ManualTrigger] = []
    let models = (0..<count).map { _ in Model() }
    let observed = (0..<count).map { _ in ObservedModel() }
    let sliders = (0..<count).map { _ in Slider() }
    let knobs = (0..<count).map { _ in Knob() }
    let views = (0..<count).map { _ in View() }
    var kept: [AnyObject] = []
    kept.reserveCapacity(count)
    let bindings = BindingSet()
    let before = heapBytesInUse()
    for index in 0..<count {
        let view = views[index]
        switch kind {
        case "observer":
            kept.append(
                center.addObserver(forName: .modelDidChange, object: models[index], queue: nil) {
                    [weak model = models[index], weak view] _ in
                    guard let model, let view else { return }
                    view.count = model.count
                })
        case "notification":
            let binding = Binding(source: Property(models[index], \.count), destination: Property(view, \.count))
            binding.addTrigger(NotificationTrigger(center: center, name: .modelDidChange, object: models[index]))
            bindings.add(binding)
        case "custom":
            let binding = Binding(source: Property(models[index], \.count), destination: Property(view, \.count))
            let trigger = ManualTrigger()
            binding.addTrigger(trigger)
            bindings.add(binding)
            if fires { manualTriggers.append(trigger) }
        case "keypath":
            let binding = Binding(source: Property(observed[index], \.count), destination: Property(view, \.count))
            binding.addTrigger(KeyPathTrigger(observed[index], \.count))
            bindings.add(binding)
        case "action":
            let binding = Binding(source: Property(sliders[index], \.value), destination: Property(view, \.count))
            binding.addTrigger(TargetActionTrigger(control: sliders[index], events: .valueChanged))
            bindings.add(binding)
        case "delegation":
            let binding = Binding(source: Property(knobs[index], \.value), destination: Property(view, \.count))
            binding.addTrigger(DelegationTrigger(proxy: KnobDelegateProxy(knobs[index]), callbacks: [.knobDidTurn]))
            bindings.add(binding)
        default:
            print("unknown memory kind \(kind)")
            exit(2)
        }
    }
    if fires {
        for index in 0..<count {
            switch kind {
            case "observer", "notification":
                models[index].count = 1
                center.post(name: .modelDidChange, object: models[index])
            case "custom":
                models[index].count = 1
                manualTriggers[index].fire()
            case "keypath": observed[index].count = 1
            case "action":
                sliders[index].value = 1
                sliders[index].sendActions(for: .valueChanged)
            default:
                knobs[index].value = 1
                knobs[index].turned()
            }
        }
        precondition(views.allSatisfy { $0.count == 1 }, "a binding did not update")
    }
    let bytes = heapBytesInUse() - before - manualTriggers.capacity * MemoryLayout<ManualTrigger>.stride
    print("bytes per binding", count == 0 ? 0 : bytes / count)
    withExtendedLifetime((kept, bindings, models, observed, sliders, knobs, views, manualTriggers)) {}
case "property-read-int":
    // One read of a stored Int through a Property: the second read a combined source adds.
    let other = Model()
    let read = opaque(Property(other, \.count))
    for _ in 0..<count {
        other.count &+= 1
        view.count &+= try! read.read()
    }
case "combined-int":
    // Two sources combined into one destination; both change, one trigger fires.
    let other = Model()
    let combined = CombinedProperty(Property(model, \.count), Property(other, \.count)) { $0 &+ $1 }
    let binding = Binding(source: combined, destination: Property(view, \.count))
    binding.addTrigger(trigger)
    for _ in 0..<count {
        model.count &+= 1
        trigger.fire()
    }
    withExtendedLifetime((binding, other)) {}
case "map-int", "filter-int":
    // The same one-step chain, a map or a filter that lets every value through.
    let shift = opaque(0)
    if scenario == "map-int" {
        let binding = Binding(
            source: Property(model, \.count).map { $0 &+ shift }, destination: Property(view, \.count))
        binding.addTrigger(trigger)
        for _ in 0..<count {
            model.count &+= 1
            trigger.fire()
        }
        withExtendedLifetime(binding) {}
    } else {
        let binding = Binding(
            source: Property(model, \.count).filter { $0 >= shift }, destination: Property(view, \.count))
        binding.addTrigger(trigger)
        for _ in 0..<count {
            model.count &+= 1
            trigger.fire()
        }
        withExtendedLifetime(binding) {}
    }
case "setter-int":
    // A Setter destination where custom-int has a Property destination.
    let binding = Binding(
        source: Property(model, \.count), destination: Setter(view) { view, value in view.count = value })
    binding.addTrigger(trigger)
    for _ in 0..<count {
        model.count &+= 1
        trigger.fire()
    }
    withExtendedLifetime(binding) {}
case "once-live-int", "once-dead-int":
    // Per iteration, a binding is made, updated once and released. Its destination's object is
    // alive, or already gone: then the update fails, reports and ends the binding. The difference
    // of the two runs is what a dead object costs beyond a good update.
    AnyBinding.defaultErrorHandler = { _ in }
    let dead = scenario == "once-dead-int"
    for _ in 0..<count {
        let target = View()
        let destination = dead ? { Property(View(), \.count) }() : Property(target, \.count)
        model.count &+= 1
        let binding = Binding(source: Property(model, \.count), destination: destination)
        _ = opaque(binding.update())
        withExtendedLifetime(target) {}
    }
case "delivered-burst":
    // `count` fires while the delivery queue is suspended, then the queue runs: one write.
    let queue = DispatchQueue(label: "delivery")
    queue.suspend()
    let written = Binding(source: Property(model, \.count), destination: Property(view, \.count))
    let binding = written.delivered(on: queue)
    binding.addTrigger(trigger)
    for _ in 0..<count {
        model.count &+= 1
        trigger.fire()
    }
    queue.resume()
    queue.sync {}
    precondition(count == 0 || binding.updateCounts.written == 1, "a burst wrote more than once")
    withExtendedLifetime(binding) {}
case "diff-rows", "diff", "stdlib-diff":
    // The list diff of `count` rows, 10% deleted and 10% inserted (issue 28), by `ListDiff` or by
    // the standard library's `difference(from:)` (Myers, by equality); `diff-rows` only makes the
    // rows, which the other two subtract.
    // It prints the diff's wall-clock time too, for the sizes too slow for callgrind.
    // An optional third argument runs it that many times in one process and prints the fastest
    // (the memory reused, as in an app that diffs again and again).
    let (old, new) = listRows(count)
    var fastest = Duration.seconds(Int64.max)
    for _ in 0..<repeats {
        let start = ContinuousClock.now
        switch scenario {
        case "diff":
            let changes = ListDiff.changes(from: opaque(old), to: opaque(new))
            precondition(changes.deletes.count == count / 10 && changes.inserts.count == count / 10)
            precondition(changes.moves.isEmpty && changes.reloads.isEmpty)
            view.count = changes.deletes.count + changes.inserts.count
        case "stdlib-diff":
            let difference = opaque(new).difference(from: opaque(old))
            view.count = difference.insertions.count + difference.removals.count
        default:
            view.count = opaque(old).count + opaque(new).count
        }
        fastest = min(fastest, ContinuousClock.now - start)
    }
    let elapsed = fastest.components
    print("diff nanoseconds", elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000)
case "rows-initial", "rows-apply", "rows-rebuild":
    // An array of `count` rows bound to a table of 20 visible rows (`TableRows`), shown once
    // (`rows-initial`); then the array with 10% deleted and 10% inserted reaches the table as a
    // batch (`rows-apply`: diff + apply), or the table is rebuilt whole from it (`rows-rebuild`:
    // `reloadData()` over the new array). Each less `rows-initial`, per row.
    final class Rows: @unchecked Sendable { var rows: [ListRow] = [] }
    let (old, new) = listRows(count)
    let holder = Rows()
    holder.rows = old
    let table = TableView(visibleRowCount: 20)
    let rows = TableRows(table) { (cell, row: ListRow) in
        cell.text = row.title
        return []
    }
    let binding = Binding(source: Property(holder, \.rows), destination: rows)
    binding.update()
    switch scenario {
    case "rows-apply":
        // With a third argument, that many times (the table shown `old` again between them,
        // unmeasured), printing the fastest.
        var fastest = Duration.seconds(Int64.max)
        for round in 0..<repeats {
            if round > 0 {
                holder.rows = old
                binding.update()
            }
            holder.rows = new
            let start = ContinuousClock.now
            binding.update()
            fastest = min(fastest, ContinuousClock.now - start)
        }
        let elapsed = fastest.components
        print("apply nanoseconds", elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000)
    case "rows-rebuild":
        binding.invalidate()
        final class Rebuilt: TableViewDataSource {
            var rows: [ListRow] = []
            func numberOfRows(in tableView: TableView) -> Int { rows.count }
            func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
                let cell = tableView.dequeueReusableCell(TableViewCell.self)
                cell.text = rows[row].title
                return cell
            }
        }
        let rebuilt = Rebuilt()
        rebuilt.rows = new
        table.dataSource = rebuilt
        table.reloadData()
        withExtendedLifetime(rebuilt) {}
    default:
        break
    }
    precondition(table.numberOfRows == (scenario == "rows-initial" ? old.count : new.count))
    view.count = table.numberOfRows
    withExtendedLifetime((binding, rows, table)) {}
case "sections-initial", "sections-apply":
    // The rows of `rows-apply` cut into sections of 100 (`count / 100` sections, ids by the
    // hundred) and bound to a table of 20 visible rows (`TableSections`), shown once
    // (`sections-initial`); then the same change (10% of the rows deleted, 10% inserted, each
    // section keeping 100 rows) reaches the table as one sectioned batch (`sections-apply`: the
    // sectioned diff + apply). Each less `sections-initial`, per row; `rows-apply` is the
    // unsectioned baseline. With a third argument, that many updates, the fastest printed.
    final class Sections: @unchecked Sendable { var sections: [ListSection<Int, ListRow>] = [] }
    let (old, new) = listRows(count)
    func sectioned(_ rows: [ListRow]) -> [ListSection<Int, ListRow>] {
        var sections: [ListSection<Int, ListRow>] = []
        sections.reserveCapacity(count / 100)
        for row in rows {
            let section = (row.id < count ? row.id : row.id - count) / 100
            if sections.last?.id != section { sections.append(ListSection(id: section, rows: [])) }
            sections[sections.count - 1].rows.append(row)
        }
        return sections
    }
    let (oldSections, newSections) = (sectioned(old), sectioned(new))
    let holder = Sections()
    holder.sections = oldSections
    let table = TableView(visibleRowCount: 20)
    let sections = TableSections(table, sectionID: Int.self) { (cell, row: ListRow) in
        cell.text = row.title
        return []
    }
    let binding = Binding(source: Property(holder, \.sections), destination: sections)
    binding.update()
    if scenario == "sections-apply" {
        var fastest = Duration.seconds(Int64.max)
        for round in 0..<repeats {
            if round > 0 {
                holder.sections = oldSections
                binding.update()
            }
            holder.sections = newSections
            let start = ContinuousClock.now
            binding.update()
            fastest = min(fastest, ContinuousClock.now - start)
        }
        let elapsed = fastest.components
        print("apply nanoseconds", elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000)
    }
    precondition(table.numberOfRows == (scenario == "sections-initial" ? old.count : new.count))
    precondition(table.numberOfSections == count / 100)
    view.count = table.numberOfRows
    withExtendedLifetime((binding, sections, table)) {}
case "rows-insert-announced", "rows-insert-diffed":
    // `count` inserts into the middle of 100,000 rows bound to a table of 20 visible rows
    // (`TableRows`; issue 28, item 4): announced by an `ObservableArray`, whose batch the rows
    // take as it is, or made to a plain array property and diffed. Less the same with no insert,
    // per insert.
    let size = 100_000
    let table = TableView(visibleRowCount: 20)
    let rows = TableRows(table) { (cell, row: ListRow) in
        cell.text = row.title
        return []
    }
    let shown = (0..<size).map { ListRow(id: $0, title: "Row \($0)") }
    if scenario == "rows-insert-announced" {
        let array = ObservableArray(shown)
        let binding = try Binding(source: array, destination: rows, triggers: .standard).updatingNow()
        for step in 0..<count {
            array.insert(ListRow(id: size + step, title: "New \(step)"), at: size / 2)
        }
        withExtendedLifetime(binding) {}
    } else {
        final class Rows: @unchecked Sendable { var rows: [ListRow] = [] }
        let holder = Rows()
        holder.rows = shown
        let binding = Binding(source: Property(holder, \.rows), destination: rows)
        binding.update()
        for step in 0..<count {
            holder.rows.insert(ListRow(id: size + step, title: "New \(step)"), at: size / 2)
            binding.update()
        }
    }
    precondition(table.numberOfRows == size + count)
    view.count = table.numberOfRows
    withExtendedLifetime((rows, table)) {}
case "mapped-insert-per-change", "mapped-insert-remap":
    // `count` inserts into the middle of an `ObservableArray` of 100,000 rows that a mapped array
    // follows (issue 35, item 5): `mapped(_:)`, which maps the inserted row alone and applies the
    // batch, or an observer that maps the whole array again on each change. Less the same with
    // no insert, per insert.
    let size = 100_000
    let array = ObservableArray((0..<size).map { ListRow(id: $0, title: "Row \($0)") })
    let mappedCount: Int
    if scenario == "mapped-insert-per-change" {
        let titles = array.mapped { $0.title }
        for step in 0..<count {
            array.insert(ListRow(id: size + step, title: "New \(step)"), at: size / 2)
        }
        mappedCount = titles.count
    } else {
        final class Titles: @unchecked Sendable { var titles: [String] = [] }
        let holder = Titles()
        holder.titles = array.elements.map(\.title)
        let observation = array.observe { [weak array] _ in holder.titles = array?.elements.map(\.title) ?? [] }
        for step in 0..<count {
            array.insert(ListRow(id: size + step, title: "New \(step)"), at: size / 2)
        }
        array.removeObservation(observation)
        mappedCount = holder.titles.count
    }
    precondition(mappedCount == size + count)
    view.count = mappedCount
case "arranged-key-change", "resorted-key-change", "arranged-key-change-table", "resorted-key-change-table":
    // `count` sort-key changes (an age), one element each, in a list of 100,000 people sorted by
    // age (issue 35, item 2): an `ArrangedArray`, which moves the one row, or the array sorted
    // whole again (the same comparator) and diffed (`ListDiff`). `-table`: bound to a table of 20
    // visible rows (`TableRows`), which takes the arranged batch, or diffs the sorted array.
    // Less the same with no change, per change.
    let size = 100_000
    let table = TableView(visibleRowCount: 20)
    let rows = TableRows(table) { (cell, person: ArrangedPerson) in
        cell.text = person.name
        return []
    }
    let bound = scenario.hasSuffix("-table")
    let people = (0..<size).map { ArrangedPerson(id: $0, name: "Person \($0)", age: ($0 &* 7_919) % size) }
    if scenario.hasPrefix("arranged") {
        let arranged = ArrangedArray(ObservableArray(people), sortedBy: [AgeOrder()], rearrangingOn: [\.age])
        let binding = bound ? try Binding(source: arranged, destination: rows, triggers: .standard).updatingNow() : nil
        var moves = 0
        let observation = arranged.observe { changes in moves += changes.moves.count + changes.reloads.count }
        for step in 0..<count {
            let person = people[(step &* 104_729) % size]
            person.age = (person.age + size / 2) % size
        }
        precondition(moves == count)
        precondition(arranged.count == size)
        arranged.removeObservation(observation)
        withExtendedLifetime(binding) {}
    } else {
        final class People: @unchecked Sendable { var shown: [ArrangedPerson] = [] }
        let holder = People()
        holder.shown = people.sorted(using: AgeOrder())
        let binding = Binding(source: Property(holder, \.shown), destination: rows)
        if bound { binding.update() }
        var moves = 0
        for step in 0..<count {
            let person = people[(step &* 104_729) % size]
            person.age = (person.age + size / 2) % size
            let old = holder.shown
            holder.shown = people.sorted(using: AgeOrder())
            if bound {
                binding.update()
            } else {
                moves += ListDiff.changes(from: old, to: holder.shown, id: { $0.id }, isSameContent: ==).moves.count
            }
        }
        precondition(bound || moves >= count)
    }
    view.count = bound ? table.numberOfRows : size
    withExtendedLifetime((rows, table)) {}
case "arranged-type", "arranged-type-none", "resorted-type", "resorted-type-none":
    // Typing one more character into a search field over `count` people sorted by age, bound to
    // a table of 20 visible rows (issue 35, item 2): "1" typed first, then "12" (the `-none`
    // scenarios stop at "1"); an `ArrangedArray` whose filter is bound to the field, or the
    // array filtered and sorted whole and diffed by `TableRows`. The difference is the character.
    let table = TableView(visibleRowCount: 20)
    let rows = TableRows(table) { (cell, person: ArrangedPerson) in
        cell.text = person.name
        return []
    }
    let people = (0..<count).map { ArrangedPerson(id: $0, name: "Person \($0)", age: ($0 &* 7_919) % max(count, 1)) }
    let field = TextField()
    let typesTwice = !scenario.hasSuffix("-none")
    if scenario.hasPrefix("arranged") {
        let arranged = ArrangedArray(ObservableArray(people), sortedBy: [AgeOrder()])
        let show = try Binding(source: arranged, destination: rows, triggers: .standard).updatingNow()
        var batches = 0
        let search = try arranged.bindFilter(to: Property(field, \.text), triggers: .standard) { text, person in
            text.isEmpty || person.name.contains(text)
        }
        let observation = arranged.observe { _ in batches += 1 }
        _ = field.simulateTyping("1")
        if typesTwice { _ = field.simulateTyping("12") }
        precondition(batches == (typesTwice ? 2 : 1))
        arranged.removeObservation(observation)
        withExtendedLifetime((show, search)) {}
    } else {
        final class People: @unchecked Sendable { var shown: [ArrangedPerson] = [] }
        let holder = People()
        holder.shown = people.sorted(using: AgeOrder())
        let show = Binding(source: Property(holder, \.shown), destination: rows)
        show.update()
        let search = Binding(
            source: Property(field, \.text),
            destination: Setter(holder) { holder, text in
                holder.shown = people.filter { text.isEmpty || $0.name.contains(text) }.sorted(using: AgeOrder())
                show.update()
            })
        search.addTrigger(TargetActionTrigger(control: field, events: .editingChanged))
        _ = field.simulateTyping("1")
        if typesTwice { _ = field.simulateTyping("12") }
        withExtendedLifetime(search) {}
    }
    view.count = table.numberOfRows
    withExtendedLifetime((rows, table)) {}
case "row-binding-update", "alone-binding-update":
    // A row's binding updated `count` times (issue 28: a row's bindings cost what the same
    // bindings cost alone): the name of the repository in row 0 of a table of 20 visible rows
    // changes, and the row's binding (name → cell.text, `triggers: .standard`) writes it; or the
    // same binding made alone, on a cell of its own.
    let repository = Repository(id: 0, name: names[1], detail: "")
    let list = RepositoryList()
    list.repositories = [repository] + (1..<100).map { Repository(id: $0, name: "Repository \($0)", detail: "") }
    let cell: TableViewCell
    var kept: [AnyObject] = []
    if scenario == "row-binding-update" {
        let table = TableView(visibleRowCount: 20)
        let rows = TableRows(table, id: \Repository.id, cell: TableViewCell.self) { cell, repository in
            [
                try Binding(
                    source: Property(repository, \.name), destination: Property(cell, \.text), triggers: .standard
                ).updatingNow()
            ]
        }
        let binding = try Binding(source: Property(list, \.repositories), destination: rows, triggers: .standard)
            .updatingNow()
        cell = table.cellForRow(at: 0)!
        kept = [table, rows, binding]
    } else {
        cell = TableViewCell()
        kept = [
            try Binding(source: Property(repository, \.name), destination: Property(cell, \.text), triggers: .standard)
                .updatingNow()
        ]
    }
    for index in 0..<count { repository.name = names[index & 1] }
    precondition(cell.text == repository.name)
    view.text = cell.text
    withExtendedLifetime((kept, list)) {}
case "selection-insert", "selection-insert-none", "selection-wallclock":
    // `count` inserts into the middle of 100,000 rows of an `ObservableArray` bound to a table of
    // 20 visible rows (`TableRows`; issue 35, item 3), with 10 rows selected, spread over the list,
    // which the selection keeps by id through each batch (`selection-insert`), or with none (the
    // baseline, `selection-insert-none`). Less the same with no insert, per insert.
    // `selection-wallclock` times `count` such inserts each way, alternating, and prints the
    // medians.
    let size = 100_000
    func makeList(selecting: Bool) throws -> (ObservableArray<ListRow>, TableView, AnyBinding, AnyObject) {
        let table = TableView(visibleRowCount: 20)
        table.allowsMultipleSelection = true
        let rows = TableRows(table) { (cell, row: ListRow) in
            cell.text = row.title
            return []
        }
        let array = ObservableArray((0..<size).map { ListRow(id: $0, title: "Row \($0)") })
        let binding = try Binding(source: array, destination: rows, triggers: .standard).updatingNow()
        if selecting { rows.selection.ids = stride(from: 5_000, to: size, by: size / 10).map { $0 } }
        precondition(rows.selection.ids.count == (selecting ? 10 : 0))
        return (array, table, binding, rows)
    }
    if scenario == "selection-wallclock" {
        let kept = try makeList(selecting: true)
        let none = try makeList(selecting: false)
        var keptTimes: [Duration] = []
        var noneTimes: [Duration] = []
        let clock = ContinuousClock()
        for step in 0..<count {
            for (list, isKept) in [(kept.0, true), (none.0, false)] {
                let row = ListRow(id: size + step, title: "New \(step)")
                let time = clock.measure { list.insert(row, at: size / 2) }
                if isKept { keptTimes.append(time) } else { noneTimes.append(time) }
            }
        }
        func median(_ times: [Duration]) -> Duration { times.sorted()[times.count / 2] }
        precondition(kept.1.selectedRows.count == 10 && kept.1.selectedRows.last == size - 5_000 + count)
        print("median per insert: kept selection \(median(keptTimes)), no selection \(median(noneTimes))")
        view.count = kept.1.numberOfRows
        withExtendedLifetime((kept, none)) {}
    } else {
        let (array, table, binding, rows) = try makeList(selecting: scenario == "selection-insert")
        for step in 0..<count {
            array.insert(ListRow(id: size + step, title: "New \(step)"), at: size / 2)
        }
        precondition(table.numberOfRows == size + count)
        precondition(table.selectedRows.count == (scenario == "selection-insert" ? 10 : 0))
        view.count = table.numberOfRows
        withExtendedLifetime((binding, rows)) {}
    }
case "rows-hidden", "rows-hidden-unbound":
    // `count` repositories (objects, made first, with their name and detail strings) bound to a
    // table of 20 visible rows by one write (`TableRows`; issue 28: a list of 100k rows with two
    // bindings per visible row does not allocate per hidden row). Each displayed row has two
    // bindings, name → cell.text and detail → cell.detailText, with `triggers: .standard`
    // (KeyPathTrigger). `rows-hidden-unbound` makes the same repositories and list and binds
    // nothing: Scripts/allocations.py subtracts its malloc calls from `rows-hidden`'s. Both print
    // the heap bytes in use that binding added (0 for the unbound one).
    let list = RepositoryList()
    list.repositories = (0..<count).map {
        Repository(id: $0, name: "Repository number \($0)", detail: "Detail of repository \($0)")
    }
    let before = heapBytesInUse()
    if scenario == "rows-hidden" {
        let table = TableView(visibleRowCount: 20)
        let rows = TableRows(table, id: \Repository.id, cell: TableViewCell.self) { cell, repository in
            [
                try Binding(
                    source: Property(repository, \.name), destination: Property(cell, \.text), triggers: .standard
                )
                .updatingNow(),
                try Binding(
                    source: Property(repository, \.detail), destination: Property(cell, \.detailText),
                    triggers: .standard
                ).updatingNow(),
            ]
        }
        let binding = try Binding(source: Property(list, \.repositories), destination: rows, triggers: .standard)
            .updatingNow()
        let bytes = heapBytesInUse() - before
        precondition(table.numberOfRows == count && rows.rowBindings.count == 2 * min(count, 20))
        precondition(count == 0 || table.cellForRow(at: 0)?.detailText == "Detail of repository 0")
        print("heap bytes", bytes)
        view.count = table.numberOfRows
        withExtendedLifetime((binding, rows, table)) {}
    } else {
        print("heap bytes", heapBytesInUse() - before)
        view.count = list.repositories.count
    }
    withExtendedLifetime(list) {}
default:
    print("unknown scenario \(scenario)")
    exit(2)
}
print(scenario, count, view.count)
