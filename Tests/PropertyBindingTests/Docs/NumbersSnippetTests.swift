import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

// The snippets of the "Reading and writing numbers" article (PropertyBinding.docc/Numbers.md);
// the article quotes them verbatim (scripts/docs checks it).

private final class TextField {
    var text = ""
}

@Suite struct NumbersSnippetTests {
    @Test func readStrictlyWriteWhatReadsBack() throws {
        let field = TextField()
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "de_DE")
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 2
        let price = StringToNumberTransformer<Double>(property: Property(field, \.text), formatter: formatter)
        field.text = "1.234,5"
        let typed = try price.read()  // 1234.5
        try price.write(1.755)  // field.text == "1,76"
        #expect(typed == 1234.5)
        #expect(field.text == "1,76")

        let discount = StringToNumberTransformer<Decimal?>(property: Property(field, \.text), formatter: formatter)
        field.text = " "
        let none = try discount.read()  // nil
        try discount.write(nil)  // field.text == ""
        #expect(none == nil)
        #expect(field.text == "")

        let amount = NumberTextFormat<Decimal>(formatter)
        let parsed = try amount.number(from: "1.234,56")  // 1234.56
        let shown = try amount.string(from: parsed)  // "1.234,56"
        #expect(parsed == Decimal(string: "1234.56"))
        #expect(shown == "1.234,56")
    }

    @Test func spellOutIsRefused() {
        let words = NumberFormatter()
        words.numberStyle = .spellOut
        let spelled = NumberTextFormat<Int>(words)
        var reason: TransformError.Reason?
        do {
            _ = try spelled.string(from: 42)
        } catch {
            reason = error.reason  // .styleNotSupported
        }
        #expect(reason == .styleNotSupported)
    }
}
