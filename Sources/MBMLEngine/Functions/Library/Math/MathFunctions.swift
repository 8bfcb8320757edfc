import Foundation

/// The Math functions of <doc:FunctionLibrary>: remainders, rounding, minimum/maximum, percentages,
/// random numbers and integer sequences. Arithmetic on exact decimals stays decimal, so results show
/// no binary floating-point noise.
enum MathFunctions {
    /// The largest array `^arrayFilledWithIntegers` builds (<doc:FunctionCalls>, unbounded work).
    static let maximumSequenceLength = 10_000

    static var all: [FunctionDefinition] {
        [mod, modFloat, percent, ceil, floor, round, min, max, randomPercent, random, arrayFilledWithIntegers]
    }

    /// The evaluator's message for a zero modulo divisor (<doc:ExpressionSyntax>), reused by `^mod`/`^modFloat`.
    static let moduloByZero = FunctionError(
        "It is mathematically irresponsible to perform the modulo operation using a divisor whose value is zero")

    // MARK: Remainders

    static let mod = FunctionDefinition(
        "mod", input: .pipedMath, signature: "^mod(dividend|divisor)", category: .math,
        summary: "Integer remainder: both numbers are truncated to integers (non-numeric text and null count "
            + "as 0) and the remainder of the truncating division is returned; its sign follows the dividend. "
            + "A divisor that truncates to 0 is an error."
    ) { call in
        let values = try NumberArgument.pipedMath(call, .exactly(2))
        let dividend = NumberArgument.lenientInteger(values[0])
        let divisor = NumberArgument.lenientInteger(values[1])
        guard divisor != 0 else { throw moduloByZero }
        let (remainder, overflow) = dividend.remainderReportingOverflow(dividingBy: divisor)
        return .integer(overflow ? 0 : remainder)
    }

    static let modFloat = FunctionDefinition(
        "modFloat", input: .pipedMath, signature: "^modFloat(dividend|divisor)", category: .math,
        summary: "Floating-point remainder (C fmod): the remainder of dividend ÷ divisor with the dividend's sign, "
            + "without truncating the operands. Non-numeric text counts as 0; a zero divisor is an error. "
            + "Exact decimal operands give an exact decimal result."
    ) { call in
        let values = try NumberArgument.pipedMath(call, .exactly(2))
        if let exact = try decimalRemainder(values[0], values[1]) { return .decimal(exact) }
        let dividend = NumberArgument.lenientDouble(values[0])
        let divisor = NumberArgument.lenientDouble(values[1])
        guard divisor != 0 else { throw moduloByZero }
        return .double(fmod(dividend, divisor))
    }

    /// `dividend − trunc(dividend ÷ divisor) × divisor` in decimal arithmetic, when neither operand is a
    /// binary double; nil when the double path must be used.
    private static func decimalRemainder(_ dividendValue: Value, _ divisorValue: Value) throws -> Decimal? {
        func exact(_ value: Value) -> Decimal? {
            switch value {
            case .decimal(let d): return d
            case .integer(let i): return Decimal(i)
            case .boolean(let b): return b ? 1 : 0
            case .string(let text): return NumericParsing.decimal(from: text) ?? 0
            default: return nil
            }
        }
        guard let dividend = exact(dividendValue), let divisor = exact(divisorValue) else { return nil }
        guard !divisor.isZero else { throw moduloByZero }
        let quotient = dividend / divisor
        guard !quotient.isNaN else { return nil }
        let whole = NumberArgument.rounded(quotient, quotient < 0 ? .up : .down)
        let remainder = dividend - DecimalArithmetic.multiply(whole, divisor)
        // Guard against rounding at the 38-digit limit: the result must lie strictly inside the divisor.
        guard !remainder.isNaN, abs(remainder) < abs(divisor),
            remainder.isZero || (remainder < 0) == (dividend < 0)
        else { return nil }
        return remainder
    }

    // MARK: Rounding

    static let ceil = rounding(
        "ceil", mode: .up, double: { $0.rounded(.up) },
        summary: "The smallest whole number greater than or equal to the value (`^ceil(-1.9)` is -1). The argument "
            + "is a math expression; a value without a number form is an error.")

    static let floor = rounding(
        "floor", mode: .down, double: { $0.rounded(.down) },
        summary: "The largest whole number less than or equal to the value (`^floor(-1.1)` is -2). The argument "
            + "is a math expression; a value without a number form is an error.")

    static let round = rounding(
        "round", mode: .plain, double: { $0.rounded(.toNearestOrAwayFromZero) },
        summary: "The nearest whole number, halves rounded away from zero (`^round(-1.5)` is -2; not banker's "
            + "rounding). The argument is a math expression; a value without a number form is an error.")

    private static func rounding(
        _ name: String, mode: NSDecimalNumber.RoundingMode,
        double: @escaping @Sendable (Double) -> Double,
        summary: String
    ) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .math, signature: "^\(name)(number)", category: .math,
            summary: summary
        ) { call in
            let value = try call.value()
            switch value {
            case .double(let d):
                return .double(double(d))
            case .integer:
                return value
            default:
                return .decimal(NumberArgument.rounded(try NumberArgument.decimal(value, at: 0), mode))
            }
        }
    }

    // MARK: Minimum and maximum

    static let min = extreme(
        "min", prefersCandidate: { candidate, best in candidate <= best },
        summary: "The smallest of the numbers given as two math expressions; a parameter whose value is an array "
            + "contributes all its elements (recursively). Every value must be a number, and at least two numbers "
            + "must be found. Result: a decimal number.")

    static let max = extreme(
        "max", prefersCandidate: { candidate, best in candidate >= best },
        summary: "The largest of the numbers given as two math expressions; a parameter whose value is an array "
            + "contributes all its elements (recursively). Every value must be a number, and at least two numbers "
            + "must be found. Result: a decimal number.")

    private static func extreme(
        _ name: String,
        prefersCandidate: @escaping @Sendable (Decimal, Decimal) -> Bool,
        summary: String
    ) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .pipedMath, signature: "^\(name)(a|b)", category: .math,
            summary: summary
        ) { call in
            let values = try NumberArgument.pipedMath(call, .exactly(2))
            var numbers: [Decimal] = []
            for (index, value) in values.enumerated() {
                try collectNumbers(from: value, parameter: index, into: &numbers)
            }
            guard numbers.count >= 2 else {
                throw FunctionError("expected at least 2 numbers, but got \(numbers.count)")
            }
            var best = numbers[0]
            for candidate in numbers.dropFirst() where prefersCandidate(candidate, best) {
                best = candidate
            }
            return .decimal(best)
        }
    }

    /// Appends the value's numbers, expanding arrays recursively.
    private static func collectNumbers(from value: Value, parameter: Int, into numbers: inout [Decimal]) throws {
        if case .array(let elements) = value {
            for element in elements {
                try collectNumbers(from: element, parameter: parameter, into: &numbers)
            }
        } else {
            numbers.append(try NumberArgument.decimal(value, at: parameter))
        }
    }

    // MARK: Random numbers

    static let randomPercent = FunctionDefinition(
        "randomPercent", input: .none, signature: "^randomPercent()", category: .math,
        summary: "A random floating-point number between 0 and 1 (inclusive), uniformly distributed."
    ) { _ in
        .double(Double.random(in: 0...1))
    }

    static let random = FunctionDefinition(
        "random", input: .pipedMath, signature: "^random(max) or ^random(min|max)", category: .math,
        summary: "A random integer drawn uniformly from 0…max, or from min…max when two numbers are given; both "
            + "ends are inclusive and the numbers are truncated to integers. min greater than max is an error."
    ) { call in
        let values = try NumberArgument.pipedMath(call, .between(1, 2))
        let bounds = try values.enumerated().map { try NumberArgument.truncatedInteger($0.element, at: $0.offset) }
        let lower = bounds.count == 2 ? bounds[0] : 0
        let upper = bounds[bounds.count - 1]
        guard lower <= upper else {
            throw FunctionError("the minimum \(lower) is greater than the maximum \(upper)")
        }
        return .integer(Int.random(in: lower...upper))
    }

    // MARK: Sequences

    static let arrayFilledWithIntegers = FunctionDefinition(
        "arrayFilledWithIntegers", input: .pipedMath, signature: "^arrayFilledWithIntegers(start|max|step)",
        category: .math,
        summary: "An array of the integers start, start + step, … up to and including max (step defaults to 1; "
            + "the numbers are truncated to integers). Empty when start is greater than max. A step of 0 or less, "
            + "or more than 10000 elements, is an error."
    ) { call in
        let values = try NumberArgument.pipedMath(call, .between(2, 3))
        let numbers = try values.enumerated().map { try NumberArgument.truncatedInteger($0.element, at: $0.offset) }
        let start = numbers[0]
        let limit = numbers[1]
        let step = numbers.count == 3 ? numbers[2] : 1
        guard step > 0 else { throw FunctionError("the step must be greater than 0, but got \(step)") }
        guard start <= limit else { return .array([]) }
        // The span can exceed Int.max (start negative, limit positive); as a magnitude it cannot.
        let span = UInt(bitPattern: limit &- start)
        guard span / UInt(step) < UInt(maximumSequenceLength) else {
            throw FunctionError("the array would have more than \(maximumSequenceLength) elements")
        }
        let count = Int(span / UInt(step)) + 1
        // Every element lies between start and limit, so wrapping arithmetic gives it exactly even
        // where the product alone would overflow.
        return .array((0..<count).map { .integer(start &+ $0 &* step) })
    }
}
