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
    let allowsFloats: Bool
    let minimum: Decimal?
    let maximum: Decimal?

    init(_ formatter: NumberFormatter) {
        func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
        decimalSeparator = formatter.decimalSeparator
        let grouping = formatter.groupingSeparator ?? ""
        if formatter.usesGroupingSeparator && formatter.groupingSize > 0 && !grouping.isEmpty {
            // People type a plain space where a locale groups with a no-break space.
            let spaces = ["\u{20}", "\u{A0}", "\u{202F}"]
            groupingSeparators = spaces.contains(grouping) ? spaces : [grouping]
        } else {
            groupingSeparators = []
        }
        groupingSize = formatter.groupingSize
        secondaryGroupingSize = formatter.secondaryGroupingSize
        minusSigns = Array(Set([formatter.minusSign, "-", "\u{2212}"].filter { !$0.isEmpty }))
        plusSign = formatter.plusSign
        positivePrefix = trimmed(formatter.positivePrefix)
        positiveSuffix = trimmed(formatter.positiveSuffix)
        negativePrefix = trimmed(formatter.negativePrefix)
        negativeSuffix = trimmed(formatter.negativeSuffix)
        if let multiplier = formatter.multiplier?.intValue, multiplier > 1 {
            var exponent = 0
            var rest = multiplier
            while rest % 10 == 0 {
                rest /= 10
                exponent += 1
            }
            multiplierExponent = rest == 1 ? exponent : 0
        } else {
            multiplierExponent = 0
        }
        allowsFloats = formatter.allowsFloats
        minimum = formatter.minimum.map(\.decimalValue)
        maximum = formatter.maximum.map(\.decimalValue)
    }

    /// Returns `text` as POSIX digits (`-1234.5`), without redundant zeros.
    ///
    /// - Throws: the reason the whole text is not a number in this syntax.
    func posixDigits(_ text: String) throws(Rejection) -> String {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
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
        body = Self.trimmingWhitespace(body)
        if let minus = minusSigns.first(where: { body.hasPrefix($0) }) {
            guard !negative else { throw Rejection(.notANumber) }
            body = Self.trimmingWhitespace(body.dropFirst(minus.count))
            negative = true
        } else if !negative, !plusSign.isEmpty, body.hasPrefix(plusSign) {
            body = Self.trimmingWhitespace(body.dropFirst(plusSign.count))
        }
        guard !body.isEmpty else { throw Rejection(.notANumber) }

        let integerText: Substring
        var fraction: Substring
        if let separator = body.range(of: decimalSeparator) {
            integerText = body[..<separator.lowerBound]
            fraction = body[separator.upperBound...]
            guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { throw Rejection(.notANumber) }
        } else {
            integerText = body
            fraction = ""
        }
        var integer = try groupedDigits(integerText, allowEmpty: !fraction.isEmpty)

        // A percent formatter shows value × 100: move the point back.
        if multiplierExponent > 0 {
            let padded = String(repeating: "0", count: max(0, multiplierExponent - integer.count + 1)) + integer
            let split = padded.index(padded.endIndex, offsetBy: -multiplierExponent)
            fraction = Substring(padded[split...] + fraction)
            integer = String(padded[..<split])
        }
        let whole = integer.drop(while: { $0 == "0" })
        let decimals = fraction.reversed().drop(while: { $0 == "0" }).reversed()
        guard allowsFloats || decimals.isEmpty else { throw Rejection(.fractionNotAllowed) }
        let isZero = whole.isEmpty && decimals.isEmpty
        var digits = (negative && !isZero ? "-" : "") + (whole.isEmpty ? "0" : String(whole))
        if !decimals.isEmpty { digits += "." + String(decimals) }

        if minimum != nil || maximum != nil, let value = Decimal(string: digits, locale: Self.posix) {
            if let minimum, value < minimum { throw Rejection(.outOfRange) }
            if let maximum, value > maximum { throw Rejection(.outOfRange) }
        }
        return digits
    }

    /// The digits of an integer part, checking the positions of its grouping separators.
    private func groupedDigits(_ text: Substring, allowEmpty: Bool) throws(Rejection) -> String {
        if text.isEmpty {
            guard allowEmpty else { throw Rejection(.notANumber) }
            return "0"
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

    private static func trimmingWhitespace(_ text: Substring) -> Substring {
        let trimmed = text.drop(while: \.isWhitespace)
        return trimmed.dropLast(trimmed.reversed().prefix(while: \.isWhitespace).count)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
