import Foundation

/// Decimal operations that Foundation performs with a trap on some operands.
enum DecimalArithmetic {
    /// `a × b`, or NaN when the product is outside `Decimal`'s range. Foundation's `*` (and
    /// `NSDecimalMultiply`) stop the process when the operands' exponents add up to less than −128
    /// (`#(1e-70 * 1e-70)` written out in digits), so such products are formed with the first operand
    /// scaled up and then divided back, which reports an underflow as NaN. A product that would need
    /// more significant digits than fit above 1e-128 is NaN too.
    static func multiply(_ a: Decimal, _ b: Decimal) -> Decimal {
        if a.isNaN || b.isNaN { return .nan }
        if a.isZero || b.isZero { return 0 }
        let exponentSum = a.exponent + b.exponent
        guard exponentSum < -128 else { return a * b }
        let shift = -128 - exponentSum
        guard a.exponent + shift <= 127 else { return .nan }
        let scaled = Decimal(sign: a.sign, exponent: a.exponent + shift, significand: a.significand)
        return scaled * b / Decimal(sign: .plus, exponent: shift, significand: 1)
    }
}
