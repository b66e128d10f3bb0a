import Foundation
import PropertyBinding
import Testing

/// Generates the text a user (or a fuzzer) could put in a number field of a locale: numbers that
/// are right, nearly right and plainly wrong.
struct NumberTextGenerator {
    var random: SplitMix64
    let decimalSeparator: String
    let groupingSeparator: String

    private static let separators = [",", ".", " ", "'", "\u{A0}", "\u{202F}", "_", "\u{2019}"]
    private static let signs = ["", "", "", "", "-", "+", "\u{2212}", "--", "+-", "-+", "- ", "+ "]
    private static let whitespace = [" ", "  ", "\t", "\n", "\u{A0}", "\u{2003}", "\u{200E}"]
    private static let spellings = [
        "NaN", "nan", "-NaN", "+nan", "inf", "-inf", "+inf", "Inf", "INF", "infinity", "Infinity", "-Infinity",
        "∞", "-∞", "+∞", "\u{2212}∞", "1e5", "1E-5", "-2e308", "2e308", "1e-400", "0x1A", "0X1p3", "1_000",
        "½", "Ⅻ", "٣٫٥", "١٬٢٣٤", "１２３", "𝟙𝟚", "", " ", "\t\n", "-", "+", ".", ",", "-.", "e", "1,", ",1", "1.",
        ".1", "00", "-0", "+0", "-0.0", "0.0", "1 234", "1\u{A0}234", "1'234", "12,34,567", "1.2.3", "1,2,3",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551615", "18446744073709551616", "340282366920938463463374607431768211456",
    ]
    /// Scalar ranges for random text: ASCII, Latin, digits of other scripts, combining marks,
    /// punctuation and direction marks, CJK and emoji (no surrogates).
    private static let scalarRanges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0x30...0x39, 0xA0...0x24F, 0x300...0x36F, 0x660...0x66D, 0x6F0...0x6F9, 0x966...0x96F,
        0x2000...0x206F, 0x2212...0x2212, 0x4E00...0x4E20, 0xFF10...0xFF19, 0x1D7CE...0x1D7FF, 0x1F600...0x1F64F,
    ]

    init(seed: UInt64, formatter: NumberFormatter) {
        random = SplitMix64(seed: seed)
        decimalSeparator = formatter.decimalSeparator
        groupingSeparator = formatter.groupingSeparator ?? ","
    }

    mutating func digits(_ count: Int) -> String {
        var text = ""
        text.unicodeScalars.reserveCapacity(count)
        for _ in 0..<count { text.unicodeScalars.append(Unicode.Scalar(UInt8(48 + random.below(10)))) }
        return text
    }

    /// `digits` grouped by three from the right with `separator`.
    func grouped(_ digits: String, with separator: String) -> String {
        var groups: [Substring] = []
        var end = digits.endIndex
        while digits.distance(from: digits.startIndex, to: end) > 3 {
            let start = digits.index(end, offsetBy: -3)
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        groups.insert(digits[..<end], at: 0)
        return groups.joined(separator: separator)
    }

    mutating func sign() -> String { random.pick(Self.signs) }

    mutating func randomScalars(_ count: Int) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<count {
            let range = random.pick(Self.scalarRanges)
            let value = range.lowerBound + UInt32(random.below(Int(range.upperBound - range.lowerBound) + 1))
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        return String(text)
    }

    /// A number written correctly in the locale: signed, maybe grouped, maybe with a fraction.
    mutating func wellFormed() -> String {
        var text = sign() == "-" ? "-" : ""
        let whole = digits(1 + random.below(random.below(4) == 0 ? 25 : 7))
        text += random.below(2) == 0 ? grouped(whole, with: groupingSeparator) : whole
        if random.below(2) == 0 { text += decimalSeparator + digits(1 + random.below(random.below(4) == 0 ? 30 : 6)) }
        return text
    }

    mutating func next() -> String {
        var text: String
        switch random.below(10) {
        case 0, 1:
            text = wellFormed()
        case 2:
            // Separators of any locale, in places chosen at random.
            text = sign()
            for index in 0..<(1 + random.below(5)) {
                if index > 0 { text += random.pick(Self.separators) }
                text += digits(1 + random.below(5))
            }
        case 3:
            // Huge magnitudes, and long fractions.
            // Huge magnitudes (past every type's range, 1 in 8 past a Double's) and long fractions;
            // kept short enough that parsing them does not dominate the run.
            text = sign() + digits(15 + random.below(random.below(8) == 0 ? 330 : 30))
            if random.below(3) == 0 { text += decimalSeparator + digits(1 + random.below(40)) }
            if random.below(3) == 0 {
                text = "0" + decimalSeparator + String(repeating: "0", count: random.below(40)) + digits(3)
            }
        case 4:
            text = random.pick(Self.spellings)
        case 5:
            text = randomScalars(1 + random.below(10))
        case 6:
            // A good number with one character inserted, replaced or removed.
            var scalars = Array(wellFormed().unicodeScalars)
            let position = random.below(scalars.count + 1)
            let noise = randomScalars(1).unicodeScalars.first ?? "x"
            switch random.below(3) {
            case 0: scalars.insert(noise, at: position)
            case 1 where position < scalars.count: scalars[position] = noise
            default: if position < scalars.count { scalars.remove(at: position) }
            }
            text = String(String.UnicodeScalarView(scalars))
        case 7:
            // Exponents and other radixes.
            text =
                sign() + digits(1 + random.below(4)) + random.pick(["e", "E", "e+", "e-", "x", "p"])
                + digits(1 + random.below(3))
        case 8:
            // Zeros: leading, trailing, negative.
            text = sign() + String(repeating: "0", count: random.below(5)) + digits(random.below(4))
            if random.below(2) == 0 { text += decimalSeparator + String(repeating: "0", count: 1 + random.below(5)) }
        default:
            // Digits and signs with whitespace around and inside.
            text = random.pick(Self.whitespace) + sign() + random.pick(Self.whitespace) + digits(1 + random.below(6))
        }
        if random.below(8) == 0 { text = random.pick(Self.whitespace) + text + random.pick(Self.whitespace) }
        return text
    }
}

/// A text field and a model property of one number type, for the fuzz test.
final class FuzzField {
    var text = ""
}

/// The model the fuzzed field writes to.
final class FuzzModel<Number> {
    var value: Number

    init(_ value: Number) {
        self.value = value
    }
}

/// Every number type ``StringToNumberTransformer`` supports.
enum FuzzedNumberType: String, CaseIterable, Sendable {
    case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, double, float, decimal
}

@Suite struct FuzzTests {
    /// Strings per number type and locale: 13 types × 2 locales × 4,000 = 104,000.
    static let stringsPerCase = 4_000

    @Test(arguments: FuzzedNumberType.allCases, ["en_US", "de_DE"])
    func stringToNumberNeverCrashesRoundTripsWhatItAcceptsAndWritesNothingItRejects(
        type: FuzzedNumberType, locale: String
    ) throws {
        // One fixed seed per case: every run feeds the same strings.
        let typeIndex = FuzzedNumberType.allCases.firstIndex(of: type)!
        let seed = UInt64(typeIndex * 2 + (locale == "en_US" ? 0 : 1)) &* 0x2545_F491_4F6C_DD1D
        switch type {
        case .int: try fuzz(seed: seed, Int.self, locale: locale)
        case .int8: try fuzz(seed: seed, Int8.self, locale: locale)
        case .int16: try fuzz(seed: seed, Int16.self, locale: locale)
        case .int32: try fuzz(seed: seed, Int32.self, locale: locale)
        case .int64: try fuzz(seed: seed, Int64.self, locale: locale)
        case .uint: try fuzz(seed: seed, UInt.self, locale: locale)
        case .uint8: try fuzz(seed: seed, UInt8.self, locale: locale)
        case .uint16: try fuzz(seed: seed, UInt16.self, locale: locale)
        case .uint32: try fuzz(seed: seed, UInt32.self, locale: locale)
        case .uint64: try fuzz(seed: seed, UInt64.self, locale: locale)
        case .double: try fuzz(seed: seed, Double.self, locale: locale)
        case .float: try fuzz(seed: seed, Float.self, locale: locale)
        case .decimal: try fuzz(seed: seed, Decimal.self, locale: locale)
        }
    }

    /// `text` quoted, shortened to keep a failure readable.
    private func show(_ text: String) -> String {
        text.count <= 48 ? text.debugDescription : (String(text.prefix(48)) + "…").debugDescription
    }

    /// Feeds generated strings through a real binding (field text → transformer → model) and
    /// checks each outcome.
    private func fuzz<Number: ParsableNumber>(seed: UInt64, _: Number.Type, locale: String) throws {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.numberStyle = .decimal
        // Enough fraction digits that formatting shows every digit a parsed value holds (the
        // generator writes at most 40 zeros and a few digits after the point), so a value that
        // does not read back is a bug, not the formatter's rounding.
        formatter.maximumFractionDigits = 400
        let field = FuzzField()
        let sentinel = try #require(Number(posixDigits: "42"))
        let model = FuzzModel(sentinel)
        let transformer = StringToNumberTransformer<Number>(property: Property(field, \.text), formatter: formatter)
        let binding = Binding(source: transformer, destination: Property(model, \.value))
        binding.onError = { _ in }

        var generator = NumberTextGenerator(seed: seed, formatter: formatter)
        var problems: [String] = []
        var accepted = 0
        for _ in 0..<Self.stringsPerCase {
            let text = generator.next()
            let before = model.value
            field.text = text
            switch binding.update() {
            case .written, .unchanged:
                accepted += 1
                let value = model.value
                do {
                    let shown = try transformer.reverseTransform(value)
                    let back = try transformer.transform(shown)
                    if back != value {
                        problems.append("\(show(text)): \(value) shows as \(show(shown)) → \(back)")
                    }
                } catch {
                    problems.append("\(show(text)): \(value) does not round-trip: \(error)")
                }
            case .failed(let failure):
                if model.value != before { problems.append("\(show(text)): rejected but written") }
                if failure.stage != .readingSource { problems.append("\(show(text)): failed at \(failure.stage)") }
                guard let error = failure.error as? TransformError else {
                    problems.append("\(show(text)): not a TransformError: \(failure.error)")
                    continue
                }
                if error.input != text { problems.append("\(show(text)): error reports \(show(error.input))") }
                if error.targetType != "\(Number.self)" { problems.append("\(show(text)): target \(error.targetType)") }
            case let other:
                problems.append("\(show(text)): unexpected result \(other)")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems, first: \(problems.prefix(5).joined(separator: "; "))")
        // The generator must reach both sides of the parser, or the test proves little.
        #expect(accepted > Self.stringsPerCase / 10)
        #expect(accepted < Self.stringsPerCase * 9 / 10)
    }
}
