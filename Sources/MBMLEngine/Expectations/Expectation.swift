import Foundation

/// One expectation: an expression, the context it is evaluated in, and what it should yield.
///
/// Expectations are the lines of an *expectation file* (JSON Lines, one object a line; see
/// ``ExpectationFile``). The format is the conformance suite's case format, which mbml adopts for
/// checking any expressions against any data:
///
/// ```json
/// {"id": "cats.count", "context": "number", "expr": "$cats.count", "expect": 3}
/// {"id": "cats.second", "expr": "$cats[$i]", "vars": {"i": 1}, "expect": "Duncan", "note": "0-based"}
/// {"id": "bad.math", "context": "number", "expr": "#(1 / 0)", "expectError": true}
/// {"id": "now", "expr": "^currentTime()"}
/// ```
///
/// | field | meaning |
/// | --- | --- |
/// | `id` | required: a name for the expectation, shown in every report (a string; a number is accepted and used as text) |
/// | `expr` | required: the expression text, evaluated exactly as written |
/// | `context` | `object` (default), `string`, `number` or `boolean`: the evaluation entry point |
/// | `vars` | variables bound for this expectation only, on top of the environment, gone afterwards |
/// | `expect` | the expected result, in the tagged value encoding of ``JSONCodec`` (`null` means "no value") |
/// | `expectError` | `true` instead of `expect`: evaluation must fail (a parse or evaluation error) |
/// | `compare` | how `expect` is matched: see ``Match`` (default `exact`) |
/// | `note` | free text for the reader |
/// | `from` | where the expected value came from (a test name, a document) |
///
/// A line with neither `expect` nor `expectError` is a **watch**: it is evaluated and its value
/// shown, but it never fails (`compare: nonempty` needs no `expect` and is a real check).
/// Any other field is an error, so that a misspelt `"expected"` cannot silently turn a check into
/// a watch.
public struct Expectation: Sendable {
    /// What the expression should yield.
    public enum Outcome: Sendable {
        /// A value, matched by ``Expectation/match``. ``Value/null`` stands for "no value".
        case value(Value)
        /// Any parse or evaluation error.
        case error
        /// Nothing: the expectation is a watch, evaluated and shown, never failing.
        case watch
    }

    /// How an expected value is matched against the result (the `compare` field).
    ///
    /// Values are matched as their JSON encodings are: a boolean is not a number (`true` does not
    /// match `1`), a number is not a string (`5` does not match `"5"`), numbers of any kind match
    /// when equal within a relative 1e-9, strings match code point by code point, dictionaries match
    /// whatever their key order, and an expected set (`{"$set": [...]}`) also matches an array with
    /// the same members in any order. Dates match within a millisecond.
    public enum Match: String, CaseIterable, Sendable {
        /// Equal as described above.
        case exact
        /// Arrays are compared ignoring order, as multisets (each member matched exactly once, and
        /// members themselves compared exactly); arrays inside dictionaries ignore order too.
        case set
        /// Numbers (at any depth) match within a relative 1e-6.
        case approx
        /// Only the kind of value is checked (null, boolean, number, string, array, dictionary,
        /// set, date or data); `expect` holds any value of that kind.
        case type
        /// The result is a non-empty string, array, dictionary or set, or a date or data value.
        case nonempty
    }

    /// Where an expectation was read from.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        /// The file's path as it was given.
        public var path: String
        /// The 1-based line number.
        public var line: Int

        public init(path: String, line: Int) {
            self.path = path
            self.line = line
        }

        /// `path:line`.
        public var description: String { "\(path):\(line)" }
    }

    public var id: String
    public var context: ExpressionContext
    public var expression: String
    /// Variables bound while this expectation is evaluated, in the order written.
    public var variables: [(name: String, value: Value)]
    public var expected: Outcome
    public var match: Match
    public var note: String?
    /// The `from` field: where the expected value came from.
    public var origin: String?
    /// Where the expectation was read from, if it came from a file.
    public var location: Location?

    public init(
        id: String, context: ExpressionContext = .object, expression: String,
        variables: [(name: String, value: Value)] = [], expected: Outcome, match: Match = .exact,
        note: String? = nil, origin: String? = nil, location: Location? = nil
    ) {
        self.id = id
        self.context = context
        self.expression = expression
        self.variables = variables
        self.expected = expected
        self.match = match
        self.note = note
        self.origin = origin
        self.location = location
    }

    /// True when the expectation only shows its value and can never fail.
    public var isWatch: Bool {
        if case .watch = expected { return match != .nonempty }
        return false
    }

    /// The expectation as one line of an expectation file (fields in the documented order; `context`
    /// and `compare` only when they are not the defaults). Parsing the line gives this expectation
    /// back, except for its ``location``.
    public var jsonLine: String {
        var fields: [String] = ["\"id\":" + JSONCodec.quoted(id)]
        if let origin = origin { fields.append("\"from\":" + JSONCodec.quoted(origin)) }
        if context != .object { fields.append("\"context\":" + JSONCodec.quoted(context.rawValue)) }
        fields.append("\"expr\":" + JSONCodec.quoted(expression))
        if !variables.isEmpty {
            let entries = variables.map { JSONCodec.quoted($0.name) + ":" + JSONCodec.encode($0.value) }
            fields.append("\"vars\":{" + entries.joined(separator: ",") + "}")
        }
        switch expected {
        case .value(let value): fields.append("\"expect\":" + JSONCodec.encode(value))
        case .error: fields.append("\"expectError\":true")
        case .watch: break
        }
        if match != .exact { fields.append("\"compare\":" + JSONCodec.quoted(match.rawValue)) }
        if let note = note { fields.append("\"note\":" + JSONCodec.quoted(note)) }
        return "{" + fields.joined(separator: ",") + "}"
    }
}

extension Expectation.Outcome: Equatable {}

extension Expectation: Equatable {
    public static func == (lhs: Expectation, rhs: Expectation) -> Bool {
        lhs.id == rhs.id && lhs.context == rhs.context && lhs.expression == rhs.expression
            && lhs.variables.count == rhs.variables.count
            && zip(lhs.variables, rhs.variables).allSatisfy { $0.name == $1.name && $0.value == $1.value }
            && lhs.expected == rhs.expected && lhs.match == rhs.match && lhs.note == rhs.note
            && lhs.origin == rhs.origin && lhs.location == rhs.location
    }
}
