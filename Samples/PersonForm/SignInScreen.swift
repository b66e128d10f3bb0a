import Foundation
import PropertyBinding
import PropertyBindingControls

/// The sign-in screen: both fields enable the button through one binding (a
/// `CombinedProperty`), a tap hands the credentials to the authenticator (a `Setter`), and the
/// status label follows the authenticator on the UI queue (`delivered(on:)`).
final class SignInScreen {
    let authenticator: Authenticator
    let view = SignInView()
    let bindings = BindingSet()
    /// Stands in for the main queue, as the person form's queue does: every user action runs on
    /// it, and the status label is written on it after the action that changed the status.
    private let ui = DispatchQueue(label: "PersonForm.signIn.ui")

    init(authenticator: Authenticator) throws {
        self.authenticator = authenticator
        let view = self.view
        let email = Property(view.email, \.text)
        let password = Property(view.password, \.text)

        // The registry infers a trigger for each field: one binding hears both.
        let enableSignIn = try Binding(
            source: CombinedProperty(email, password) { email, password in
                email.contains("@") && password.count >= 8
            },
            destination: Property(view.signIn, \.isEnabled), triggers: .standard
        ).updatingNow()
        // A tap is an event, not a value: it is the trigger, and the fields are read when it
        // fires. A disabled button sends nothing, so nothing is signed in. A `Setter` reads back
        // nothing, so each tap calls it, also with the credentials of the tap before (a retry).
        let signIn = Binding(
            source: CombinedProperty(email, password) { Authenticator.Credentials(email: $0, password: $1) },
            destination: Setter(authenticator) { authenticator, credentials in authenticator.signIn(credentials) })
        signIn.addTrigger(TargetActionTrigger(control: view.signIn, events: .primaryActionTriggered))
        // The status is read where it changes and written on the UI queue, as an app writes
        // its views on the main queue.
        let showStatus = try Binding(
            source: Property(authenticator, \.status), destination: Property(view.status, \.text), triggers: .standard
        ).delivered(on: ui)
        bindings.add(enableSignIn, signIn, showStatus)
        perform { showStatus.update() }
    }

    /// Runs `action` on the UI queue, then lets the writes it scheduled there run, so that what
    /// is printed next is settled.
    @discardableResult
    func perform<Result>(_ action: () -> Result) -> Result {
        let result = ui.sync(execute: action)
        ui.sync {}
        return result
    }

    /// Types `text` into a field, replacing what it held, as a user would.
    func type(_ text: String, into field: TextField) {
        perform { field.simulateTyping(text) }
    }

    /// Taps the button; a disabled button ignores it.
    func tapSignIn() {
        perform { view.signIn.simulateTap() }
    }

    /// Stops every binding: the triggers take back what they registered.
    func tearDown() {
        perform { bindings.removeAll() }
    }

    /// What the screen shows now, as the line the tour prints.
    var line: String {
        perform {
            "screen: email \(shown(view.email)), password \(shown(view.password)),"
                + " button \(view.signIn.isEnabled ? "enabled" : "disabled"), status \(quoted(view.status.text))"
        }
    }
}
