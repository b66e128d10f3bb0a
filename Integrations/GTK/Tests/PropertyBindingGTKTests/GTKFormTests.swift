import CGTK
import Foundation
import PropertyBinding
import PropertyBindingGTK
import XCTest

/// A `BindingForm` of real entries: commit, discard, and a refused value.
final class GTKFormTests: GTKTestCase {
    private func ageText(_ entry: GTKEntry) -> StringToNumberTransformer<Int> {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return StringToNumberTransformer<Int>(property: Property(entry, \.text), formatter: formatter)
    }

    func testAFormCommitsAndDiscards() throws {
        let nameField = add(GTKEntry())
        let ageField = add(GTKEntry())
        let person = Person(name: "Ann", age: 42)
        let form = try BindingForm(continuous: false) {
            try TwoWayBinding(
                "name", model: Property(person, \.name), form: Property(nameField, \.text), triggers: .standard,
                validators: [.nonEmpty])
            try TwoWayBinding(
                "age", model: Property(person, \.age), form: ageText(ageField), triggers: .standard,
                validators: [.range(0...150)])
        }
        XCTAssertEqual(nameField.text, "Ann")
        XCTAssertEqual(ageField.text, "42")

        type("Bea", into: nameField)
        type("43", into: ageField)
        XCTAssertEqual(person.name, "Ann", "nothing reaches the model before the commit")
        XCTAssertTrue(form.hasPendingEdits)
        XCTAssertEqual(form.commit().count, 0)
        XCTAssertEqual(person.name, "Bea")
        XCTAssertEqual(person.age, 43)

        type("Cid", into: nameField)
        form.discard()
        XCTAssertEqual(nameField.text, "Bea")
        XCTAssertEqual(person.name, "Bea")

        person.name = "Dee"
        XCTAssertEqual(nameField.text, "Dee", "the model reaches the form")
        form.invalidate()
        XCTAssertEqual(GTKWidget.connectedHandlerCount, 0)
    }

    func testARefusedValueIsReportedAndNothingWritten() throws {
        let ageField = add(GTKEntry())
        let person = Person(age: 42)
        let failures = FailureLog()
        let age = try TwoWayBinding("age", model: Property(person, \.age), form: ageText(ageField), triggers: .standard)
        age.onError = { failures.append($0) }
        type("abc", into: ageField)
        XCTAssertEqual(person.age, 42)
        // Replacing "42" emits `changed` twice, as GTK does: once emptied, once with "abc"; both refused.
        XCTAssertGreaterThanOrEqual(failures.count, 1)
        XCTAssertTrue(failures.last.map { "\($0)".contains("abc") } ?? false, "\(String(describing: failures.last))")
        XCTAssertNotNil(age.error)
        XCTAssertEqual(ageField.text, "abc", "the form keeps what the user typed")
        type("7", into: ageField)
        XCTAssertEqual(person.age, 7)
        XCTAssertNil(age.error)
        age.invalidate()
    }
}

/// The failures a binding reported.
final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [BindingFailure] = []
    func append(_ failure: BindingFailure) { lock.withLock { failures.append(failure) } }
    var count: Int { lock.withLock { failures.count } }
    var last: BindingFailure? { lock.withLock { failures.last } }
}
