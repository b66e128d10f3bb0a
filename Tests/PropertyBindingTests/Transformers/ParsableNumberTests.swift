import Foundation
import PropertyBinding
import Testing

@Suite struct ParsableNumberTests {
    @Test func aDecimalTakesEveryMantissaItHolds() throws {
        // 2^128 − 1 has 39 digits and fits a Decimal's 128-bit mantissa; 2^128 does not.
        let largest = "340282366920938463463374607431768211455"
        #expect(Decimal(posixDigits: largest) == Decimal(string: largest))
        #expect(Decimal(posixDigits: "0." + largest)?.description == "0." + largest)
        #expect(Decimal(posixDigits: "340282366920938463463374607431768211456") == nil)
        #expect(Decimal(posixDigits: String(repeating: "9", count: 40)) == nil)
    }

    @Test func theLargestDecimalRoundTripsThroughText() throws {
        final class Field { var text = "" }
        let field = Field()
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        let number = StringToNumberTransformer<Decimal>(property: Property(field, \.text), formatter: formatter)
        try number.write(.greatestFiniteMagnitude)
        #expect(try number.read() == .greatestFiniteMagnitude)
    }
}
