import Observation
import PropertyBinding

/// The model the form edits.
///
/// It announces each change twice, as a model shared by old and new code does: by key path
/// (`KeyPathObservable`, synchronous, like key-value observing), which the form's fields
/// follow at once, and through Swift Observation (`@Observable`), which the card elsewhere on
/// screen follows a queue turn later.
@Observable
final class Person: KeyPathObservable {
    @ObservationIgnored let keyPathObservers = KeyPathObservers()
    var name: String { didSet { didChange(\.name) } }
    var age: Int { didSet { didChange(\.age) } }
    /// Nil when the person has given none; the form shows it as an empty field.
    var email: String? { didSet { didChange(\.email) } }
    /// The key paths the `didSet`s announce: a `TriggerRegistry` infers triggers only for
    /// announced key paths, and messages name them (`\Person.age`).
    static let announcedKeyPaths: [AnnouncedKeyPath] = [
        .announced("name", \Person.name), .announced("age", \Person.age), .announced("email", \Person.email),
    ]

    init(name: String = "", age: Int = 0, email: String? = nil) {
        self.name = name
        self.age = age
        self.email = email
    }
}
