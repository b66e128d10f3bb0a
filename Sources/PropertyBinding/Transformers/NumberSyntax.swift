import Foundation

/// The symbols of a `NumberFormatter`, read once, and a strict parser over them.
///
/// corelibs' `NumberFormatter.number(from:)` accepts a prefix of its input (`"42abc"` is 42,
/// and `"1,234.5"` in `de_DE` is 1.234), which would write a wrong value without an error.
/// This parser accepts the whole text or nothing, and returns plain POSIX digits that the
/// number type parses exactly.
struct NumberSyntax: Sendable {
    /// Why a text is not a number in this syntax.
    struct Rejection: Error {
        let reason: TransformError.Reason
        init(_ reason: TransformError.Reason) { self.reason = reason }
    }

    let decimalSeparator: String
    let groupingSeparators: [String]
    let groupingSize: Int
    let secondaryGroupingSize: Int
    let minusSigns: [String]
    let plusSign: String
    let positivePrefix: String
    let positiveSuffix: String
    let negativePrefix: String
    let negativeSuffix: String
    /// The power of ten the formatter multiplies by (2 for percent).
    let multiplierExponent: Int
    /// Any other multiplier (`3`, `0.01`, `-1`), which reading divides by; nil for none or a
    /// power of ten.
    let divisor: Decimal?
    /// The characters a formatter with a `formatWidth` pads with, which reading ignores.
    let padding: String?
    let allowsFloats: Bool
    /// The symbol before the power of ten (`E`), for a scientific formatter only.
    let exponentSymbol: String?
    let minimum: Decimal?
    let maximum: Decimal?
    /// Whether ASCII digits with an optional sign mean just that here, so that such a text
    /// (what most fields hold) is read without the full parser: false when a symbol, affix or
    /// padding could be made of those characters, or a multiplier moves the point.
    let readsPlainDigits: Bool
    /// Whether an ASCII `+` before plain digits is this syntax's plus sign.
    let readsPlainPlus: Bool
    /// Whether a grouping separator is made of ASCII digits alone (a formatter can be told to
    /// group with `0`), so that even a run of plain digits has to be split.
    let groupsWithDigits: Bool
    /// False for the styles ICU writes with rules rather than symbols (`.spellOut`, `.ordinal`,
    /// `.currencyPlural`): their text ("forty-two", "42nd", "42,00 euros" beside "1,00 euro") is
    /// not made of the symbols this parser reads, and corelibs gives none of them.
    let supportsStyle: Bool
    /// The fraction digits the formatter writes, as ICU resolves them (see
    /// ``writtenFractionDigits(_:)``).
    let fractionDigits: FractionDigits
    /// The formatter, copied with `.halfEven` rounding when it rounds another way: a value
    /// already rounded exactly to the digits shown is written with it, so that a directed
    /// rounding mode (ceiling, floor, up, down) is not applied a second time to the binary
    /// value corelibs converts it to (0.3001 as 0.30010000000000003, written "0.3002"). Nil
    /// when the formatter rounds half-even already.
    let halfEvenFormatter: SendableFormatter?

    /// The fraction digits a formatter writes, at least and at most.
    struct FractionDigits: Sendable, Equatable {
        let minimum: Int
        let maximum: Int
    }

    /// A formatter the syntax keeps; only its `string(from:)` is called, as on the caller's own.
    final class SendableFormatter: @unchecked Sendable {
        let formatter: NumberFormatter
        init(_ formatter: NumberFormatter) { self.formatter = formatter }
    }

    init(_ formatter: NumberFormatter) {
        func trimmed(_ text: String) -> String {
            Self.trimmingSpace(Self.plain(text))
        }
        // corelibs leaves the symbols of some styles (`.spellOut`, `.ordinal`) nil, although they
        // are declared as implicitly unwrapped: read each one as an optional.
        func symbol(_ value: String?, _ fallback: String) -> String { value ?? fallback }
        supportsStyle = ![.spellOut, .ordinal, .currencyPlural].contains(formatter.numberStyle)
        let separators = Self.writtenSeparators(formatter)
        decimalSeparator = Self.plain(separators.decimal)
        let grouping = Self.plain(separators.grouping)
        if formatter.usesGroupingSeparator && formatter.groupingSize > 0 && !grouping.isEmpty {
            // People type a plain space where a locale groups with a no-break space, and an
            // ASCII apostrophe where it groups with a typographic one (de_CH).
            let equivalents = [["\u{20}", "\u{A0}", "\u{202F}"], ["'", "\u{2019}"]]
            groupingSeparators = equivalents.first { $0.contains(grouping) } ?? [grouping]
        } else {
            groupingSeparators = []
        }
        groupingSize = formatter.groupingSize
        secondaryGroupingSize = formatter.secondaryGroupingSize
        minusSigns = Array(
            Set([Self.plain(symbol(formatter.minusSign, "-")), "-", "\u{2212}"].filter { !$0.isEmpty }))
        plusSign = Self.plain(symbol(formatter.plusSign, "+"))
        positivePrefix = trimmed(symbol(formatter.positivePrefix, ""))
        positiveSuffix = trimmed(symbol(formatter.positiveSuffix, ""))
        negativePrefix = trimmed(symbol(formatter.negativePrefix, "-"))
        negativeSuffix = trimmed(symbol(formatter.negativeSuffix, ""))
        (multiplierExponent, divisor) = Self.multiplier(formatter.multiplier)
        // The padding of a formatter with a `formatWidth` (`***42`), unless it could be part of a number.
        let pad = Self.plain(symbol(formatter.paddingCharacter, ""))
        let partOfANumber =
            pad.contains(where: \.isNumber) || [decimalSeparator, plusSign].contains(pad) || minusSigns.contains(pad)
            || groupingSeparators.contains(pad)
        padding = formatter.formatWidth > 0 && !pad.isEmpty && !partOfANumber ? pad : nil
        allowsFloats = formatter.allowsFloats
        let exponent = Self.plain(symbol(formatter.exponentSymbol, ""))
        exponentSymbol = formatter.numberStyle == .scientific && !exponent.isEmpty ? exponent : nil
        minimum = formatter.minimum.map(\.decimalValue)
        maximum = formatter.maximum.map(\.decimalValue)

        // A symbol made only of digits and ASCII signs could match inside plain digits, and the
        // full parser would read them differently; any other symbol cannot match there at all.
        func couldMatchPlainDigits(_ symbol: String) -> Bool {
            !symbol.isEmpty && symbol.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "+" || $0 == "-" }
        }
        // A negative prefix `-` is read as the minus sign it looks like.
        let affixes =
            [positivePrefix, positiveSuffix, negativeSuffix] + (negativePrefix == "-" ? [] : [negativePrefix])
        let symbols =
            affixes + groupingSeparators + [padding ?? "", exponentSymbol ?? ""] + minusSigns.filter { $0 != "-" }
        readsPlainDigits =
            multiplierExponent == 0 && divisor == nil && !decimalSeparator.isEmpty
            && !couldMatchPlainDigits(decimalSeparator) && !couldMatchPlainDigits(plusSign == "+" ? "" : plusSign)
            && !symbols.contains(where: couldMatchPlainDigits)
        readsPlainPlus = plusSign == "+"
        groupsWithDigits = groupingSeparators.contains { $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }
        fractionDigits = Self.writtenFractionDigits(formatter)
        if formatter.roundingMode == .halfEven {
            halfEvenFormatter = nil
        } else {
            let copy = formatter.copy() as? NumberFormatter
            copy?.roundingMode = .halfEven
            halfEvenFormatter = copy.map(SendableFormatter.init)
        }
    }

    /// The fraction digits `formatter` writes. Those it reports, except for a currency: ICU
    /// writes a currency with the currency's own digits, whatever corelibs reports (2 by
    /// default) or was told: the Kuwaiti dinar with 3 (1.755 rounded to two digits first came
    /// out "1.760"), the yen with none, the dollar with 2 even when told a maximum of 0 or 4.
    /// Those are found by writing two numbers. (For the other styles corelibs writes three
    /// digits whatever maximum it was told, and the writer rounds to the reported maximum
    /// itself, as the formatter's user asked.)
    static func writtenFractionDigits(_ formatter: NumberFormatter) -> FractionDigits {
        let reported = FractionDigits(
            minimum: max(0, formatter.minimumFractionDigits), maximum: max(0, formatter.maximumFractionDigits))
        let currencies: [NumberFormatter.Style] = [.currency, .currencyISOCode, .currencyAccounting]
        guard currencies.contains(formatter.numberStyle), !formatter.usesSignificantDigits,
            formatter.roundingIncrement.doubleValue == 0, let zero = formatter.string(from: 0),
            let ninth = formatter.string(from: NSNumber(value: 1.0 / 9.0))
        else { return reported }
        let separator = writtenSeparators(formatter).decimal
        let affixes = (formatter.positivePrefix ?? "", formatter.positiveSuffix ?? "")
        let minimum = fractionDigitCount(zero, separator: separator, affixes: affixes)
        let maximum = fractionDigitCount(ninth, separator: separator, affixes: affixes)
        return FractionDigits(minimum: minimum, maximum: max(minimum, maximum))
    }

    /// How many digits (of any script) follow the last decimal separator of `text`, without
    /// its affixes, that a digit follows; 0 without one.
    private static func fractionDigitCount(_ text: String, separator: String, affixes: (String, String)) -> Int {
        guard !separator.isEmpty else { return 0 }
        var rest = Substring(text)
        if !affixes.0.isEmpty, rest.hasPrefix(affixes.0) { rest = rest.dropFirst(affixes.0.count) }
        if !affixes.1.isEmpty, rest.hasSuffix(affixes.1) { rest = rest.dropLast(affixes.1.count) }
        var count = 0
        while let range = rest.range(of: separator) {
            let after = rest[range.upperBound...]
            let digits = after.prefix { $0.wholeNumberValue != nil }.count
            if digits > 0 { count = digits }
            rest = after
        }
        return count
    }

    /// Returns `text` as POSIX digits (`-1234.5`), without redundant zeros.
    ///
    /// - Throws: the reason the whole text is not a number in this syntax.
    func posixDigits(_ text: String) throws(Rejection) -> String {
        if readsPlainDigits, let digits = Self.plainDigits(text, readsPlus: readsPlainPlus) {
            return try withinLimits(digits)
        }
        var body = Substring(Self.trimmingSpace(Self.plain(text)))
        guard !body.isEmpty else { throw Rejection(.empty) }
        body = trimmingPadding(body)
        guard !body.isEmpty else { throw Rejection(.empty) }
        var negative = false
        // Affixes (currency, percent) are optional when typing; a negative one marks the sign.
        if !negativePrefix.isEmpty, negativePrefix != positivePrefix, body.hasPrefix(negativePrefix) {
            body = body.dropFirst(negativePrefix.count)
            negative = true
        } else if !positivePrefix.isEmpty, body.hasPrefix(positivePrefix) {
            body = body.dropFirst(positivePrefix.count)
        }
        if !negativeSuffix.isEmpty, negativeSuffix != positiveSuffix, body.hasSuffix(negativeSuffix) {
            body = body.dropLast(negativeSuffix.count)
            negative = true
        } else if !positiveSuffix.isEmpty, body.hasSuffix(positiveSuffix) {
            body = body.dropLast(positiveSuffix.count)
        }
        body = trimmingPadding(Self.trimmingWhitespace(body))
        if let minus = minusSigns.first(where: { body.hasPrefix($0) }) {
            guard !negative else { throw Rejection(.notANumber) }
            body = Self.trimmingWhitespace(body.dropFirst(minus.count))
            negative = true
        } else if !negative, !plusSign.isEmpty, body.hasPrefix(plusSign) {
            body = Self.trimmingWhitespace(body.dropFirst(plusSign.count))
        }
        guard !body.isEmpty else { throw Rejection(.notANumber) }
        var exponent = 0
        if let exponentSymbol, let mark = body.range(of: exponentSymbol, options: .caseInsensitive) {
            exponent = try self.exponent(body[mark.upperBound...])
            body = Self.trimmingWhitespace(body[..<mark.lowerBound])
        }

        let integerText: Substring
        var fraction: Substring
        if let separator = body.range(of: decimalSeparator) {
            integerText = body[..<separator.lowerBound]
            fraction = body[separator.upperBound...]
            // "5." is a number (a formatter that always shows the separator writes it); "." is not.
            guard !(fraction.isEmpty && integerText.isEmpty), fraction.allSatisfy(\.isASCIIDigit) else {
                throw Rejection(.notANumber)
            }
        } else {
            integerText = body
            fraction = ""
        }
        var integer = try groupedDigits(integerText, allowEmpty: !fraction.isEmpty)
        // A scientific formatter writes `1.2345E3`: move the point by the exponent.
        if exponent != 0 {
            let all = integer + fraction
            let point = integer.count + exponent
            if point <= 0 {
                integer = "0"
                fraction = Substring(String(repeating: "0", count: -point) + all)
            } else if point >= all.count {
                integer = all + String(repeating: "0", count: point - all.count)
                fraction = ""
            } else {
                integer = String(all.prefix(point))
                fraction = Substring(all.dropFirst(point))
            }
        }

        // A percent formatter shows value × 100: move the point back.
        if multiplierExponent > 0 {
            let padded = String(repeating: "0", count: max(0, multiplierExponent - integer.count + 1)) + integer
            let split = padded.index(padded.endIndex, offsetBy: -multiplierExponent)
            fraction = Substring(padded[split...] + fraction)
            integer = String(padded[..<split])
        }
        let whole = integer.drop(while: { $0 == "0" })
        // A substring, not a reversed view: it becomes a string by copying bytes, not characters.
        var decimals = fraction
        while decimals.last == "0" { decimals.removeLast() }
        guard allowsFloats || decimals.isEmpty else { throw Rejection(.fractionNotAllowed) }
        let isZero = whole.isEmpty && decimals.isEmpty
        var digits = (negative && !isZero ? "-" : "") + (whole.isEmpty ? "0" : String(whole))
        if !decimals.isEmpty { digits += "." + String(decimals) }

        if let divisor {
            // The formatter shows value × multiplier: divide it back out.
            guard !divisor.isZero, let shown = Decimal(string: digits, locale: Self.posix), !shown.isNaN else {
                throw Rejection(.notANumber)
            }
            digits = (shown / divisor).description
        }

        return try withinLimits(digits)
    }

    /// `digits`, checked against the formatter's `minimum` and `maximum`.
    ///
    /// - Throws: `.outOfRange` when the number lies outside them.
    private func withinLimits(_ digits: String) throws(Rejection) -> String {
        guard minimum != nil || maximum != nil else { return digits }
        // More digits than a Decimal holds: compare as a Double, which cannot be in range
        // of the formatter's limits without being in range of their Double values.
        if let value = Decimal(string: digits, locale: Self.posix), !value.isNaN {
            if let minimum, value < minimum { throw Rejection(.outOfRange) }
            if let maximum, value > maximum { throw Rejection(.outOfRange) }
        } else if let value = Double(digits) {
            if let minimum, value < NSDecimalNumber(decimal: minimum).doubleValue { throw Rejection(.outOfRange) }
            if let maximum, value > NSDecimalNumber(decimal: maximum).doubleValue { throw Rejection(.outOfRange) }
        }
        return digits
    }

    /// The POSIX digits of `text` when it is ASCII digits with an optional sign (`-` always,
    /// `+` when `readsPlus`) and ASCII white space around, the text of most number fields;
    /// nil for any other text, which the full parser reads. For a syntax that
    /// ``readsPlainDigits``, the result is the one the full parser would return, found without
    /// building characters, substrings or, for digits without redundant zeros, a new string.
    private static func plainDigits(_ text: String, readsPlus: Bool) -> String? {
        // A native string is already contiguous (this does nothing); a bridged one is copied once.
        var text = text
        text.makeContiguousUTF8()
        // Offsets of the digits without redundant zeros, and whether the number is negative.
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> (start: Int, end: Int, negative: Bool)? in
            // The white space `trimmingCharacters(in: .whitespacesAndNewlines)` removes, in ASCII.
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            var start = 0
            var end = bytes.count
            while start < end, isSpace(bytes[start]) { start += 1 }
            while start < end, isSpace(bytes[end - 1]) { end -= 1 }
            guard start < end else { return nil }
            let negative = bytes[start] == UInt8(ascii: "-")
            if negative || (readsPlus && bytes[start] == UInt8(ascii: "+")) { start += 1 }
            guard start < end else { return nil }
            for index in start..<end where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                return nil
            }
            // Leading zeros go, but the last digit stays: "007" is "7", "000" is "0" (never "-0").
            while start < end - 1, bytes[start] == UInt8(ascii: "0") { start += 1 }
            let isZero = bytes[start] == UInt8(ascii: "0")
            return (start, end, negative && !isZero)
        }
        guard let (start, end, negative) = found ?? nil else { return nil }
        let utf8 = text.utf8
        // The text itself when it is already in POSIX form (a `-` is then its first byte): no new string.
        if start == (negative ? 1 : 0), end == utf8.count { return text }
        let digits = String(
            text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
        return negative ? "-" + digits : digits
    }

    /// The scalars that only steer the direction of text (the marks Arabic and Hebrew locales
    /// put around signs and symbols); they are invisible and never typed on purpose.
    private static let directionMarks: Set<Unicode.Scalar> = [
        "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]

    /// `text` without direction marks and with every decimal digit of any script (`١`, `۲`)
    /// as its ASCII digit, so that the text a formatter writes in any locale reads back.
    static func plain(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !directionMarks.contains(scalar) {
            if !scalar.isASCII, scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
                let ascii = Unicode.Scalar(UInt32(48 + Int(value)))
            {
                scalars.append(ascii)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The power of ten after a scientific formatter's exponent symbol: `3`, `-3`, `+3`.
    private func exponent(_ text: Substring) throws(Rejection) -> Int {
        var digits = Self.trimmingWhitespace(text)
        var negative = false
        if let minus = minusSigns.first(where: { digits.hasPrefix($0) }) {
            digits = digits.dropFirst(minus.count)
            negative = true
        } else if !plusSign.isEmpty, digits.hasPrefix(plusSign) {
            digits = digits.dropFirst(plusSign.count)
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { throw Rejection(.notANumber) }
        // Beyond any number type: refuse rather than spell out a million zeros.
        guard digits.count <= 4, let value = Int(digits), value <= 1000 else { throw Rejection(.outOfRange) }
        return negative ? -value : value
    }

    /// The digits of an integer part, checking the positions of its grouping separators.
    private func groupedDigits(_ text: Substring, allowEmpty: Bool) throws(Rejection) -> String {
        if text.isEmpty {
            guard allowEmpty else { throw Rejection(.notANumber) }
            return "0"
        }
        // Plain digits (the integer part of most numbers) contain no separator to split at.
        if !groupsWithDigits, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return String(text)
        }
        var groups: [Substring] = [text]
        for separator in groupingSeparators where text.contains(separator) {
            groups = groups.flatMap { $0.split(separator: separator, omittingEmptySubsequences: false) }
        }
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { throw Rejection(.notANumber) }
        if groups.count > 1 {
            let last = groups.count - 1
            let inner = secondaryGroupingSize > 0 ? secondaryGroupingSize : groupingSize
            for (index, group) in groups.enumerated() {
                let expected = index == last ? groupingSize : inner
                let fits = index == 0 ? group.count <= expected : group.count == expected
                guard fits else { throw Rejection(.notANumber) }
            }
        }
        return groups.joined()
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// A formatter's multiplier as a power of ten (`100` is 2), or as a divisor for any other.
    private static func multiplier(_ multiplier: NSNumber?) -> (exponent: Int, divisor: Decimal?) {
        guard let multiplier = multiplier?.decimalValue, multiplier != 1 else { return (0, nil) }
        for exponent in 1...38 where multiplier == pow(Decimal(10), exponent) {
            return (exponent, nil)
        }
        return (0, multiplier)
    }

    /// `text` without the formatter's padding around it.
    private func trimmingPadding(_ text: Substring) -> Substring {
        guard let padding else { return text }
        var text = text
        while text.hasPrefix(padding) { text = text.dropFirst(padding.count) }
        while text.hasSuffix(padding) { text = text.dropLast(padding.count) }
        return Self.trimmingWhitespace(text)
    }

    private static let spaces = CharacterSet.whitespacesAndNewlines

    /// `text` without the scalars of `whitespacesAndNewlines` at either end: what Foundation's
    /// `trimmingCharacters(in:)` returns, without bridging to `NSString` (a third of the cost of
    /// reading a number that is not plain digits).
    private static func trimmingSpace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, spaces.contains(scalars[start]) { scalars.formIndex(after: &start) }
        while start < end, spaces.contains(scalars[scalars.index(before: end)]) { scalars.formIndex(before: &end) }
        if start == scalars.startIndex && end == scalars.endIndex { return text }
        // A new string, as Foundation's: its characters start at its first scalar, even one that
        // combined with the space before it.
        return String(scalars[start..<end])
    }

    /// `text` without white space at either end, including what Foundation trims from the
    /// whole text (the zero-width space that en_CV writes as its currency symbol, `-​ 42$00`).
    private static func trimmingWhitespace(_ text: Substring) -> Substring {
        func isSpace(_ character: Character) -> Bool {
            character.isWhitespace || character.unicodeScalars.allSatisfy(spaces.contains)
        }
        let trimmed = text.drop(while: isSpace)
        return trimmed.dropLast(trimmed.reversed().prefix(while: isSpace).count)
    }
}

extension NumberSyntax {
    /// The number of significant digits a `Double` carries faithfully; the formatter (which
    /// formats through `Double` on Linux) is exact up to this many.
    private static let faithfulDigits = 15

    /// Formats POSIX digits (`-1234.5`, or `1.5e+20`) the way `formatter` would, but exactly,
    /// when the number has more significant digits than the formatter keeps (it rounds them
    /// through `Double` to 15 digits, and shows `UInt64.max` as `-1`). Returns nil when the formatter is exact for this
    /// number, or uses a feature this does not reproduce (scientific, spelled out, significant
    /// digits, padding); the formatter is then used as it is.
    static func exactText(_ digits: String, formatter: NumberFormatter, fractionDigits written: FractionDigits)
        -> String?
    {
        guard let digits = expandingExponent(digits) else { return nil }
        var unsigned = Substring(digits)
        let negative = unsigned.hasPrefix("-")
        if negative { unsigned = unsigned.dropFirst() }
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var integer = Array(parts[0])
        var fraction = parts.count > 1 ? Array(parts[1]) : []
        guard (integer + fraction).allSatisfy(\.isASCIIDigit) else { return nil }

        // A multiplier that is a power of ten moves the point; any other is left to the formatter.
        if let multiplier = formatter.multiplier?.intValue, multiplier != 1 {
            var exponent = 0
            var rest = multiplier
            while rest > 1, rest % 10 == 0 {
                rest /= 10
                exponent += 1
            }
            guard rest == 1 else { return nil }
            fraction += Array(repeating: "0", count: max(0, exponent - fraction.count))
            integer += fraction.prefix(exponent)
            fraction.removeFirst(exponent)
        }
        integer = Array(integer.drop { $0 == "0" })
        let shown = written.maximum
        guard integer.count + min(fraction.count, shown) > faithfulDigits else { return nil }
        let styles: [NumberFormatter.Style] = [
            .none, .decimal, .percent, .currency, .currencyISOCode, .currencyAccounting,
        ]
        guard styles.contains(formatter.numberStyle), !formatter.usesSignificantDigits, formatter.formatWidth <= 0,
            formatter.roundingIncrement.doubleValue == 0
        else { return nil }

        // Round to the fraction digits shown, in the formatter's rounding mode.
        var (wholeDigits, fractionDigits) = rounded(
            integer, fraction, keeping: shown, negative: negative, mode: formatter.roundingMode)
        while fractionDigits.count > written.minimum, fractionDigits.last == "0" {
            fractionDigits.removeLast()
        }
        fractionDigits += Array(repeating: "0", count: max(0, written.minimum - fractionDigits.count))
        wholeDigits = Array(wholeDigits.drop { $0 == "0" })
        wholeDigits.insert(
            contentsOf: repeatElement("0", count: max(0, formatter.minimumIntegerDigits - wholeDigits.count)), at: 0)
        let isZero = !(wholeDigits + fractionDigits).contains { $0 != "0" }

        var whole = String(wholeDigits)
        let separators = writtenSeparators(formatter)
        if formatter.usesGroupingSeparator, formatter.groupingSize > 0, !separators.grouping.isEmpty {
            let separator = separators.grouping
            let secondary =
                formatter.secondaryGroupingSize > 0 ? formatter.secondaryGroupingSize : formatter.groupingSize
            var groups: [Substring] = []
            var end = whole.endIndex
            var size = formatter.groupingSize
            while whole.distance(from: whole.startIndex, to: end) > size {
                let start = whole.index(end, offsetBy: -size)
                groups.insert(whole[start..<end], at: 0)
                end = start
                size = secondary
            }
            groups.insert(whole[..<end], at: 0)
            whole = groups.joined(separator: separator)
        }
        var number = whole
        if !fractionDigits.isEmpty || formatter.alwaysShowsDecimalSeparator {
            number += separators.decimal + String(fractionDigits)
        }
        number = localDigits(number, formatter: formatter)
        let isNegative = negative && !isZero
        let prefix = (isNegative ? formatter.negativePrefix : formatter.positivePrefix) ?? ""
        let suffix = (isNegative ? formatter.negativeSuffix : formatter.positiveSuffix) ?? ""
        return prefix + number + suffix
    }

    /// The decimal and grouping separators `formatter` writes: a currency style writes the
    /// currency ones, which differ in some locales (en_CV writes `1 234$50`).
    static func writtenSeparators(_ formatter: NumberFormatter) -> (decimal: String, grouping: String) {
        let decimal = formatter.decimalSeparator ?? "."
        let grouping = formatter.groupingSeparator ?? ""
        guard [.currency, .currencyISOCode, .currencyPlural, .currencyAccounting].contains(formatter.numberStyle)
        else { return (decimal, grouping) }
        let currencyDecimal = formatter.currencyDecimalSeparator ?? ""
        let currencyGrouping = formatter.currencyGroupingSeparator ?? ""
        return (
            currencyDecimal.isEmpty ? decimal : currencyDecimal, currencyGrouping.isEmpty ? grouping : currencyGrouping
        )
    }

    /// Whether `text` is POSIX digits with an optional sign and point (`-1234.5`).
    static func isPOSIXNumber(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.hasPrefix("-") { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return !parts[0].isEmpty && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
    }

    /// `1.5e+20` (how `Double` describes itself) as `150000000000000000000`; other text as it
    /// is. Nil for an exponent too large to spell out.
    static func expandingExponent(_ text: String) -> String? {
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        guard let exponent = Int(text[text.index(after: e)...]), abs(exponent) <= 400 else { return nil }
        var mantissa = Substring(text[..<e])
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        if !sign.isEmpty { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let point = whole.count + exponent
        let all = whole + fraction
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + all }
        if point >= all.count { return sign + all + String(repeating: "0", count: point - all.count) }
        return sign + all.prefix(point) + "." + all.dropFirst(point)
    }

    /// POSIX digits without an exponent (`-1.755`) rounded to the fraction digits `formatter`
    /// shows, in its rounding mode, exactly (corelibs shows `1.755` with three digits when its
    /// minimum and maximum are both two, and rounds through `Double`), without a sign for zero
    /// (a tiny negative is shown as `0`, not `-0`). Nil when the formatter rounds some other way
    /// (significant digits, an increment, a multiplier that is not a power of ten).
    static func roundedToShownDigits(
        _ digits: String, formatter: NumberFormatter, fractionDigits written: FractionDigits
    )
        -> String?
    {
        guard !formatter.usesSignificantDigits, formatter.roundingIncrement.doubleValue == 0 else { return nil }
        var shift = 0
        if let multiplier = formatter.multiplier?.decimalValue, multiplier != 1 {
            guard let exponent = (1...38).first(where: { multiplier == pow(Decimal(10), $0) }) else { return nil }
            shift = exponent
        }
        var unsigned = Substring(digits)
        let negative = unsigned.hasPrefix("-")
        if negative { unsigned = unsigned.dropFirst() }
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = Array(parts[0])
        let fraction = parts.count > 1 ? Array(parts[1]) : []
        let shown = max(0, written.maximum + shift)
        let (wholeDigits, fractionDigits) = rounded(
            integer, fraction, keeping: shown, negative: negative, mode: formatter.roundingMode)
        var whole = wholeDigits.drop { $0 == "0" }
        var decimals = fractionDigits[...]
        while decimals.last == "0" { decimals.removeLast() }
        if whole.isEmpty { whole = ["0"] }
        let isZero = whole == ["0"] && decimals.isEmpty
        return (negative && !isZero ? "-" : "") + String(whole) + (decimals.isEmpty ? "" : "." + String(decimals))
    }

    /// POSIX digits without an exponent written in `formatter`'s scientific notation with every
    /// significant digit (corelibs keeps one in `en_US_POSIX`, `4E+001` for 42, rounds through
    /// `Double`, writes `UInt64.max` as `-1E0`, and garbles the exponent of some scripts); fewer
    /// only when the formatter is told to use significant digits. Nil for a multiplier that is
    /// not a power of ten, which the formatter then applies.
    static func scientificText(_ digits: String, formatter: NumberFormatter) -> String? {
        var exponentShift = 0
        if let multiplier = formatter.multiplier?.decimalValue, multiplier != 1 {
            guard let exponent = (1...38).first(where: { multiplier == pow(Decimal(10), $0) }) else { return nil }
            exponentShift = exponent
        }
        var unsigned = Substring(digits)
        let negative = unsigned.hasPrefix("-")
        if negative { unsigned = unsigned.dropFirst() }
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        let all = Array(integer + fraction)
        guard let first = all.firstIndex(where: { $0 != "0" }) else {
            return writtenScientific(["0"], exponent: 0, negative: false, formatter: formatter)
        }
        var significant = Array(all[first...])
        var exponent = integer.count - first - 1 + exponentShift
        if formatter.usesSignificantDigits, formatter.maximumSignificantDigits > 0,
            significant.count > formatter.maximumSignificantDigits
        {
            let kept = formatter.maximumSignificantDigits
            let (whole, _) = rounded(
                Array(significant.prefix(kept)), Array(significant.dropFirst(kept)), keeping: 0, negative: negative,
                mode: formatter.roundingMode)
            if whole.count > kept { exponent += 1 }
            significant = whole
        }
        while significant.count > 1, significant.last == "0" { significant.removeLast() }
        if formatter.usesSignificantDigits, significant.count < formatter.minimumSignificantDigits {
            significant += Array(repeating: "0", count: formatter.minimumSignificantDigits - significant.count)
        }
        return writtenScientific(significant, exponent: exponent, negative: negative, formatter: formatter)
    }

    /// `integer.fraction` rounded to `shown` fraction digits in `mode`: the integer digits (one
    /// more when rounding carries) and at most `shown` fraction digits.
    private static func rounded(
        _ integer: [Character], _ fraction: [Character], keeping shown: Int, negative: Bool,
        mode: NumberFormatter.RoundingMode
    ) -> (whole: [Character], fraction: [Character]) {
        var kept = integer + fraction.prefix(shown)
        if roundsUp(kept.last, fraction.dropFirst(shown), negative: negative, mode: mode) {
            var index = kept.count - 1
            while index >= 0, kept[index] == "9" {
                kept[index] = "0"
                index -= 1
            }
            if index >= 0 {
                kept[index] = Character(String(kept[index].wholeNumberValue! + 1))
            } else {
                kept.insert("1", at: 0)
            }
        }
        let fractionCount = min(fraction.count, shown)
        return (Array(kept.prefix(kept.count - fractionCount)), Array(kept.suffix(fractionCount)))
    }

    /// `d.ddd` × 10^`exponent` in the formatter's symbols, digits and affixes.
    private static func writtenScientific(
        _ significant: [Character], exponent: Int, negative: Bool, formatter: NumberFormatter
    ) -> String {
        var mantissa = String(significant[0])
        if significant.count > 1 || formatter.alwaysShowsDecimalSeparator {
            mantissa += writtenSeparators(formatter).decimal + String(significant.dropFirst())
        }
        // The exponent's form comes from the pattern: `#E0` writes `E3`, `0E+000` writes `E+003`.
        let pattern = formatter.positiveFormat ?? ""
        let afterE = pattern.range(of: "E").map { pattern[$0.upperBound...] } ?? ""
        let showsPlus = afterE.hasPrefix("+")
        let exponentDigits = max(1, afterE.prefix(while: { $0 == "+" || $0 == "0" }).filter { $0 == "0" }.count)
        var power = String(abs(exponent))
        power = String(repeating: "0", count: max(0, exponentDigits - power.count)) + power
        let sign = exponent < 0 ? (formatter.minusSign ?? "-") : showsPlus ? (formatter.plusSign ?? "+") : ""
        let number =
            localDigits(mantissa, formatter: formatter) + (formatter.exponentSymbol ?? "E") + sign
            + localDigits(power, formatter: formatter)
        let prefix = (negative ? formatter.negativePrefix : formatter.positivePrefix) ?? ""
        let suffix = (negative ? formatter.negativeSuffix : formatter.positiveSuffix) ?? ""
        return prefix + number + suffix
    }

    /// Whether dropping `dropped` after `last` rounds the kept digits up, in `mode`.
    private static func roundsUp(
        _ last: Character?, _ dropped: ArraySlice<Character>, negative: Bool, mode: NumberFormatter.RoundingMode
    ) -> Bool {
        guard let first = dropped.first?.wholeNumberValue, dropped.contains(where: { $0 != "0" }) else { return false }
        let beyondHalf = first > 5 || (first == 5 && dropped.dropFirst().contains { $0 != "0" })
        let isHalf = first == 5 && !beyondHalf
        switch mode {
        case .ceiling: return !negative
        case .floor: return negative
        case .down: return false
        case .up: return true
        case .halfDown: return beyondHalf
        case .halfUp: return beyondHalf || isHalf
        case .halfEven: return beyondHalf || (isHalf && (last?.wholeNumberValue ?? 0) % 2 == 1)
        @unknown default: return beyondHalf || isHalf
        }
    }

    /// `text` with its ASCII digits in the formatter's script (the digits it writes itself).
    private static func localDigits(_ text: String, formatter: NumberFormatter) -> String {
        let zeroText = formatter.string(from: 0) ?? "0"
        guard
            let zero = zeroText.unicodeScalars.first(where: {
                $0.properties.numericType == .decimal && $0.properties.numericValue == 0
            }), zero != "0"
        else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII, let digit = Character(scalar).wholeNumberValue,
                let local = Unicode.Scalar(zero.value + UInt32(digit))
            {
                scalars.append(local)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
