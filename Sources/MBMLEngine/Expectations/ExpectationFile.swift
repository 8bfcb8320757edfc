import Foundation

/// An expectation file read into expectations, with the lines that could not be read.
///
/// The file is JSON Lines: one ``Expectation`` a line, as a JSON object (the fields are documented
/// on ``Expectation``). Blank lines are skipped. A line that is not a valid expectation becomes an
/// ``ExpectationProblem`` naming `file:line`; the other lines are still read, so one typo never hides
/// the rest of a file's results.
public struct ExpectationFile: Sendable {
    /// The path the file was read from, as given.
    public var path: String
    /// The expectations, in file order.
    public var expectations: [Expectation]
    /// The lines that could not be read, in file order.
    public var problems: [ExpectationProblem]

    /// The largest file read (expectation files are written by people or tools, not dumps).
    public static let maximumFileSize = 64 << 20

    /// Parses the text of an expectation file. `path` is used for locations and messages only.
    public init(parsing text: String, path: String) {
        self.path = path
        expectations = []
        problems = []
        var lineNumber = 0
        var firstLines: [String: Int] = [:]
        // Split on bytes: a Character would join "\r\n" into one.
        for rawLine in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var bytes = rawLine[...]
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            let line = String(decoding: bytes, as: UTF8.self)
            let location = Expectation.Location(path: path, line: lineNumber)
            do {
                let expectation = try ExpectationLineParser.parse(line, at: location)
                if let first = firstLines[expectation.id] {
                    throw ExpectationProblem(
                        location: location, message: "\(expectation.id): the id is used already on line \(first)",
                        id: expectation.id)
                }
                firstLines[expectation.id] = lineNumber
                expectations.append(expectation)
            } catch let problem as ExpectationProblem {
                problems.append(problem)
            } catch {
                problems.append(ExpectationProblem(location: location, message: String(describing: error)))
            }
        }
    }

    /// Reads and parses the file at `path`, through the engine's file door: a regular file (a FIFO,
    /// device or socket is refused without blocking) of at most ``maximumFileSize`` bytes.
    /// - Throws: ``ExpectationProblem`` (line 0) when the file cannot be read, is too large or is
    ///   not UTF-8.
    public init(contentsOf path: String) throws {
        let data: [UInt8]
        do {
            data = try FileDoor.read(path, as: .expectations, policy: .anywhere, maximumSize: Self.maximumFileSize)
        } catch let error as FunctionError {
            let prefix = "couldn't read \"\(path)\": "
            let reason = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
            throw ExpectationProblem(location: .init(path: path, line: 0), message: "cannot read the file (\(reason))")
        }
        guard let text = FileFunctions.utf8Text(Data(data)) else {
            throw ExpectationProblem(location: .init(path: path, line: 0), message: "the file is not UTF-8 text")
        }
        self.init(parsing: text, path: path)
    }
}

/// A line of an expectation file that is not a valid expectation, or a file that cannot be read
/// (line 0).
public struct ExpectationProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: Expectation.Location
    /// The 1-based column of the problem, when known.
    public var column: Int?
    public var message: String
    /// The line's `id`, when the line had one.
    public var id: String?

    public init(location: Expectation.Location, column: Int? = nil, message: String, id: String? = nil) {
        self.location = location
        self.column = column
        self.message = message
        self.id = id
    }

    /// `file:line:column: message`, `file:line: message`, or `file: message` for a whole file.
    public var description: String {
        if location.line == 0 { return "\(location.path): \(message)" }
        if let column = column { return "\(location):\(column): \(message)" }
        return "\(location): \(message)"
    }
}

/// Turns one JSON line into an ``Expectation``.
enum ExpectationLineParser {
    static let knownFields: Set<String> = [
        "id", "from", "context", "expr", "vars", "expect", "expectError",
        "compare", "note",
    ]

    static func parse(_ line: String, at location: Expectation.Location) throws -> Expectation {
        let decoded: Value
        do {
            decoded = try JSONCodec.decodeTagged(rejectingUnrepresentableNumbers: line)
        } catch let error as JSONDecodingError {
            throw ExpectationProblem(
                location: location, column: error.column, message: "invalid JSON: \(error.message)")
        }
        guard case .dictionary(let fields) = decoded else {
            throw ExpectationProblem(location: location, message: "an expectation must be a JSON object")
        }
        let id: String
        switch fields["id"] {
        case .string(let text)? where !text.isEmpty: id = text
        case let number? where number.isNumber && !isBoolean(number): id = number.text
        default: throw ExpectationProblem(location: location, message: "the expectation has no \"id\" string")
        }
        func problem(_ message: String) -> ExpectationProblem {
            ExpectationProblem(location: location, message: "\(id): \(message)", id: id)
        }
        if let unknown = fields.keys.first(where: { !knownFields.contains($0) }) {
            throw problem("unknown field \"\(unknown)\" (fields: \(knownFields.sorted().joined(separator: ", ")))")
        }
        guard case .string(let expression)? = fields["expr"] else {
            throw problem("the expectation has no \"expr\" string")
        }
        var context = ExpressionContext.object
        if let value = fields["context"] {
            guard let name = value.stringValue, let named = ExpressionContext(rawValue: name) else {
                throw problem("\"context\" must be \"object\", \"string\", \"number\" or \"boolean\"")
            }
            context = named
        }
        var match = Expectation.Match.exact
        if let value = fields["compare"] {
            guard let name = value.stringValue, let named = Expectation.Match(rawValue: name) else {
                let names = Expectation.Match.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw problem("\"compare\" must be one of \(names)")
            }
            match = named
        }
        var variables: [(name: String, value: Value)] = []
        switch fields["vars"] {
        case nil, .null?: break
        case .dictionary(let entries)?: variables = entries.map { (name: $0.key, value: $0.value) }
        default: throw problem("\"vars\" must be a JSON object")
        }
        let expected = try outcome(fields["expect"], expectError: fields["expectError"], problem: problem)
        return Expectation(
            id: id, context: context, expression: expression, variables: variables,
            expected: expected, match: match, note: try text(fields["note"], "note", problem),
            origin: try text(fields["from"], "from", problem), location: location)
    }

    private static func outcome(
        _ expect: Value?, expectError: Value?,
        problem: (String) -> ExpectationProblem
    ) throws -> Expectation.Outcome {
        let wantsError: Bool
        switch expectError {
        case nil: wantsError = false
        case .boolean(let flag)?: wantsError = flag
        default: throw problem("\"expectError\" must be true or false")
        }
        switch (expect, wantsError) {
        case (_?, true): throw problem("give either \"expect\" or \"expectError\": true, not both")
        case (nil, true): return .error
        case (let value?, false): return .value(value)
        case (nil, false): return .watch
        }
    }

    private static func text(
        _ value: Value?, _ field: String,
        _ problem: (String) -> ExpectationProblem
    ) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw problem("\"\(field)\" must be a string")
        }
    }

    private static func isBoolean(_ value: Value) -> Bool {
        if case .boolean = value { return true }
        return false
    }
}
