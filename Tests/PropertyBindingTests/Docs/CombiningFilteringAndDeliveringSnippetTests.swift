import Dispatch
import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// The snippets of the "Combining, filtering and delivering" article
// (PropertyBinding.docc/CombiningFilteringAndDelivering.md); the article quotes them verbatim
// (scripts/docs checks it).

private final class SignInForm: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var email = ""
    @Announced var password = ""
}

private final class SignInButton {
    var isEnabled = false
}

private final class HeatSensor: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var celsius = 0
}

private final class StatusCaption {
    var text = ""
}

private final class Session: KeyPathObservable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    @Announced var user = ""
    @Announced var status = ""
}

private final class ProfilePresenter {
    var presented: [String] = []
    func present(_ user: String) { presented.append(user) }
}

private struct Credentials: Equatable {
    let email: String
    let password: String
}

private final class Authenticator {
    var attempts: [String] = []
    func signIn(_ credentials: Credentials) { attempts.append(credentials.email) }
}

private final class Listener {
    var received: [String] = []
    func someListener(_ value: String) { received.append(value) }
}

private final class Window {
    var titles: [String] = []
}

extension Notification.Name {
    fileprivate static let presentUser = Notification.Name("PresentUser")
}

@Suite struct CombiningFilteringAndDeliveringSnippetTests {
    @Test func combining() throws {
        let form = SignInForm()
        let signInButton = SignInButton()
        // snippet: combine
        let canSignIn = CombinedProperty(Property(form, \.email), Property(form, \.password)) { email, password in
            email.contains("@") && password.count >= 8
        }
        let enableSignIn = try Binding(
            source: canSignIn, destination: Property(signInButton, \.isEnabled), triggers: .standard)

        form.email = "ann@example.com"  // signInButton.isEnabled == false
        form.password = "correct horse"  // signInButton.isEnabled == true
        // end snippet
        #expect(signInButton.isEnabled)
        #expect(enableSignIn.triggers.count == 2)
        form.email = "ann"
        #expect(!signInButton.isEnabled)
    }

    @Test func filtering() throws {
        let sensor = HeatSensor()
        let caption = StatusCaption()
        // snippet: filter
        let showHeat = try Binding(
            source: Property(sensor, \.celsius).filter { $0 > 30 }.map { "\($0) °C: too hot" },
            destination: Property(caption, \.text), triggers: .standard)

        sensor.celsius = 35  // caption.text == "35 °C: too hot"
        sensor.celsius = 20  // declined: caption.text is unchanged, no failure
        print(showHeat.updateCounts)  // written 1, skipped 1, failed 0
        // end snippet
        #expect(caption.text == "35 °C: too hot")
        #expect(showHeat.updateCounts == UpdateCounts(written: 1, skipped: 1, failed: 0))
        #expect(showHeat.lastError == nil)
    }

    @Test func setter() throws {
        let session = Session()
        var presenter: ProfilePresenter? = ProfilePresenter()
        let bindings = BindingSet()
        // snippet: setter
        let presentUser = try Binding(
            source: Property(session, \.user),
            destination: Setter(presenter!) { presenter, user in presenter.present(user) },
            triggers: .standard)
        bindings.add(presentUser)

        session.user = "Ann"  // presenter.present("Ann")
        // end snippet
        #expect(presenter?.presented == ["Ann"])
        weak let released = presenter
        // snippet: setter ends
        presenter = nil  // the setter never kept it alive
        session.user = "Bea"  // the binding finds its target gone: it ends
        print(bindings.count)  // 0
        // end snippet
        #expect(released == nil)
        #expect(bindings.count == 0)
        #expect(!presentUser.isValid)
    }

    @Test func delivering() async throws {
        let session = Session()
        let statusLabel = StatusCaption()
        // snippet: deliver
        let showStatus = try Binding(
            source: Property(session, \.status), destination: Property(statusLabel, \.text), triggers: .standard
        ).delivered(on: .main)

        DispatchQueue.global().async {
            session.status = "Signed in"  // read here; statusLabel.text is written on the main queue
        }
        // end snippet
        for _ in 0..<5_000 where statusLabel.text.isEmpty {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(statusLabel.text == "Signed in")
        #expect(showStatus.updateCounts.written == 1)
    }

    // The seeds' events: a tap (Bond's button bonds), "present this user" (Bond's
    // `presentUserProfile.bind(to: self)`), a manual re-alert (SwiftBinding's
    // `alertChangeListeners()`). Each must reach the closure at every fire.
    @Test func aTapTwiceCallsTheClosureTwice() {
        let form = SignInForm()
        let signInButton = Button(title: "Sign in")
        let authenticator = Authenticator()
        form.email = "ann@example.com"
        form.password = "correct horse"
        // snippet: tap twice
        let signIn = Binding(
            source: CombinedProperty(Property(form, \.email), Property(form, \.password)) {
                Credentials(email: $0, password: $1)
            },
            destination: Setter(authenticator) { authenticator, credentials in authenticator.signIn(credentials) })
        signIn.addTrigger(TargetActionTrigger(control: signInButton, events: .primaryActionTriggered))

        signInButton.simulateTap()  // authenticator.signIn(ann@example.com)
        signInButton.simulateTap()  // the same credentials, a retry: signed in again
        // end snippet
        #expect(authenticator.attempts == ["ann@example.com", "ann@example.com"])
        #expect(signIn.updateCounts == UpdateCounts(written: 2, skipped: 0, failed: 0))
    }

    @Test func theSameUserPresentedTwiceIsPresentedTwice() {
        let session = Session()
        let presenter = ProfilePresenter()
        let center = NotificationCenter()
        // snippet: present twice
        let presentUser = Binding(
            source: Property(session, \.user),
            destination: Setter(presenter) { presenter, user in presenter.present(user) })
        presentUser.addTrigger(NotificationTrigger(center: center, name: .presentUser, object: session))

        session.user = "Ann"
        center.post(name: .presentUser, object: session)  // presenter.present("Ann")
        center.post(name: .presentUser, object: session)  // presenter.present("Ann") again
        // end snippet
        #expect(presenter.presented == ["Ann", "Ann"])
    }

    @Test func aManualReAlertCallsTheListenerAgain() throws {
        let session = Session()
        let listener = Listener()
        session.user = "test"
        // snippet: re-alert
        let listen = try Binding(
            source: Property(session, \.user), destination: Setter(listener) { $0.someListener($1) },
            triggers: .standard
        ).updatingNow()  // someListener("test")
        listen.update()  // SwiftBinding's alertChangeListeners(): someListener("test") again
        // end snippet
        #expect(listener.received == ["test", "test"])
    }

    @Test func stateIsNotWrittenAgain() throws {
        let session = Session()
        let statusLabel = StatusCaption()
        let window = Window()
        session.status = "Signed in"
        // snippet: state
        let showStatus = Binding(source: Property(session, \.status), destination: Property(statusLabel, \.text))
        showStatus.update()  // statusLabel.text = "Signed in"
        showStatus.update()  // .unchanged: the label already shows it

        let showTitle = Binding(
            source: Property(session, \.status),
            destination: Setter(window) { window, title in window.titles.append(title) }.skippingEqualValues())
        showTitle.update()  // window.titles == ["Signed in"]
        showTitle.update()  // .unchanged: the setter remembers "Signed in"
        // end snippet
        #expect(showStatus.updateCounts == UpdateCounts(written: 1, skipped: 1, failed: 0))
        #expect(window.titles == ["Signed in"])
        #expect(showTitle.updateCounts == UpdateCounts(written: 1, skipped: 1, failed: 0))
    }
}
