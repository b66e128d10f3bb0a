import CGTK
import PropertyBinding

/// A horizontal `GtkScale`: a value the user drags. `value-changed` is `.valueChanged`, which
/// announces ``value``.
///
/// ```swift
/// let volume = GTKScale(range: 0...1)
/// let storeVolume = try Binding(source: Property(volume, \.value), destination: Property(settings, \.volume),
///                               triggers: .standard)
/// ```
public final class GTKScale: GTKWidget, GTKWidgetWrapping, @unchecked Sendable {
    /// `gtk_scale_get_type()`.
    public static var widgetType: GType { gtk_scale_get_type() }

    /// Makes a new wrapper of `widget`; call ``GTKWidgetWrapping/init(wrapping:)`` instead.
    public required override init(adopting widget: UnsafeMutablePointer<GtkWidget>) {
        super.init(adopting: widget)
    }

    /// Makes a new horizontal `GtkScale` (floating until added to a parent) over `range`.
    public convenience init(range: ClosedRange<Double>, step: Double = 0.01) {
        self.init(
            adopting: GTKMainLoop.made(
                gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, range.lowerBound, range.upperBound, step)))
    }

    /// The value: `gtk_range_get_value` / `gtk_range_set_value` (clamped to the range).
    public var value: Double {
        get { reading(.own(0), fallback: 0) { gtk_range_get_value($0.cast(to: GtkRange.self)) } }
        set { writing(newValue, to: .own(0)) { gtk_range_set_value($0.cast(to: GtkRange.self), $1) } }
    }

    override func rememberValues() {
        super.rememberValues()
        _ = value
    }

    override func didWrite(_ slot: Slot) {
        _ = value  // clamped by GTK: remembered as it is
    }

    override var signals: [GTKSignal] { [GTKSignal(name: "value-changed", events: .valueChanged)] }

    override var announcedKeyPaths: [AnyKeyPath: ControlEvents] { [\GTKScale.value: .valueChanged] }

    /// The names of its key paths, for messages: `\GTKScale.value`.
    override public class var keyPathNames: [AnyKeyPath: String] { names(GTKScale.self, [\.value: "value"]) }
}
