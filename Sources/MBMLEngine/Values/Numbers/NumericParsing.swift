import Foundation

/// The original's text-to-number parsers (<doc:ContextsAndCoercions>). All skip leading whitespace,
/// use the longest valid prefix, and are not localised.
public enum NumericParsing {
    /// `NSDecimalNumber(string:)`: sign, digits with optional fraction, optional exponent. Nil when the
    /// text has no mantissa digit.
    public static func decimal(from text: String) -> Decimal? {
        guard let prefix = numericPrefix(of: text, allowExponent: true) else { return nil }
        return Decimal(string: prefix, locale: Locale(identifier: "en_US_POSIX"))
    }

    /// `NSString.doubleValue`: the longest floating-point prefix, or 0.
    public static func double(from text: String) -> Double {
        if let plain = plainDouble(text) { return plain }
        guard let prefix = numericPrefix(of: text, allowExponent: true) else { return 0 }
        return Double(prefix) ?? 0
    }

    /// Text that is nothing but an optional sign, digits and at most one point (the usual case, as
    /// when a number is compared with a literal) read without building a prefix; nil otherwise.
    private static func plainDouble(_ text: String) -> Double? {
        var sawDigit = false
        var sawPoint = false
        var isFirst = true
        // Up to 15 plain digits (a literal such as `30`) are exact as an integer: no strtod.
        var integer = 0
        var digits = 0
        for byte in text.utf8 where digits >= 0 {
            guard byte &- UInt8(ascii: "0") < 10 else {
                digits = -1
                break
            }
            integer = integer &* 10 &+ Int(byte &- UInt8(ascii: "0"))
            digits += 1
        }
        if digits > 0, digits <= 15 { return Double(integer) }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "."):
                if sawPoint { return nil }
                sawPoint = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                if !isFirst { return nil }
            default: return nil
            }
            isFirst = false
        }
        return sawDigit ? Double(text) : nil
    }

    /// `NSString.integerValue`: optional sign and decimal digits up to the first non-digit, or 0.
    public static func integer(from text: String) -> Int {
        var units = Substring(text).drop(while: { $0.isWhitespace })
        var sign = 1
        if let first = units.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            units = units.dropFirst()
        }
        var result = 0
        for character in units {
            guard let digit = character.wholeNumberValue, character.isASCII else { break }
            let (product, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = product.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return sign == 1 ? Int.max : Int.min }
            result = sum
        }
        return sign * result
    }

    /// The longest prefix (after leading whitespace) that reads as a decimal number, normalised so that
    /// Foundation can parse it, or nil when there is no mantissa digit.
    static func numericPrefix(of text: String, allowExponent: Bool) -> String? {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count, CharacterSet.whitespacesAndNewlines.contains(scalars[i]) { i += 1 }
        var result = ""
        if i < scalars.count, scalars[i] == "+" || scalars[i] == "-" {
            if scalars[i] == "-" { result.append("-") }
            i += 1
        }
        var digits = 0
        var mantissa = ""
        while i < scalars.count, isDigit(scalars[i]) { mantissa.unicodeScalars.append(scalars[i]); i += 1; digits += 1 }
        var fraction = ""
        if i < scalars.count, scalars[i] == "." {
            var j = i + 1
            while j < scalars.count, isDigit(scalars[j]) {
                fraction.unicodeScalars.append(scalars[j]); j += 1; digits += 1
            }
            i = j
        }
        guard digits > 0 else { return nil }
        result += mantissa.isEmpty ? "0" : mantissa
        if !fraction.isEmpty { result += "." + fraction }
        if allowExponent, i < scalars.count, scalars[i] == "e" || scalars[i] == "E" {
            var j = i + 1
            var exponent = ""
            if j < scalars.count, scalars[j] == "+" || scalars[j] == "-" {
                if scalars[j] == "-" { exponent = "-" }
                j += 1
            }
            var expDigits = ""
            while j < scalars.count, isDigit(scalars[j]) { expDigits.unicodeScalars.append(scalars[j]); j += 1 }
            if !expDigits.isEmpty { result += "e" + exponent + expDigits }
        }
        return result
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 48 && scalar.value <= 57
    }
}
