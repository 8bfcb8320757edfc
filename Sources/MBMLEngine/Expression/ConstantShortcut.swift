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
        let markers: Set<UInt16>
        switch context {
        case .object, .string: markers = objectMarkers
        case .number: markers = numberMarkers
        case .boolean: markers = booleanMarkers
        }
        for unit in expression.utf16 where markers.contains(unit) { return nil }
        switch context {
        case .object, .string: return Answer(value: .string(expression))
        case .number:
            if let number = BigInteger(beyondDecimal: expression) { return Answer(value: .bigInteger(number)) }
            return Answer(value: NumericParsing.decimal(from: expression).map(Value.decimal))
        case .boolean: return Answer(value: .boolean(Value.string(expression).isTruthy))
        }
    }

    private static let objectMarkers = Set("$^#\\".utf16)
    private static let numberMarkers = Set("#$^-+*/\\ ".utf16)
    private static let booleanMarkers = Set("$^#-|&=<>!".utf16)
}
