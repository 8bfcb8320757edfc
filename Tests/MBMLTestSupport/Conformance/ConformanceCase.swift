import Foundation

/// One conformance case: an expression, the context it runs in, optional variables for this case
/// only, and the expected value or error (the JSON Lines format the DocC article
/// "Expectation Files" describes).
public struct ConformanceCase: Sendable {
    /// Unique and stable, `group.topic.NN`.
    public var id: String
    /// Where the expected value was taken from.
    public var from: String?
    /// `object`, `string`, `number` or `boolean`.
    public var context: String
    public var expression: String
    /// The expected value (nil when the case expects an error).
    public var expected: LooseJSON?
    public var expectsError: Bool
    /// `exact` (default), `set`, `approx`, `type` or `nonempty`.
    public var compare: String
    public var note: String?
    /// The whole line.
    public var line: String
    /// The source text of each field's value, so that the engine reads `expr` and `vars` exactly as
    /// written, in its own tagged encoding.
    public var fieldTexts: [String: String]
    /// The file the case was read from and its 1-based line number.
    public var file: String
    public var lineNumber: Int

    /// The group: the part of the id before the first dot (`core`, `str`, `date`, ...).
    public var group: String { String(id.prefix { $0 != "." }) }

    /// Reads one case line.
    /// - Throws: ``ConformanceCaseError`` when the line is not a case.
    public init(line: String, file: String, lineNumber: Int) throws {
        let json: LooseJSON
        do {
            (json, fieldTexts) = try LooseJSON.parseKeepingMemberTexts(line)
        } catch {
            throw ConformanceCaseError(file: file, line: lineNumber, message: "\(error)")
        }
        func string(_ key: String) -> String? {
            if case .string(let text)? = json[key] { return text }
            return nil
        }
        guard let id = string("id"), let context = string("context"), let expression = string("expr") else {
            throw ConformanceCaseError(
                file: file, line: lineNumber, message: "a case needs the strings id, context and expr")
        }
        self.id = id
        self.context = context
        self.expression = expression
        from = string("from")
        note = string("note")
        compare = string("compare") ?? "exact"
        // run.py: `case.get("expectError")`, read with Python's truthiness.
        expectsError = json["expectError"]?.isTruthy ?? false
        expected = json["expect"]
        self.line = line
        self.file = file
        self.lineNumber = lineNumber
    }

    /// The request the reference runner sends for this case: `id`, `context`, `expr` and, when
    /// present and true by Python's rules (not null, false, 0, empty), `vars`, as JSON text.
    public var requestLine: String {
        var fields = [
            "\"context\": " + (fieldTexts["context"] ?? "null"), "\"expr\": " + (fieldTexts["expr"] ?? "null"),
        ]
        if let vars = fieldTexts["vars"], (try? LooseJSON.parse(vars))?.isTruthy == true {
            fields.append("\"vars\": " + vars)
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Every case of every `*.jsonl` file in `folder`, files in name order, cases in line order.
    public static func load(folder: URL) throws -> [ConformanceCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jsonl") }
            .sorted()
        var cases: [ConformanceCase] = []
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
                if trimmed.isEmpty { continue }
                cases.append(try ConformanceCase(line: trimmed, file: name, lineNumber: offset + 1))
            }
        }
        return cases
    }
}

/// A case file line that is not a case.
public struct ConformanceCaseError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var message: String
    public var description: String { "\(file):\(line): \(message)" }
}
