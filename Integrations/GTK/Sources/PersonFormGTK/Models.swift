import Observation
import PropertyBinding

/// The person the form edits, announced by key path (the form's fields follow it at once) and
/// through Swift Observation (the card follows it on the main queue), as in `Samples/PersonForm`.
@Observable
final class Person: KeyPathObservable, @unchecked Sendable {
    @ObservationIgnored let keyPathObservers = KeyPathObservers()
    var name: String { didSet { didChange(\.name) } }
    var age: Int { didSet { didChange(\.age) } }
    /// Nil when the person has given none; the form shows it as an empty field.
    var email: String? { didSet { didChange(\.email) } }
    static let announcedKeyPaths: [AnnouncedKeyPath] = [
        .announced("name", \Person.name), .announced("age", \Person.age), .announced("email", \Person.email),
    ]

    init(name: String = "", age: Int = 0, email: String? = nil) {
        self.name = name
        self.age = age
        self.email = email
    }
}

/// The service the sign-in screen talks to: it signs anyone in, and announces its status.
final class Authenticator: KeyPathObservable, @unchecked Sendable {
    /// What the user typed, handed over at a click; not `Equatable`, so that each click signs in.
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

/// A member of the people list: an id that tells rows apart, and a name its row follows.
final class Member: KeyPathObservable, Equatable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    let id: Int
    @Announced var name: String

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    static func == (lhs: Member, rhs: Member) -> Bool { lhs === rhs }
}

/// The people list's model.
final class People: KeyPathObservable, @unchecked Sendable {
    let keyPathObservers = KeyPathObservers()
    @Announced var members: [Member] = []
    private var nextID = 0

    /// Appends a member named `name`.
    func add(_ name: String) {
        members.append(Member(id: nextID, name: name))
        nextID += 1
    }
}

/// A click: a command, not a value, so every click reaches its `Setter`.
struct Click {}
