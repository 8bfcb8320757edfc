import Foundation

/// Reads JSON number text as a `Decimal` when the decimal holds it exactly.
///
/// JSON data files and `--jsonl` variables write prices and measures as decimal text (`99.99`);
/// read as binary doubles they print as `99.98999999999999`. mbml keeps such numbers as decimals
/// (the kind `#(99.99)` yields), so they print as written and math on them is decimal. A number
/// whose significant digits (after dropping leading and trailing zeros) exceed what `Decimal`
/// holds exactly, or whose exponent is out of its range, is not read here (the caller falls back to
/// `Double`). Negative zero reads as zero.
enum ExactDecimal {
    /// The most significant digits a `Decimal` holds exactly (its mantissa is 128 bits).
    static let maximumDigits = 38

    /// `text`: JSON number syntax (already validated): `-?digits(.digits)?([eE][+-]?digits)?`.
    static func parse(_ text: UnsafeBufferPointer<UInt8>.SubSequence) -> Decimal? {
        parseShort(text) ?? parseLong(text)
    }

    /// The common case without allocating: no exponent part and at most 18 significant digits,
    /// which a `UInt64` holds. Nil when the text is not such a number.
    private static func parseShort(_ text: UnsafeBufferPointer<UInt8>.SubSequence) -> Decimal? {
        var index = text.startIndex
        let isNegative = text[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var significand: UInt64 = 0
        var significantDigits = 0
        var trailingZeros = 0
        var fractionDigits = 0
        var inFraction = false
        while index < text.endIndex {
            let byte = text[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                inFraction = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            if inFraction { fractionDigits += 1 }
            let digit = UInt64(byte - UInt8(ascii: "0"))
            if digit == 0 {
                if significantDigits > 0 { trailingZeros += 1 }
                continue
            }
            guard significantDigits + trailingZeros < 18 else { return nil }
            for _ in 0..<trailingZeros { significand *= 10 }
            significantDigits += trailingZeros + 1
            trailingZeros = 0
            significand = significand * 10 + digit
        }
        if significand == 0 { return Decimal.zero }
        let exponent = trailingZeros - fractionDigits
        // `Decimal`'s exponent is 8 bits: beyond it, it would read as NaN.
        guard exponent >= -128, exponent <= 127 else { return nil }
        return Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }

    private static func parseLong(_ text: UnsafeBufferPointer<UInt8>.SubSequence) -> Decimal? {
        var index = text.startIndex
        let isNegative = text[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        var fractionDigits = 0
        var inFraction = false
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
                if inFraction { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        var exponent = 0
        if index < text.endIndex { // e or E
            index += 1
            var exponentIsNegative = false
            if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                exponentIsNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < text.endIndex {
                exponent = exponent * 10 + Int(text[index] - UInt8(ascii: "0"))
                if exponent > 10_000 { return nil }
                index += 1
            }
            if exponentIsNegative { exponent = -exponent }
        }
        exponent -= fractionDigits
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { return Decimal.zero }
        guard digits.count <= maximumDigits, exponent >= -128, exponent + digits.count <= 128 else { return nil }
        var significand = Decimal.zero
        var chunk: UInt64 = 0
        var chunkDigits = 0
        var chunkScale: UInt64 = 1
        for digit in digits {
            chunk = chunk * 10 + UInt64(digit)
            chunkDigits += 1
            chunkScale *= 10
            if chunkDigits == 18 {
                significand = significand * Decimal(chunkScale) + Decimal(chunk)
                (chunk, chunkDigits, chunkScale) = (0, 0, 1)
            }
        }
        if chunkDigits > 0 { significand = significand * Decimal(chunkScale) + Decimal(chunk) }
        guard exponent <= 127 else { return nil }
        return Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: significand)
    }
}
