import Foundation
import PropertyBinding
import Testing

extension BindingSetTests {
    final class Model { var name = "" }
    final class View { var text = "" }

    static let modelDidChange = Notification.Name("BindingSetTests.modelDidChange")

    /// A binding from `model` to `view`, fired by `modelDidChange` from `model` on `center`.
    static func binding(_ model: Model, _ view: View, _ center: NotificationCenter) -> Binding<
        Property<Model, String>, Property<View, String>
    > {
        let binding = Binding(source: Property(model, \.name), destination: Property(view, \.text))
        binding.addTrigger(NotificationTrigger(center: center, name: modelDidChange, object: model))
        return binding
    }
}

@Suite(.routesDefaultErrors) struct BindingSetTests {
    @Test func addingTheSameBindingTwiceKeepsOne() {
        let center = NotificationCenter()
        let set = BindingSet()
        let binding = Self.binding(Model(), View(), center)
        set.add(binding)
        set.add(binding)
        #expect(set.count == 1)
        #expect(set.bindings.first === binding)
        let other = Self.binding(Model(), View(), center)
        set.add(binding, other)
        #expect(set.count == 2)
    }

    @Test func bindingsKeepTheOrderTheyWereAddedInThroughRemovalsAndReAdding() {
        let center = NotificationCenter()
        let set = BindingSet()
        let made = (0..<100).map { _ in Self.binding(Model(), View(), center) }
        for binding in made { set.add(binding) }
        // Remove most of them, enough for the set to close its holes, and add one back.
        let removed = made.indices.filter { !$0.isMultiple(of: 5) }
        for index in removed { set.remove(made[index]) }
        set.add(made[1])
        set.add(made[0])  // already in: stays where it was
        let expected = made.indices.filter { $0.isMultiple(of: 5) }.map { made[$0] } + [made[1]]
        #expect(set.count == expected.count)
        #expect(set.bindings.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
        #expect(removed.allSatisfy { !made[$0].isValid })
        set.remove(made[5])
        #expect(set.bindings.count == expected.count - 1)
        #expect(!set.bindings.contains { $0 === made[5] })
    }

    @Test func removeInvalidatesTheBindingAndStopsItsTriggers() throws {
        let center = NotificationCenter()
        let model = Model()
        let view = View()
        let set = BindingSet()
        let binding = Self.binding(model, view, center)
        let trigger = try #require(binding.triggers.first as? NotificationTrigger)
        set.add(binding)
        set.remove(binding)
        #expect(set.count == 0)
        #expect(!binding.isValid && !trigger.isObserving)
        model.name = "Ann"
        center.post(name: Self.modelDidChange, object: model)
        #expect(view.text == "")
    }

    @Test func removingABindingNotInTheSetLeavesItAlone() {
        let binding = Self.binding(Model(), View(), NotificationCenter())
        BindingSet().remove(binding)
        #expect(binding.isValid)
    }

    @Test func removeAllStopsEveryTrigger() {
        let center = NotificationCenter()
        let model = Model()
        let views = [View(), View(), View()]
        let set = BindingSet()
        for view in views { set.add(Self.binding(model, view, center)) }
        let triggers = set.bindings.flatMap(\.triggers).compactMap { $0 as? NotificationTrigger }
        #expect(triggers.count == 3 && triggers.allSatisfy(\.isObserving))
        set.removeAll()
        #expect(set.count == 0)
        #expect(triggers.allSatisfy { !$0.isObserving })
        model.name = "Ann"
        center.post(name: Self.modelDidChange, object: model)
        #expect(views.allSatisfy { $0.text.isEmpty })
    }

    @Test func releasingTheSetTearsDownItsTriggers() {
        let center = NotificationCenter()
        let model = Model()
        let view = View()
        weak var released: BindingSet?
        var trigger: NotificationTrigger?
        do {
            let set = BindingSet()
            released = set
            let binding = Self.binding(model, view, center)
            trigger = binding.triggers.first as? NotificationTrigger
            set.add(binding)
            model.name = "Ann"
            center.post(name: Self.modelDidChange, object: model)
            #expect(view.text == "Ann")
        }
        #expect(released == nil)
        #expect(trigger?.isObserving == false)
        model.name = "Bob"
        center.post(name: Self.modelDidChange, object: model)
        #expect(view.text == "Ann")
    }

    @Test func releasingEverythingLeavesNothingAlive() {
        let center = NotificationCenter()
        weak var model: Model?
        weak var view: View?
        weak var set: BindingSet?
        weak var binding: AnyBinding?
        weak var trigger: NotificationTrigger?
        do {
            let strongModel = Model()
            let strongView = View()
            let strongSet = BindingSet()
            let strongBinding = Self.binding(strongModel, strongView, center)
            strongSet.add(strongBinding)
            strongSet.onError = { _ in }
            model = strongModel
            view = strongView
            set = strongSet
            binding = strongBinding
            trigger = strongBinding.triggers.first as? NotificationTrigger
            strongModel.name = "Ann"
            center.post(name: Self.modelDidChange, object: strongModel)
            #expect(strongView.text == "Ann")
        }
        #expect(model == nil && view == nil && set == nil && binding == nil && trigger == nil)
    }

    @Test func aLiveSetNeverKeepsModelsOrViewsAlive() {
        let center = NotificationCenter()
        let set = BindingSet()
        weak var model: Model?
        weak var view: View?
        do {
            let strongModel = Model()
            let strongView = View()
            model = strongModel
            view = strongView
            set.add(Self.binding(strongModel, strongView, center))
        }
        #expect(model == nil && view == nil)
        #expect(set.count == 1)
        // With both objects gone, an update fails cleanly instead of crashing.
        let failure = set.bindings.first?.update().failure
        #expect(failure?.error is PropertyError)
        set.onError = { _ in }
    }

    @Test func theSetsHandlerHearsEveryBindingsFailures() {
        let set = BindingSet()
        let reported = Locked<[ObjectIdentifier]>([])
        set.onError = { failure in reported.withLock { $0.append(failure.bindingID) } }
        let center = NotificationCenter()
        let first = Self.binding(Model(), View(), center)
        let second = Self.binding(Model(), View(), center)
        set.add(first, second)
        first.update()
        second.update()
        #expect(reported.value == [ObjectIdentifier(first), ObjectIdentifier(second)])
    }
}
