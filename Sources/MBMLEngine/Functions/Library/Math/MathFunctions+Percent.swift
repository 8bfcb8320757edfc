import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MathFunctions {
    static let percent = FunctionDefinition(
        "percent", input: .pipedExpressions, signature: "^percent(format|dividend|divisor)", category: .math,
        summary: "Formats dividend × 100 ÷ divisor as a percentage. dividend and divisor are math expressions; "
            + "the optional first parameter is a printf-style format with exactly one floating conversion "
            + "(%f, %e or %g, with optional flags, width and precision) plus literal text and %%, default "
            + "\"%.0f%%\" (\"41%\"). Division by zero prints inf or nan."
    ) { call in
        let parameters = try call.expressions(.between(2, 3))
        let format = parameters.count == 3 ? parameters[0] : "%.0f%%"
        try PercentFormat.validate(format)
        let numberTexts = parameters.suffix(2)
        var numbers: [Double] = []
        for (offset, text) in numberTexts.enumerated() {
            let index = parameters.count - 2 + offset
            guard let value = try call.evaluate(text, as: .number) else {
                throw FunctionError("empty numeric parameter at index \(index)")
            }
            guard
                let number = value.decimalValue.map({ NSDecimalNumber(decimal: $0).doubleValue })
                    ?? value.doubleValue
            else {
                throw FunctionError.notANumber(at: index, got: value)
            }
            numbers.append(number)
        }
        let ratio = numbers[0] * 100 / numbers[1]
        // 0 ÷ 0 gives a NaN with the sign bit set on some CPUs, which C prints as "-nan"; the reference
        // prints "nan".
        return .string(PercentFormat.format(format, ratio.isNaN ? .nan : ratio))
    }
}

/// The checked printf formats of `^percent` (<doc:FunctionLibrary>, <doc:FunctionCalls>): only formats that consume
/// exactly one `double` are passed to the C formatter.
enum PercentFormat {
    /// The largest width or precision accepted, so a format cannot ask for an enormous output.
    static let maximumFieldSize = 999

    /// Throws unless `format` has exactly one `%f`/`%F`/`%e`/`%E`/`%g`/`%G` conversion (optional
    /// flags `-+ #0`, width, precision and `l` length modifier), with literal text and `%%` otherwise.
    static func validate(_ format: String) throws {
        let units = Array(format.utf8)
        var index = 0
        var conversions = 0
        func invalid(_ reason: String) -> FunctionError {
            FunctionError(
                "invalid format \"\(format)\": \(reason); expected one floating-point conversion such as %.1f")
        }
        while index < units.count {
            guard units[index] == UInt8(ascii: "%") else { index += 1; continue }
            index += 1
            if index < units.count, units[index] == UInt8(ascii: "%") { index += 1; continue }
            while index < units.count, "-+ #0".utf8.contains(units[index]) { index += 1 }
            var width = 0
            while index < units.count, isDigit(units[index]) {
                width = Swift.min(width * 10 + Int(units[index] - 48), maximumFieldSize + 1)
                index += 1
            }
            var precision = 0
            if index < units.count, units[index] == UInt8(ascii: ".") {
                index += 1
                while index < units.count, isDigit(units[index]) {
                    precision = Swift.min(precision * 10 + Int(units[index] - 48), maximumFieldSize + 1)
                    index += 1
                }
            }
            guard width <= maximumFieldSize, precision <= maximumFieldSize else {
                throw invalid("width and precision may not exceed \(maximumFieldSize)")
            }
            if index < units.count, units[index] == UInt8(ascii: "l") { index += 1 }
            guard index < units.count, "fFeEgG".utf8.contains(units[index]) else {
                throw invalid("unsupported conversion")
            }
            index += 1
            conversions += 1
        }
        guard conversions == 1 else { throw invalid("found \(conversions) conversions") }
    }

    /// Applies a format accepted by ``validate(_:)`` to `value` with the C library's formatter.
    static func format(_ format: String, _ value: Double) -> String {
        let needed = withVaList([value]) { vsnprintf(nil, 0, format, $0) }
        guard needed >= 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        _ = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList([value]) { vsnprintf(pointer.baseAddress, pointer.count, format, $0) }
        }
        return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func isDigit(_ unit: UInt8) -> Bool { unit >= 48 && unit <= 57 }
}
