import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// The controls a form needs, each known to `TriggerRegistry.standard`.

extension FormControlsTests {
    enum Plan: CaseIterable {
        case free, pro, team
    }

    final class Settings: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        @Announced var newsletter = false
        @Announced var volume = 0.5
        @Announced var plan = Plan.free
        @Announced var title = ""
    }
}

@Suite struct FormControlsTests {
    let settings = Settings()

    @Test func aSwitchBindsBothWays() throws {
        let toggle = Switch()
        let newsletter = try TwoWayBinding(
            "newsletter", model: Property(settings, \.newsletter), form: Property(toggle, \.isOn), triggers: .standard)
        toggle.simulateToggle()
        #expect(settings.newsletter)
        settings.newsletter = false
        #expect(!toggle.isOn)
        #expect(newsletter.error == nil)
    }

    @Test func aSliderKeepsItsBoundsAndBindsBothWays() throws {
        let slider = Slider(value: 0.2, minimumValue: 0, maximumValue: 1)
        let volume = try TwoWayBinding(
            "volume", model: Property(settings, \.volume), form: Property(slider, \.value), triggers: .standard)
        #expect(slider.value == 0.5)
        slider.simulateSlide(to: 0.8)
        #expect(settings.volume == 0.8)
        slider.simulateSlide(to: 7)
        #expect(slider.value == 1)
        #expect(settings.volume == 1)
        settings.volume = -3
        #expect(slider.value == 0, "clamped to its bound")
        slider.value = .nan
        #expect(slider.value == 0)
        #expect(volume.error == nil)
    }

    @Test func aSegmentedControlSelectsAnEnumCase() throws {
        let control = SegmentedControl(segments: ["Free", "Pro", "Team"])
        #expect(control.selectedSegmentIndex == SegmentedControl.noSegment)
        let plan = try TwoWayBinding(
            "plan", model: Property(settings, \.plan),
            form: Property(control, \.selectedSegmentIndex).cases(of: Plan.self), triggers: .standard)
        #expect(control.selectedSegmentIndex == 0)
        control.simulateSelection(2)
        #expect(settings.plan == .team)
        settings.plan = .pro
        #expect(control.selectedSegmentIndex == 1)
        control.selectedSegmentIndex = 9
        #expect(control.selectedSegmentIndex == 1, "an index of no segment is ignored")
        plan.onError = { _ in }
        control.selectedSegmentIndex = SegmentedControl.noSegment
        #expect(plan.validate()?.error as? TransformError == TransformError(.empty, input: "-1", targetType: "Plan"))
    }

    @Test func theCaseIndexTransformerRefusesAnIndexOfNoCase() throws {
        let control = SegmentedControl(segments: ["a", "b", "c", "d"], selectedSegmentIndex: 3)
        let plan = Property(control, \.selectedSegmentIndex).cases(of: Plan.self)
        #expect(throws: TransformError(.outOfRange, input: "3", targetType: "Plan")) { try plan.read() }
        try plan.write(.pro)
        #expect(control.selectedSegmentIndex == 1)
        #expect(try plan.read() == .pro)
    }

    @Test func aLabelShowsTextAndAnnouncesItsChanges() throws {
        let label = Label(text: "old")
        let mirror = Label()
        let show = try Binding(
            source: Property(settings, \.title), destination: Property(label, \.text), triggers: .standard)
        let follow = try Binding(
            source: Property(label, \.text), destination: Property(mirror, \.text), triggers: .standard)
        settings.title = "FormProfile"
        #expect(label.text == "FormProfile")
        #expect(mirror.text == "FormProfile", "the label announced its new text")
        show.invalidate()
        follow.invalidate()
        #expect(label.actionCount() == 0)
    }

    @Test func theStandardRegistryKnowsEveryFormControl() {
        let registry = TriggerRegistry.standard
        let (toggle, slider, control, label) = (Switch(), Slider(), SegmentedControl(segments: []), Label())
        #expect(registry.hasTriggers(for: Property(toggle, \.isOn)))
        #expect(registry.hasTriggers(for: Property(slider, \.value)))
        #expect(registry.hasTriggers(for: Property(control, \.selectedSegmentIndex)))
        #expect(registry.hasTriggers(for: Property(label, \.text)))
    }

    @Test func rangeAcceptsNilAndValuesInsideOnAnOptional() throws {
        let salary: [Validator<Decimal?>] = [.range(0...1_000_000)]
        try salary[0].validate(nil)
        try salary[0].validate(Decimal(50_000))
        #expect(throws: ValidationError.self) { try salary[0].validate(Decimal(-1)) }
        let age = Validator<Int?>.range(0...150)
        #expect(throws: ValidationError(rule: "range", message: "must be between 0 and 150", input: "Optional(200)")) {
            try age.validate(200)
        }
    }
}
