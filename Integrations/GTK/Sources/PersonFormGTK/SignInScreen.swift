import CGTK
import PropertyBinding
import PropertyBindingGTK

/// The sign-in screen: both entries enable the button through one `CombinedProperty`, a click
/// hands the credentials to the authenticator (a `Setter`), and the status label follows the
/// authenticator, delivered on the main queue.
final class SignInScreen {
    let authenticator = Authenticator()
    let email = GTKEntry(placeholder: "name@example.com")
    let password = GTKEntry(placeholder: "At least 8 characters")
    let signIn = GTKButton(title: "Sign in")
    let status = GTKLabel()
    private let bindings = BindingSet()
    /// The section's widget.
    private(set) var widget: UnsafeMutablePointer<GtkWidget>!

    init() throws {
        password.isSecure = true
        let email = Property(email, \.text)
        let password = Property(password, \.text)
        let enableSignIn = try Binding(
            source: CombinedProperty(email, password) { email, password in email.contains("@") && password.count >= 8 },
            destination: Property(signIn, \.isEnabled), triggers: .standard
        ).updatingNow()
        let signInNow = Binding(
            source: CombinedProperty(email, password) { Authenticator.Credentials(email: $0, password: $1) },
            destination: Setter(authenticator) { authenticator, credentials in authenticator.signIn(credentials) })
        signInNow.addTrigger(TargetActionTrigger(source: signIn, events: .primaryActionTriggered))
        let showStatus = try Binding(
            source: Property(authenticator, \.status), destination: Property(status, \.text), triggers: .standard
        ).delivered(on: .main)
        bindings.add(enableSignIn, signInNow, showStatus)
        showStatus.update()
        gtk_widget_add_css_class(signIn.widget!, "suggested-action")
        widget = Layout.section(
            "Sign in",
            Layout.column(
                spacing: 10,
                [
                    Layout.form([("Email", self.email.widget!), ("Password", self.password.widget!)]),
                    Layout.row([signIn.widget!, Layout.label(status, classes: ["status"])]),
                ]))
    }
}
