import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// Without `Equatable`, a real model change still wins over a pending
// rejected edit.

extension NonEquatableValueTests {
    /// A value that is not `Equatable`.
    struct Point {
        var x: Int
    }

    final class Shape: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        @Announced var origin = Point(x: 0)
    }

    struct NotAPoint: Error {}
}

@Suite struct NonEquatableValueTests {
    @Test func aRealModelChangeWinsOverARejectedEdit() throws {
        let shape = Shape()
        let field = TextField()
        let text = Property(field, \.text).map(
            { text -> Point in
                guard let x = Int(text) else { throw NotAPoint() }
                return Point(x: x)
            }, reverse: { "\($0.x)" })
        let origin = try TwoWayBinding("origin", model: Property(shape, \.origin), form: text, triggers: .standard)
        origin.onError = { _ in }
        #expect(field.text == "0")

        field.simulateTyping("left")
        #expect(origin.error != nil)
        #expect(origin.hasPendingEdit)
        #expect(shape.origin.x == 0)

        shape.origin = Point(x: 5)
        #expect(field.text == "5", "the model changed: its value is shown")
        #expect(origin.error == nil)
        #expect(!origin.hasPendingEdit)
    }
}
