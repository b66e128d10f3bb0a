import PropertyBinding
import Testing

@Suite struct ValidatorTests {
    @Test func rangeNonEmptyAndPattern() throws {
        try Validator<Int>.range(0...150).validate(150)
        #expect(throws: ValidationError(rule: "range", message: "must be between 0 and 150", input: "151")) {
            try Validator<Int>.range(0...150).validate(151)
        }
        try Validator<String>.nonEmpty.validate("a")
        #expect(throws: ValidationError.self) { try Validator<String>.nonEmpty.validate(" \n") }
        try Validator<String>.pattern("[0-9]{4}").validate("1234")
        #expect(throws: ValidationError.self) { try Validator<String>.pattern("[0-9]{4}").validate("12345") }
        #expect(throws: ValidationError.self) { try Validator<String>.pattern("[0-9]{4}").validate("x1234") }
    }

    @Test func anInvalidPatternFailsEveryValueWithAMessage() {
        #expect {
            try Validator<String>.pattern("([").validate("anything")
        } throws: { error in
            (error as? ValidationError)?.message == "invalid pattern (["
        }
    }

    @Test func aCustomValidatorAndAValidatedProperty() throws {
        final class Box { var value = 3 }
        let box = Box()
        let even = Validator<Int>("even") { $0 % 2 == 0 ? nil : "must be even" }
        let property = Property(box, \.value).validated(by: [even])
        #expect(throws: ValidationError(rule: "even", message: "must be even", input: "3")) { try property.read() }
        box.value = 4
        #expect(try property.read() == 4)
        try property.write(7)  // values from the model are not validated
        #expect(box.value == 7)
    }
}

extension ValidatorTests {
    @Test func aPatternMatchesTheWholeTextUpToItsLastCharacter() throws {
        let zip = Validator<String>.pattern("[0-9]{5}")
        try zip.validate("12345")
        // `$` would match before a final line break and let these through.
        #expect(throws: ValidationError.self) { try zip.validate("12345\n") }
        #expect(throws: ValidationError.self) { try zip.validate("12345\r\n") }
        #expect(throws: ValidationError.self) { try Validator<String>.pattern("a|b").validate("ab") }
    }
}
