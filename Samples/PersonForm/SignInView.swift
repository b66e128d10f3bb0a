import PropertyBinding
import PropertyBindingControls

/// The sign-in screen's controls: two text fields, a button and a label of the library's
/// target-action shim.
final class SignInView {
    let email = TextField(placeholder: "name@example.com")
    let password = TextField(placeholder: "Password")
    let signIn = Button(title: "Sign in")
    let status = Label()
}
