import Foundation

/// The math operators in decimal arithmetic (<doc:ExpressionSyntax>).
struct Arithmetic {
    let evaluator: Evaluator

    func compute(_ token: Token) throws -> Decimal {
        let sums = token.kind == .addition || token.kind == .subtraction
        let leftValue = try evaluator.value(of: token.children[0])
        let leftWhole = sums ? DecimalArithmetic.wholeNumber(leftValue) : nil
        let leftDecimal = leftWhole == nil ? try operand(leftValue, token.children[0], side: "Left") : nil
        let rightValue = try evaluator.value(of: token.children[1])
        // Whole numbers well inside 64 bits (a running total, a count, an age): the same sum,
        // without decimal arithmetic's alignment and rounding.
        if let a = leftWhole, let b = DecimalArithmetic.wholeNumber(rightValue) {
            return Decimal(token.kind == .addition ? a + b : a - b)
        }
        let left = leftDecimal ?? Decimal(leftWhole ?? 0)
        let right = try operand(rightValue, token.children[1], side: "Right")
        var result: Decimal
        switch token.kind {
        case .addition: result = left + right
        case .subtraction: result = left - right
        case .multiplication: result = DecimalArithmetic.multiply(left, right)
        case .division:
            guard !right.isZero else {
                throw evaluator.failure(.generic, "It is mathematically irresponsible to divide by zero", token)
            }
            result = left / right
        default:
            let divisor = Value.decimal(right).integerValue ?? 0
            guard !right.isZero, divisor != 0 else {
                throw evaluator.failure(
                    .generic,
                    "It is mathematically irresponsible to perform the modulo operation using a divisor whose value is zero",
                    token)
            }
            let dividend = Value.decimal(left).integerValue ?? 0
            result = Decimal(dividend.remainderReportingOverflow(dividingBy: divisor).partialValue)
        }
        if result.isNaN {
            throw evaluator.failure(
                .generic,
                "The result of \"\(token.text)\" overflows 38 significant digits or the range of decimal arithmetic",
                token)
        }
        return result
    }

    /// A ``BigInteger`` operand is its nearest decimal (38 significant digits), and an error beyond
    /// the range of decimal arithmetic.
    private func operand(_ value: Value?, _ token: Token, side: String) throws -> Decimal {
        if case .bigInteger(let big) = value, big.nearestDecimal == nil {
            throw evaluator.failure(
                .generic,
                "\(side) operand (an integer of \(big.digits.utf8.count) digits) is outside the range of decimal "
                    + "arithmetic (magnitudes from 1e-128 to 3.4e165)", token)
        }
        guard let value, let number = value.decimalValue else {
            throw evaluator.failure(
                .generic, "\(side) operand couldn't be interpreted as a number: \"\(token.text)\"", token)
        }
        return number
    }
}
