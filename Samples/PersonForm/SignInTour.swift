import PropertyBinding

/// Section 5 of the scripted session: the sign-in screen, a tap while the button is disabled,
/// one while it is enabled, and a retry with the same credentials.
enum SignInTour {
    static func run() throws -> SignInScreen {
        let screen = try SignInScreen(authenticator: Authenticator())
        let view = screen.view
        func step(_ title: String, _ action: () -> Void = {}) {
            print("> " + title)
            action()
            print("  " + screen.line)
        }

        print("== 5. A sign-in screen: a CombinedProperty, a Setter, and a status label delivered on a queue")
        step("type \"ann@example.com\" and the password \"tulip\", tap Sign in: disabled, nothing is sent") {
            screen.type("ann@example.com", into: view.email)
            screen.type("tulip", into: view.password)
            screen.tapSignIn()
        }
        step("type \"tulip tree\" into the password: one binding hears both fields, the button is enabled") {
            screen.type("tulip tree", into: view.password)
        }
        step("tap Sign in: the Setter hands the credentials to the authenticator") {
            let (status, label) = screen.perform {
                view.signIn.simulateTap()
                return (screen.authenticator.status, view.status.text)
            }
            print("  right after it: authenticator \(quoted(status)), status label still \(quoted(label))")
        }
        step("tap Sign in again with the same credentials (a retry): a tap is an event, the Setter is called again") {
            screen.tapSignIn()
            let attempts = screen.perform { screen.authenticator.attempts }
            print("  authenticator: \(attempts) sign-in attempts with the same credentials")
        }
        return screen
    }
}
