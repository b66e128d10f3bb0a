import PropertyBinding

/// The service the sign-in screen talks to. It signs anyone in at once, as a stand-in for a
/// server; its `status` is announced by key path, so the screen's label can follow it.
final class Authenticator: KeyPathObservable {
    /// What the user typed, handed over at a tap. `Equatable`, and still each tap signs in,
    /// even with the credentials of the tap before (a retry): a tap is an event, and a `Setter`
    /// gets every one.
    struct Credentials: Equatable {
        let email: String
        let password: String
    }

    let keyPathObservers = KeyPathObservers()
    @Announced var status = "Signed out"
    /// How many times `signIn` was called.
    private(set) var attempts = 0

    func signIn(_ credentials: Credentials) {
        attempts += 1
        status = "Signed in as \(credentials.email)"
    }
}
