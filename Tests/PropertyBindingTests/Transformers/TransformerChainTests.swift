import Foundation
import PropertyBinding
import Testing

extension TransformerChainTests {
    final class Field {
        var writes = 0
        var text = "" { didSet { writes += 1 } }
    }

    final class Plan {
        var writes = 0
        var years = 0 { didSet { writes += 1 } }
    }

    struct NotWhole: Error, Equatable { let months: Int }

    /// A transformer of our own, written against the protocol: whole years ⇄ months.
    struct YearsToMonths<Base: ReadableProperty>: Transformer where Base.Value == Int {
        typealias Value = Int
        let property: Base
        func transform(_ input: Int) throws -> Int { input * 12 }
        func reverseTransform(_ value: Int) throws -> Int {
            guard value % 12 == 0 else { throw NotWhole(months: value) }
            return value / 12
        }
    }
}

extension TransformerChainTests {
    /// text → Int (StringToNumberTransformer) → months (our Transformer) → "N months" (closure).
    private func monthsLabel(_ field: Field) -> some WritableProperty<String> {
        let years = StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: NumberFormatter())
        return YearsToMonths(property: years).map {
            "\($0) months"
        } reverse: { label in
            guard let months = Int(label.prefix { $0.isNumber }) else {
                throw TransformError(.notANumber, input: label, targetType: "Int")
            }
            return months
        }
    }
}

extension TransformerChainTests.YearsToMonths: WritableProperty where Base: WritableProperty {}

@Suite struct TransformerChainTests {
    @Test func readsThroughThreeTransformers() throws {
        let field = Field()
        field.text = "2"
        #expect(try monthsLabel(field).read() == "24 months")
    }

    @Test func writesBackThroughThreeTransformers() throws {
        let field = Field()
        try monthsLabel(field).write("36 months")
        #expect(field.text == "3")
        #expect(field.writes == 1)
    }

    @Test func anErrorInTheMiddleOfAWriteWritesNothing() {
        let field = Field()
        field.text = "1"
        field.writes = 0
        #expect(throws: NotWhole(months: 13)) { try monthsLabel(field).write("13 months") }
        #expect(field.text == "1" && field.writes == 0)
    }

    @Test func anErrorInTheFirstTransformerReachesTheReaderWithTheInput() {
        let field = Field()
        field.text = "two"
        #expect(throws: TransformError(.notANumber, input: "two", targetType: "Int")) { try monthsLabel(field).read() }
    }

    @Test func aBindingThroughTheChainWritesNothingWhenTheMiddleFails() {
        let field = Field()
        let plan = Plan()
        plan.writes = 0
        // Destination: the plan's years seen as months; 13 months is not a whole number of years.
        let months = YearsToMonths(property: Property(plan, \.years))
        let typed = StringToNumberTransformer<Int>(property: Property(field, \.text), formatter: NumberFormatter())
        let binding = Binding(
            source: typed.map {
                $0
            } reverse: {
                $0
            }, destination: months)
        binding.onError = { _ in }
        field.text = "24"
        #expect(binding.update().didWrite)
        #expect(plan.years == 2 && plan.writes == 1)
        field.text = "13"
        let result = binding.update()
        #expect(result.failure?.stage == .writingDestination)
        #expect(result.failure?.error as? NotWhole == NotWhole(months: 13))
        #expect(plan.years == 2 && plan.writes == 1)
    }

    @Test func aBindingReadsAndWritesThroughChainsOnBothSides() {
        let source = Field()
        let destination = Field()
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.numberStyle = .decimal
        let typed = StringToNumberTransformer<Int>(property: Property(source, \.text), formatter: formatter)
        let shown = StringToNumberTransformer<Int>(property: Property(destination, \.text), formatter: formatter)
        let binding = Binding(source: YearsToMonths(property: typed), destination: shown)
        source.text = "1,000"
        #expect(binding.update().didWrite)
        #expect(destination.text == "12,000")
        // Equal values are compared after the transformers: "12000" reads as 12,000 already.
        destination.text = "12000"
        destination.writes = 0
        #expect(binding.update().description == "unchanged")
        #expect(destination.writes == 0)
    }
}
