import Dispatch
import Foundation
import PropertyBinding
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
}
