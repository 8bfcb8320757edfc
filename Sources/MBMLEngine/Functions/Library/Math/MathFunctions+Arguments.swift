import Foundation

/// Reading numeric parameters the way the Math and String functions need them (<doc:FunctionCalls>
/// "number form", <doc:FunctionLibrary>).
enum NumberArgument {
    /// The value's number form as an exact decimal, or the standard "not a number" error naming
    /// parameter `index`. Strings are parsed (<doc:FunctionCalls>); null, collections, dates and data have none.
    static func decimal(_ value: Value, at index: Int) throws -> Decimal {
        guard let decimal = value.decimalValue, !decimal.isNaN else {
            throw FunctionError.notANumber(at: index, got: value)
        }
        return decimal
    }

    /// The value's number form truncated toward zero (clamped to the `Int` range).
    static func truncatedInteger(_ value: Value, at index: Int) throws -> Int {
        switch value {
        case .integer(let integer): return integer
        case .double(let double):
            guard !double.isNaN else { throw FunctionError.notANumber(at: index, got: value) }
            return clampedInteger(double)
        default: return truncatedInteger(try decimal(value, at: index))
        }
    }

    /// A decimal truncated toward zero and clamped to the `Int` range.
    static func truncatedInteger(_ decimal: Decimal) -> Int {
        if decimal >= Decimal(Int.max) { return Int.max }
        if decimal <= Decimal(Int.min) { return Int.min }
        let whole = rounded(decimal, decimal < 0 ? .up : .down)
        return NSDecimalNumber(decimal: whole).intValue
    }

    /// A double truncated toward zero and clamped to the `Int` range (NaN is 0).
    static func clampedInteger(_ double: Double) -> Int {
        if double.isNaN { return 0 }
        if double >= Double(Int.max) { return Int.max }
        if double <= Double(Int.min) { return Int.min }
        return Int(double.rounded(.towardZero))
    }

    /// `decimal` rounded to a whole number: `.down` is floor, `.up` ceiling, `.plain` halves away
    /// from zero.
    static func rounded(_ decimal: Decimal, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var input = decimal
        var output = Decimal()
        NSDecimalRound(&output, &input, 0, mode)
        return output
    }

    /// The lenient integer reading of `^mod`: numbers truncate, strings use the integer parse
    /// (`NSString.integerValue`), anything else (null, collections) is 0.
    static func lenientInteger(_ value: Value) -> Int {
        switch value {
        case .string(let text): return NumericParsing.integer(from: text)
        case .double(let double): return clampedInteger(double)
        default:
            if value.isNumber, let decimal = value.decimalValue { return truncatedInteger(decimal) }
            return 0
        }
    }

    /// The lenient double reading of `^modFloat` (`NSString.doubleValue` for strings; 0 otherwise).
    static func lenientDouble(_ value: Value) -> Double {
        if case .string(let text) = value { return NumericParsing.double(from: text) }
        return value.doubleValue ?? 0
    }

    /// The parameters of a `pipedMath` function, checked against `count`. (Empty parameters never get
    /// here: the engine reports them as "empty numeric parameter", <doc:FunctionCalls>; a null
    /// value comes from a variable holding null and is judged by each function.)
    static func pipedMath(_ call: FunctionCall, _ count: ParameterCount) throws -> [Value] {
        try call.values(count)
    }
}
