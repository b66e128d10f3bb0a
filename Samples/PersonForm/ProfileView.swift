import PropertyBinding
import PropertyBindingControls

/// The profile screen's controls: text fields, a switch and a segmented control of the
/// library's target-action shim.
final class ProfileView {
    let name = TextField(placeholder: "Name")
    let age = TextField(placeholder: "Age")
    let height = TextField(placeholder: "Height in metres")
    /// Its placeholder is a hint, shown while the field is empty and never written back.
    let salary = TextField(placeholder: "optional")
    let newsletter = Switch()
    let plan = SegmentedControl(segments: Profile.Plan.allCases.map(\.rawValue.capitalized))
    let password = TextField(placeholder: "Password")
    let confirmation = TextField(placeholder: "Repeat the password")
}
