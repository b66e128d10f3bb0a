import Foundation

// The model and view the tests of the testing library bind.

final class Person { var name = ""; var age = 0 }
final class TextField { var text = "" }

extension Notification.Name {
    static let personDidChange = Notification.Name("TestingTests.personDidChange")
    static let textDidChange = Notification.Name("TestingTests.textDidChange")
}

/// An error of the tests' own, to check errors of a type the recorder does not know.
struct RejectedValue: Error, Equatable {
    let value: String
}
