import Foundation

/// The pseudo-properties a Linux port provides in place of Cocoa key-value coding (<doc:ExpressionSyntax>).
/// Unknown names are evaluation errors `No such key "<name>" for object of type <type>`.
enum Properties {
    static func value(of receiver: Value, named name: String, token: Token, evaluator: Evaluator) throws -> Value? {
        func noSuchKey() -> ExpressionError {
            evaluator.failure(.evaluation, "No such key \"\(name)\" for object of type \(receiver.typeName)", token)
        }
        switch receiver {
        case .string(let text):
            guard let result = stringProperty(text, name) else { throw noSuchKey() }
            return result
        case .decimal, .integer, .double, .boolean, .bigInteger:
            guard let result = numberProperty(receiver, name) else { throw noSuchKey() }
            return result
        case .null:
            switch name {
            case "length", "intValue", "integerValue", "longLongValue", "unsignedIntegerValue": return .integer(0)
            case "doubleValue", "floatValue": return .double(0)
            case "boolValue": return .boolean(false)
            case "stringValue", "description": return .string("<null>")
            default: throw noSuchKey()
            }
        case .date(let date):
            switch name {
            case "timeIntervalSince1970": return .double(date.timeIntervalSince1970)
            case "timeIntervalSinceReferenceDate": return .double(date.timeIntervalSinceReferenceDate)
            case "description": return .string(receiver.text)
            default: throw noSuchKey()
            }
        case .data(let data):
            switch name {
            case "length": return .integer(data.count)
            case "description": return .string(receiver.text)
            default: throw noSuchKey()
            }
        case .object(let object):
            do {
                return try object.value(forProperty: name)
            } catch let failure as EvaluationFailure {
                throw evaluator.failure(.evaluation, failure.message, token)
            }
        case .array, .dictionary, .set:
            return nil
        }
    }

    private static func stringProperty(_ text: String, _ name: String) -> Value? {
        switch name {
        case "length": return .integer(text.utf16.count)
        case "uppercaseString": return .string(text.uppercased())
        case "lowercaseString": return .string(text.lowercased())
        case "capitalizedString": return .string(text.capitalized)
        case "description", "stringValue": return .string(text)
        case "intValue", "integerValue", "longLongValue": return .integer(NumericParsing.integer(from: text))
        case "doubleValue", "floatValue": return .double(NumericParsing.double(from: text))
        case "boolValue": return .boolean(stringBoolValue(text))
        case "lastPathComponent": return .string(PathText.lastComponent(text))
        case "pathExtension": return .string(PathText.pathExtension(text))
        case "stringByDeletingLastPathComponent": return .string(PathText.deletingLastComponent(text))
        case "stringByDeletingPathExtension": return .string(PathText.deletingPathExtension(text))
        default: return nil
        }
    }

    /// `NSString.boolValue`: after whitespace, an optional sign and leading zeros, the first character
    /// is `Y`, `y`, `T`, `t` or a digit 1-9.
    static func stringBoolValue(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
        if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
        scalars = scalars.drop(while: { $0 == "0" })
        guard let first = scalars.first else { return false }
        return "YyTt123456789".unicodeScalars.contains(first)
    }

    private static func numberProperty(_ number: Value, _ name: String) -> Value? {
        switch name {
        case "intValue", "integerValue", "longLongValue", "unsignedIntegerValue":
            return .integer(number.integerValue ?? 0)
        case "doubleValue", "floatValue": return .double(number.doubleValue ?? 0)
        case "boolValue": return .boolean(number.isTruthy)
        case "stringValue", "description": return .string(number.text)
        default: return nil
        }
    }
}
