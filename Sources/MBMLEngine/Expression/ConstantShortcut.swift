/// The constant shortcut of <doc:ContextsAndCoercions>: an expression without any of its context's marker
/// characters is never tokenized, and its result is fixed. This is observable behaviour, not only an
/// optimisation (`N: 7%3` → 7, `B: (F)` → true).
enum ConstantShortcut {
    /// The fixed result of an expression the shortcut answers.
    struct Answer {
        /// The result itself; nil for "no value" (e.g. `N: abc`).
        let value: Value?
    }

    /// The fixed result, or nil when the expression must be tokenized.
    static func result(for expression: String, in context: ExpressionContext) -> Answer? {
        answers(expression, in: context) ? result(ofUnmarked: expression, in: context) : nil
    }

    /// The fixed result of `expression`, which ``answers(_:in:)`` has found to hold none of
    /// `context`'s markers (it is not scanned again).
    static func result(ofUnmarked expression: String, in context: ExpressionContext) -> Answer {
        switch context {
        case .object, .string: return Answer(value: .string(expression))
        case .number:
            if let number = BigInteger(beyondDecimal: expression) { return Answer(value: .bigInteger(number)) }
            return Answer(value: NumericParsing.decimal(from: expression).map(Value.decimal))
        case .boolean: return Answer(value: .boolean(Value.string(expression).isTruthy))
        }
    }

    /// Whether the shortcut answers `expression` in `context`: it holds none of the context's markers.
    /// The markers are ASCII, so a UTF-8 byte is one exactly when the UTF-16 unit it encodes is.
    static func answers(_ expression: String, in context: ExpressionContext) -> Bool {
        var expression = expression
        return expression.withUTF8 { bytes in
            let markers: MarkerBytes
            switch context {
            case .object, .string: markers = objectMarkers
            case .number: markers = numberMarkers
            case .boolean: markers = booleanMarkers
            }
            for byte in bytes where markers.contains(byte) { return false }
            return true
        }
    }

    private static let objectMarkers = MarkerBytes("$^#\\")
    private static let numberMarkers = MarkerBytes("#$^-+*/\\ ")
    private static let booleanMarkers = MarkerBytes("$^#-|&=<>!")

    /// A set of ASCII bytes, tested with a shift and a mask.
    private struct MarkerBytes {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        init(_ characters: String) {
            for byte in characters.utf8 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }
    }
}
