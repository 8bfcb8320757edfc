import Foundation

/// Decides whether an engine's answer to a conformance case passes, by the rules of the reference
/// runner (`run.py` of the conformance suite), rule for rule: the compare modes `exact`, `set`,
/// `approx`, `type` and `nonempty`, tagged sets, dates and binary data, and numbers compared as
/// doubles within a relative tolerance (1e-9, or 1e-6 for `approx`).
public enum ConformanceJudge {
    /// What the engine answered: a value (in the tagged JSON encoding) or an error message.
    public enum Answer: Sendable {
        case value(LooseJSON)
        case error(String)
    }

    /// Nil when `answer` passes `testCase`, otherwise a short reason.
    public static func verdict(_ testCase: ConformanceCase, _ answer: Answer) -> String? {
        if testCase.expectsError {
            if case .value(let got) = answer { return "expected an error, got \(short(got))" }
            return nil
        }
        let got: LooseJSON
        switch answer {
        case .error(let message): return "error: \(message.prefix(160))"
        case .value(let value): got = value
        }
        let expected = testCase.expected ?? .null
        switch testCase.compare {
        case "type":
            return typeName(got) == typeName(expected) ? nil : "expected a \(typeName(expected)), got \(short(got))"
        case "nonempty":
            return isNonEmpty(got) ? nil : "expected a non-empty value, got \(short(got))"
        default:
            return equal(expected, got, mode: testCase.compare) ? nil : "expected \(short(expected)), got \(short(got))"
        }
    }

    /// `equal(exp, got, mode)` of the reference runner.
    public static func equal(_ expected: LooseJSON, _ got: LooseJSON, mode: String = "exact") -> Bool {
        let tolerance = mode == "approx" ? 1e-6 : 1e-9
        switch (expected, got) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.boolean, _), (_, .boolean): return false
        case (.number(let a), .number(let b)): return numbersEqual(a, b, tolerance: tolerance)
        case (.number, _), (_, .number): return false
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.string, _), (_, .string): return false
        default: break
        }
        let expectedTag = tag(of: expected), gotTag = tag(of: got)
        if expectedTag != nil || gotTag != nil {
            guard let (expectedKey, expectedBody) = expectedTag, let (gotKey, gotBody) = gotTag else {
                // An expected {"$set": [...]} also means "an array, in any order".
                if case .array(let elements) = got, expectedTag?.key == "$set" {
                    return multisetEqual(expectedTag?.body, .array(elements), mode: mode)
                }
                if mode == "set", case .array = expected, gotTag?.key == "$set" {
                    return multisetEqual(expected, gotTag?.body, mode: mode)
                }
                return false
            }
            guard expectedKey == gotKey else { return false }
            switch expectedKey {
            case "$set": return multisetEqual(expectedBody, gotBody, mode: mode)
            case "$date":
                guard case .string(let a) = expectedBody, case .string(let b) = gotBody,
                    let first = ISOTimestamp.seconds(a), let second = ISOTimestamp.seconds(b)
                else { return false }
                return abs(first - second) < 1e-3
            default:
                guard case .string(let a) = expectedBody, case .string(let b) = gotBody,
                    let first = Data(base64Encoded: a, options: .ignoreUnknownCharacters),
                    let second = Data(base64Encoded: b, options: .ignoreUnknownCharacters)
                else { return false }
                return first == second
            }
        }
        switch (expected, got) {
        case (.array(let a), .array(let b)):
            if mode == "set" { return multisetEqual(expected, got, mode: mode) }
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1, mode: mode) }
        case (.object(let a), .object(let b)):
            let keysA = Set(a.map { Array($0.key.unicodeScalars) }), keysB = Set(b.map { Array($0.key.unicodeScalars) })
            return keysA == keysB
                && a.allSatisfy { member in got[member.key].map { equal(member.value, $0, mode: mode) } ?? false }
        default:
            return false
        }
    }

    /// `type_of(v)` of the reference runner: null, boolean, number, string, array, set, date, data or
    /// dictionary.
    public static func typeName(_ value: LooseJSON) -> String {
        switch value {
        case .null: return "null"
        case .boolean: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object:
            if let (key, _) = tag(of: value) { return String(key.dropFirst()) }
            return "dictionary"
        }
    }

    static let tags: Set<String> = ["$set", "$date", "$data"]

    /// The tag and body of a one-key tagged object (`{"$set": ...}`, `{"$date": ...}`, `{"$data": ...}`).
    static func tag(of value: LooseJSON) -> (key: String, body: LooseJSON)? {
        guard case .object(let members) = value, members.count == 1, tags.contains(members[0].key) else { return nil }
        return (members[0].key, members[0].value)
    }

    private static func numbersEqual(_ a: Double, _ b: Double, tolerance: Double) -> Bool {
        if a == b { return true }
        if a.isNaN && b.isNaN { return true }
        return abs(a - b) <= tolerance * max(abs(a), abs(b), 1e-300)
    }

    /// Same elements, any order; elements compare `exact` (or `approx` under `approx`).
    private static func multisetEqual(_ a: LooseJSON?, _ b: LooseJSON?, mode: String) -> Bool {
        guard case .array(let left)? = a, case .array(var right)? = b, left.count == right.count else { return false }
        let inner = mode == "approx" ? "approx" : "exact"
        for element in left {
            guard let match = right.firstIndex(where: { equal(element, $0, mode: inner) }) else { return false }
            right.remove(at: match)
        }
        return true
    }

    private static func isNonEmpty(_ value: LooseJSON) -> Bool {
        switch value {
        case .string(let text): return !text.isEmpty
        case .array(let elements): return !elements.isEmpty
        case .object(let members): return !members.isEmpty
        default: return false
        }
    }

    static func short(_ value: LooseJSON, limit: Int = 120) -> String {
        let text = value.text
        return text.count <= limit ? text : String(text.prefix(limit - 3)) + "..."
    }
}

/// Seconds since 1970 of an ISO 8601 timestamp as Python's `datetime.fromisoformat` reads the ones the
/// suite uses: `YYYY-MM-DD`, optionally `T` or space and `HH:MM[:SS[.fraction]]`, optionally `Z` or
/// `±HH:MM`; no zone means UTC.
enum ISOTimestamp {
    static func seconds(_ text: String) -> Double? {
        let scalars = Array(text.trimmingCharacters(in: .whitespaces).unicodeScalars)
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[index..<index + count] {
                guard let digit = Int(String(scalar)) else { return nil }
                value = value * 10 + digit
            }
            index += count
            return value
        }
        func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == character else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), skip("-"), let month = digits(2), skip("-"), let day = digits(2),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if skip("T") || skip(" ") {
            guard let hour = digits(2), skip(":"), let minute = digits(2), hour < 24, minute < 60 else { return nil }
            seconds += Double(hour * 3600 + minute * 60)
            if skip(":") {
                guard let second = digits(2), second < 60 else { return nil }
                seconds += Double(second)
                if skip(".") || skip(",") {
                    let start = index
                    while index < scalars.count, scalars[index].properties.numericType != nil, scalars[index].isASCII {
                        index += 1
                    }
                    guard index > start,
                        let fraction = Double("0." + String(String.UnicodeScalarView(scalars[start..<index])))
                    else { return nil }
                    seconds += fraction
                }
            }
            if skip("Z") {
                // UTC
            } else if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
                let sign: Double = scalars[index] == "-" ? -1 : 1
                index += 1
                guard let hours = digits(2) else { return nil }
                _ = skip(":")
                let minutes = digits(2) ?? 0
                seconds -= sign * Double(hours * 3600 + minutes * 60)
            }
        }
        return index == scalars.count ? seconds : nil
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
