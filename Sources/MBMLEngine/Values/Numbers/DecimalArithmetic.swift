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

    /// The largest magnitude ``wholeNumber(_:)`` gives: a sum or difference of two such numbers is
    /// exact in an `Int` and in a `Decimal`.
    static let wholeNumberLimit = 1 << 52

    /// `value` as an `Int` when it is a whole number of magnitude below ``wholeNumberLimit`` held as
    /// a number (an integer, or a decimal without a fraction); nil otherwise (a text, a fraction, a
    /// larger number).
    static func wholeNumber(_ value: Value?) -> Int? {
        switch value {
        case .integer(let integer)?:
            return integer.magnitude < UInt(wholeNumberLimit) ? integer : nil
        case .decimal(let decimal)?:
            return wholeNumber(decimal)
        default:
            return nil
        }
    }

    /// `decimal` as an `Int` when it is whole and of magnitude below ``wholeNumberLimit``; read from
    /// its significand and exponent, without decimal arithmetic. Foundation keeps those fields
    /// internal, so they are read from the value's bytes in the layout Foundation has here (a
    /// signed exponent byte; a byte with the length in its high four bits and the sign in bit 3;
    /// two reserved bytes; eight little-endian 16-bit words of significand), and only when
    /// ``bytesReadAsLaidOut`` found that layout on this platform: otherwise nil, and callers use
    /// decimal arithmetic.
    static func wholeNumber(_ decimal: Decimal) -> Int? {
        guard bytesReadAsLaidOut, let (exponent, negative, significand) = fields(of: decimal) else { return nil }
        var magnitude = significand
        for _ in 0..<exponent {
            guard magnitude < UInt64(wholeNumberLimit) else { return nil }
            magnitude *= 10
        }
        guard magnitude < UInt64(wholeNumberLimit) else { return nil }
        return negative ? -Int(magnitude) : Int(magnitude)
    }

    /// A whole decimal's exponent (0 or more), sign and significand (below 2^64), read from its
    /// bytes; nil for NaN, a fraction or a longer significand.
    private static func fields(of decimal: Decimal) -> (exponent: Int, negative: Bool, significand: UInt64)? {
        guard MemoryLayout<Decimal>.size == 20 else { return nil }
        return withUnsafeBytes(of: decimal) { bytes in
            let exponent = Int(Int8(bitPattern: bytes[0]))
            let length = Int(bytes[1] >> 4)
            let negative = bytes[1] & 0x08 != 0
            if length == 0 { return negative ? nil : (0, false, 0) } // NaN, or zero
            guard length <= 4, exponent >= 0, exponent < 20 else { return nil }
            var significand: UInt64 = 0
            for word in (0..<length).reversed() {
                significand = significand << 16 | UInt64(bytes[4 + 2 * word]) | UInt64(bytes[5 + 2 * word]) << 8
            }
            return (exponent, negative, significand)
        }
    }

    /// Whether decimals of known value read back through ``fields(of:)`` as those values: the
    /// layout is the one expected, and ``wholeNumber(_:)`` may read it.
    static let bytesReadAsLaidOut: Bool = {
        func value(_ decimal: Decimal) -> Int? {
            guard let (exponent, negative, significand) = fields(of: decimal), significand < 1 << 40, exponent < 6
            else { return nil }
            var magnitude = Int(significand)
            for _ in 0..<exponent { magnitude *= 10 }
            return negative ? -magnitude : magnitude
        }
        let wholes = [0, 1, -1, 7, -70_000, 3_000, 65_536, 123_456_789, 1 << 39 + 3]
        guard wholes.allSatisfy({ value(Decimal($0)) == $0 }),
            value(Decimal(sign: .plus, exponent: 3, significand: 7)) == 7_000,
            value(Decimal(sign: .minus, exponent: 1, significand: 42)) == -420
        else { return false }
        return fields(of: Decimal(sign: .minus, exponent: -1, significand: 15)) == nil && fields(of: .nan) == nil
    }()
}
