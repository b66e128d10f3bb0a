import PropertyBinding

/// The service the sign-in screen talks to. It signs anyone in at once, as a stand-in for a
/// server; its `status` is announced by key path, so the screen's label can follow it.
final class Authenticator: KeyPathObservable {
    /// What the user typed, handed over at a tap.
    ///
    /// Not `Equatable` on purpose: a binding skips a value equal to the last one written, and
    /// each tap must sign in, even with the credentials of the tap before.
    struct Credentials {
        let email: String
        let password: String
    }

    let keyPathObservers = KeyPathObservers()
    @Announced var status = "Signed out"

    func signIn(_ credentials: Credentials) {
        status = "Signed in as \(credentials.email)"
    }
}
