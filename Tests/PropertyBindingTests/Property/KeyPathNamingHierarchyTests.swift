import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

/// Names through a class hierarchy: the library's own computed properties, those of the stand-in
/// controls (open classes, whose every property prints as computed), and a user's open class.
@Suite struct KeyPathNamingHierarchyTests {
    class Gauge: KeyPathNaming {
        var level = 0
        init() {}
        class var keyPathNames: [AnyKeyPath: String] { [\Gauge.level: "level"] }
    }

    final class FuelGauge: Gauge {
        var reserve = 0 { didSet { print("now \(reserve)") } }
        override class var keyPathNames: [AnyKeyPath: String] {
            super.keyPathNames.merging([\FuelGauge.reserve: "reserve", \FuelGauge.level: "level"]) { $1 }
        }
    }

    final class SubmitButton: Button {
        override class var keyPathNames: [AnyKeyPath: String] {
            super.keyPathNames.merging([\SubmitButton.title: "title"]) { $1 }
        }
    }

    final class Model { var canSave = false }

    @Test func aButtonsIsEnabledReadsItsName() {
        let save = Button(title: "Save")
        #expect("\(Property(save, \.isEnabled))" == "\\Button.isEnabled")
        #expect("\(Property(save, \.title))" == "\\Button.title")
    }

    @Test func aSubclassOfAControlNamesWhatItBindsOrBindsItAsTheControls() {
        let submit = SubmitButton()
        #expect("\(Property(submit as Button, \.isEnabled))" == "\\Button.isEnabled")
        #expect("\(Property(submit, \.title))" == "\\SubmitButton.title")
    }

    @Test func aUsersOpenClassAndItsSubclassNameTheirKeyPaths() {
        let fuel = FuelGauge()
        #expect("\(Property(fuel, \.level))" == "\\FuelGauge.level")
        #expect("\(Property(fuel, \.reserve))" == "\\FuelGauge.reserve")
        #expect("\(Property(Gauge(), \.level))" == "\\Gauge.level")
    }

    @Test func everyControlPropertyReadsItsName() {
        let named: [(String, String)] = [
            ("\(Property(Button(), \.isEnabled))", "\\Button.isEnabled"),
            ("\(Property(Label(), \.text))", "\\Label.text"),
            ("\(Property(Switch(), \.isOn))", "\\Switch.isOn"),
            ("\(Property(Slider(), \.value))", "\\Slider.value"),
            ("\(Property(Stepper(), \.intValue))", "\\Stepper.intValue"),
            ("\(Property(Stepper(), \.value))", "\\Stepper.value"),
            ("\(Property(DatePicker(), \.date))", "\\DatePicker.date"),
            (
                "\(Property(SegmentedControl(segments: ["a"]), \.selectedSegmentIndex))",
                "\\SegmentedControl.selectedSegmentIndex"
            ),
            ("\(Property(TableView(visibleRowCount: 3), \.selectedRow))", "\\TableView.selectedRow"),
            ("\(ReadOnlyProperty(TextField(), \.displayedText))", "\\TextField.displayedText"),
        ]
        for (text, expected) in named { #expect(text == expected) }
    }

    @Test func theLibrarysOwnComputedPropertiesReadTheirNames() {
        let form = BindingForm([])
        #expect("\(ReadOnlyProperty(form, \.isValid))" == "\\BindingForm.isValid")
        #expect("\(ReadOnlyProperty(BindingSet(), \.count))" == "\\BindingSet.count")
        #expect("\(ReadOnlyProperty(ObservableArray<Int>([]), \.count))" == "\\ObservableArray<Int>.count")
    }

    @Test func theGraphAndFailureMessagesShowTheName() {
        let model = Model()
        var save: Button? = Button(title: "Save")
        let bindings = BindingSet()
        bindings.onError = { _ in }
        let enable = Binding(source: Property(model, \.canSave), destination: Property(save!, \.isEnabled))
        let recorder = BindingRecorder(enable)
        bindings.add(enable)
        #expect(bindings.graph.nodes.map(\.name) == ["\\Model.canSave", "\\Button.isEnabled"])
        save = nil
        enable.update()
        let failure = recorder.failures.first
        #expect(failure?.error as? PropertyError == .objectDeallocated(root: "Button", keyPath: "\\Button.isEnabled"))
        #expect("\(failure.map(String.init(describing:)) ?? "")".contains("\\Button.isEnabled"))
        #expect(failure?.path == "\\Model.canSave → \\Button.isEnabled")
    }
}
