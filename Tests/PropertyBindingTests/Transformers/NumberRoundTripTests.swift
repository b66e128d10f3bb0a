import Foundation
import PropertyBinding
import Testing

/// Every number written reads back as the same number, or is refused: every number
/// type and its optional, every locale, every `NumberFormatter` style, the extreme values.
///
/// `swift test` sweeps every 10th locale; `NUMBER_ROUNDTRIP=all` sweeps them all, and
/// `NUMBER_ROUNDTRIP_REPORT=<file>` writes the counts there (`scripts/number-roundtrip` does both).
@Suite struct NumberRoundTripTests {
    static let styles: [NumberFormatter.Style] = [
        .none, .decimal, .percent, .currency, .scientific, .spellOut, .ordinal, .currencyISOCode, .currencyPlural,
        .currencyAccounting,
    ]

    static let sweepsAll = ProcessInfo.processInfo.environment["NUMBER_ROUNDTRIP"] == "all"

    static var locales: [String] {
        let all = Locale.availableIdentifiers.sorted()
        return sweepsAll ? all : stride(from: 0, to: all.count, by: 10).map { all[$0] }
    }

    @Test func everyWrittenNumberReadsBackOrIsRefused() throws {
        let locales = Self.locales
        let tally = Locked(Tally())
        DispatchQueue.concurrentPerform(iterations: locales.count) { index in
            var local = Tally()
            for style in Self.styles {
                let formatter = NumberFormatter()
                formatter.locale = Locale(identifier: locales[index])
                formatter.numberStyle = style
                var sweep = Sweep(formatter: formatter, tally: local)
                sweep.run()
                local = sweep.tally
            }
            tally.withLock { $0.add(local) }
        }
        let total = tally.value
        if let path = ProcessInfo.processInfo.environment["NUMBER_ROUNDTRIP_REPORT"] {
            let report = """
                locales: \(locales.count), styles: \(Self.styles.count)
                checked: \(total.checked), written and read back: \(total.checked - total.refused - total.failures.count), \
                refused with a typed error: \(total.refused) (unsupported style: \(total.refusedStyle)), \
                failed: \(total.failures.count)
                \(total.failures.prefix(50).joined(separator: "\n"))
                refusals of a supported style:
                \(total.refusals.joined(separator: "\n"))

                """
            try report.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(total.checked > locales.count * Self.styles.count * 13 * 7)
        #expect(
            total.failures.count == 0,
            "\(total.failures.count) of \(total.checked) failed:\n\(total.failures.prefix(30).joined(separator: "\n"))")
    }
}

extension NumberRoundTripTests {
    struct Tally {
        var checked = 0
        var refused = 0
        var refusedStyle = 0
        var failures: [String] = []
        /// Refusals of a style the library supports, for the report.
        var refusals: [String] = []

        mutating func add(_ other: Tally) {
            checked += other.checked
            refused += other.refused
            refusedStyle += other.refusedStyle
            failures += other.failures
            refusals += other.refusals
        }
    }

    final class Field {
        var text = ""
    }

    /// Every number type, plain and optional, through one formatter.
    struct Sweep {
        let formatter: NumberFormatter
        var tally: Tally

        mutating func run() {
            check(Int.self)
            check(Int8.self)
            check(Int16.self)
            check(Int32.self)
            check(Int64.self)
            check(UInt.self)
            check(UInt8.self)
            check(UInt16.self)
            check(UInt32.self)
            check(UInt64.self)
            check(Double.self)
            check(Float.self)
            check(Decimal.self)
        }

        private mutating func check<Number: RoundTripNumber>(_: Number.Type) {
            let field = Field()
            let number = StringToNumberTransformer<Number>(property: Property(field, \.text), formatter: formatter)
            let optional = StringToNumberTransformer<Number?>(property: Property(field, \.text), formatter: formatter)
            // An optional is written by its number's code: the sample tries it with two values.
            for (index, value) in Number.extremes.enumerated() {
                check(value, number, field)
                if NumberRoundTripTests.sweepsAll || index < 2 { check(Optional(value), optional, field) }
            }
            check(nil, optional, field)
        }

        /// Writes `value` through `number`, then reads the text back (and writes again).
        private mutating func check<Number: ParsableNumber>(
            _ value: Number, _ number: StringToNumberTransformer<Number>, _ field: Field
        ) {
            tally.checked += 1
            let kept = "text before the write"
            field.text = kept
            let style = formatter.numberStyle
            let name =
                "\(formatter.locale.identifier) style \(style.rawValue) \(Number.self) \(value.posixDescription ?? "nil")"
            do {
                try number.write(value)
            } catch let error as TransformError {
                tally.refused += 1
                if field.text != kept { tally.failures.append("\(name): refused, but the text changed") }
                if [.spellOut, .ordinal, .currencyPlural].contains(style) {
                    tally.refusedStyle += 1
                    if error.reason != .styleNotSupported { tally.failures.append("\(name): refused as \(error)") }
                } else {
                    tally.refusals.append("\(name): \(error)")
                }
                return
            } catch {
                tally.failures.append("\(name): refused with an untyped \(error)")
                return
            }
            let text = field.text
            let back: Number
            do {
                back = try number.read()
            } catch {
                tally.failures.append("\(name): wrote \(text.debugDescription), which reads as \(error)")
                return
            }
            if back == value { return }
            // Only a binary or decimal fraction may be shown rounded, and never in scientific style,
            // which shows every digit.
            guard !Number.isInteger, style != .scientific else {
                tally.failures.append("\(name): wrote \(text.debugDescription), read back as \(back)")
                return
            }
            do {
                try number.write(back)
            } catch {
                tally.failures.append("\(name): \(text.debugDescription) read back as \(back), which is refused")
                return
            }
            if field.text != text {
                tally.failures.append("\(name): \(text.debugDescription) drifts to \(field.text.debugDescription)")
            }
            // The text shows the number rounded to the last digit it shows (corelibs reports two
            // fraction digits for a currency ICU shows with none, such as UGX).
            if let shownDigits = back.posixDescription, let shown = Self.decimal(shownDigits),
                let exact = value.posixDescription.flatMap(Self.decimal)
            {
                var unit = Decimal(1)
                let fraction = shownDigits.split(separator: ".").dropFirst().first ?? ""
                let places = fraction.reversed().drop { $0 == "0" }.count
                for _ in 0..<places { unit /= 10 }
                let difference = shown > exact ? shown - exact : exact - shown
                if difference > unit {
                    tally.failures.append("\(name): wrote \(text.debugDescription), far from the number")
                }
            }
        }

        private static func decimal(_ posix: String) -> Decimal? {
            Decimal(string: posix, locale: Locale(identifier: "en_US_POSIX"))
        }
    }
}

/// A number type with the values at its extremes.
protocol RoundTripNumber: ParsableNumber {
    static var extremes: [Self] { get }
}

extension RoundTripNumber where Self: FixedWidthInteger {
    /// min, max, 0, the smallest non-zero, 42 and its negative, 2⁵³ + 1 and 2⁶³ where they fit.
    static var extremes: [Self] {
        var values: [Self] = [.min, .max, 0, 1, 42]
        if Self.isSigned { values += [-1, -42] }
        values += [Self(exactly: UInt64(1) << 53 + 1), Self(exactly: UInt64(1) << 63)].compactMap { $0 }
        return values
    }
}

extension Int: RoundTripNumber {}
extension Int8: RoundTripNumber {}
extension Int16: RoundTripNumber {}
extension Int32: RoundTripNumber {}
extension Int64: RoundTripNumber {}
extension UInt: RoundTripNumber {}
extension UInt8: RoundTripNumber {}
extension UInt16: RoundTripNumber {}
extension UInt32: RoundTripNumber {}
extension UInt64: RoundTripNumber {}

extension RoundTripNumber where Self: BinaryFloatingPoint {
    /// min, max, 0, −0, the smallest non-zero of both signs, 2⁵³ + 1, 2⁶³, and fractions.
    static var extremes: [Self] {
        [
            -.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0, -0.0, .leastNonzeroMagnitude,
            -.leastNonzeroMagnitude, Self(9_007_199_254_740_993 as UInt64), Self(UInt64(1) << 63), 1.755, -0.000001,
            1234.5678, -1e-30,
        ]
    }
}

extension Double: RoundTripNumber {}
extension Float: RoundTripNumber {}

extension Decimal: RoundTripNumber {
    /// min, max, 0, the smallest non-zero of both signs, 2⁵³ + 1, 2⁶³, and fractions.
    static var extremes: [Decimal] {
        [
            -.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            Decimal(9_007_199_254_740_993 as UInt64), Decimal(UInt64(1) << 63), Decimal(string: "1.755")!,
            Decimal(string: "-0.000001")!, Decimal(string: "1234.5678")!, Decimal(string: "-1e-30")!,
        ]
    }
}
