import Foundation

/// String functions that read or write numbers: `^parseDouble`, `^parseNumber`, `^formatInteger`
/// (`^parseInteger` is a language function).
extension StringFunctions {
    static var numberFunctions: [FunctionDefinition] { [parseDouble, parseNumber, formatInteger] }

    static let parseDouble = FunctionDefinition(
        "parseDouble", input: .string, signature: "^parseDouble(text)", category: .string,
        summary: "The text's number form as a floating-point number (leading whitespace skipped, the longest "
            + "numeric prefix used, \".\" as the decimal separator). Text without a number is an error."
    ) { call in
        let text = try call.text()
        guard let prefix = NumericParsing.numericPrefix(of: text, allowExponent: true),
            let double = Double(prefix)
        else {
            throw FunctionError.notANumber(at: 0, got: .string(text))
        }
        return .double(double)
    }

    static let parseNumber = FunctionDefinition(
        "parseNumber", input: .string, signature: "^parseNumber(text)", category: .string,
        summary: "The text's number form as an exact decimal number (leading whitespace skipped, the longest "
            + "numeric prefix used, \".\" as the decimal separator). Text without a number is an error."
    ) { call in
        let text = try call.text()
        return .decimal(try NumberArgument.decimal(.string(text), at: 0))
    }

    static let formatInteger = FunctionDefinition(
        "formatInteger", input: .math, signature: "^formatInteger(number)", category: .string,
        summary: "The number truncated toward zero and written in decimal with the current locale's grouping "
            + "separator (\"1,234,567\" in en_US). The argument is a math expression."
    ) { call in
        let value = try call.value()
        let integer = try NumberArgument.truncatedInteger(value, at: 0)
        let formatter = NumberFormatter()
        formatter.locale = Locale.current
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        return .string(formatter.string(from: NSNumber(value: integer)) ?? String(integer))
    }
}
