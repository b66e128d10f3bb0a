import CGTK
import PropertyBinding

/// A `GtkSpinButton`: a number the user types or steps. `value-changed` is `.valueChanged`,
/// which announces ``value`` and ``intValue``.
///
/// ```swift
/// let ageSpin = GTKSpinButton(range: 0...150, step: 1)
/// let stepAge = try Binding(source: Property(ageSpin, \.intValue), destination: Property(person, \.age),
///                           triggers: .standard)
/// ```
public final class GTKSpinButton: GTKWidget, GTKWidgetWrapping, @unchecked Sendable {
    /// `gtk_spin_button_get_type()`.
    public static var widgetType: GType { gtk_spin_button_get_type() }

    /// Makes a new wrapper of `widget`; call ``GTKWidgetWrapping/init(wrapping:)`` instead.
    public required override init(adopting widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(adopting: widget)
    }

    /// Makes a new `GtkSpinButton` (floating until added to a parent) for `range`, stepping by `step`.
    public convenience init(range: ClosedRange<Double>, step: Double = 1, value: Double? = nil) {
        self.init(adopting: GTKMainLoop.made(gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step)))
        if let value { self.value = value }
    }

    /// The value: `gtk_spin_button_get_value` / `gtk_spin_button_set_value` (clamped to the range).
    public var value: Double {
        get { reading(.own(0), fallback: 0) { gtk_spin_button_get_value($0.opaque) } }
        set { writing(newValue, to: .own(0)) { gtk_spin_button_set_value($0.opaque, $1) } }
    }

    /// The value rounded to an integer.
    public var intValue: Int {
        get { Int(value.rounded()) }
        set { value = Double(newValue) }
    }

    override func rememberValues() {
        super.rememberValues()
        _ = value
    }

    override func didWrite(_ slot: Slot) {
        _ = value  // clamped by GTK: remembered as it is
    }

    override var signals: [GTKSignal] { [GTKSignal(name: "value-changed", events: .valueChanged)] }

    override var announcedKeyPaths: [AnyKeyPath: ControlEvents] {
        [\GTKSpinButton.value: .valueChanged, \GTKSpinButton.intValue: .valueChanged]
    }

    /// The names of its key paths, for messages: `\GTKSpinButton.value`.
    override public class var keyPathNames: [AnyKeyPath: String] {
        names(GTKSpinButton.self, [\.value: "value", \.intValue: "intValue"])
    }
}
