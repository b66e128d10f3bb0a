import PropertyBinding
import PropertyBindingControls

/// The form's controls, as a view controller holds them: text fields and a stepper of the
/// library's target-action shim, which the sample drives as a user would.
final class PersonFormView {
    let nameField = TextField(placeholder: "Name")
    let ageField = TextField(placeholder: "Age")
    let ageStepper = Stepper(value: 0, minimumValue: 0, maximumValue: 150)
    let emailField = TextField(placeholder: "name@example.com")

    /// The text field of `field`.
    func textField(_ field: PersonField) -> TextField {
        switch field {
        case .name: nameField
        case .age: ageField
        case .email: emailField
        }
    }
}
