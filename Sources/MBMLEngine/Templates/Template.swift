import Foundation

/// A template file: its whole text is one expression in the string context, as the original's
/// `plate` tool rendered it (`mbml render`).
///
/// ```swift
/// let template = try Template(bytes: Array("Hello, $name!\n".utf8), path: "greeting.txt")
/// let text = try template.render(in: environment)   // "Hello, Ada!\n": nothing added, nothing trimmed
/// ```
public struct Template: Sendable {
    /// The template's name in diagnostics.
    public let path: String
    /// The template text.
    public let text: String

    /// - Throws: ``TemplateError/invalidUTF8(path:byteOffset:)`` naming the first byte that is not
    ///   part of valid UTF-8.
    public init(bytes: [UInt8], path: String) throws {
        if let offset = Self.firstInvalidUTF8Offset(in: bytes) {
            throw TemplateError.invalidUTF8(path: path, byteOffset: offset)
        }
        self.path = path
        self.text = String(decoding: bytes, as: UTF8.self)
    }

    /// The template evaluated in the string context; no value renders as empty text.
    ///
    /// - Throws: ``TemplateError/evaluation(_:limit:)`` with the `file:line:column` where the failing part
    ///   of the template starts (`1:1` when the failure is inside an expression the template only
    ///   reaches indirectly, such as a dynamic variable's).
    ///
    /// The whole template is one job, `evaluation` (nil: a new one under the environment's limits):
    /// its pieces share one deadline and one memory budget, which the rendered text is charged to.
    public func render(in environment: Environment, within evaluation: Evaluation? = nil) throws -> String {
        let evaluation = evaluation ?? environment.makeEvaluation()
        let pieces = TemplateChunks(text: text).chunks
        guard pieces.count > 1 else {
            return try render(
                TemplateChunks.Chunk(text: text, line: 1, column: 1), isWhole: true, in: environment,
                within: evaluation)
        }
        // A large template: one piece at a time, none of them cached (see ``TemplateChunks``).
        var output = ""
        for piece in pieces {
            let part = try render(piece, isWhole: false, in: environment, within: evaluation)
            try evaluation.charge(part.utf8.count)
            output += part
        }
        return output
    }

    /// One piece of the template, with errors placed in the whole template.
    private func render(
        _ piece: TemplateChunks.Chunk, isWhole: Bool, in environment: Environment, within evaluation: Evaluation
    ) throws -> String {
        do {
            if isWhole {
                return try environment.evaluate(piece.text, in: .string, within: evaluation)?.stringValue ?? ""
            }
            let tokens = try environment.parse(piece.text, in: .string, caching: false)
            return try environment.evaluate(piece.text, in: .string, within: evaluation) { evaluator in
                try evaluator.evaluate(tokens, in: .string, textLimit: nil).value
            }?.stringValue ?? ""
        } catch let error as ExpressionError {
            // The template is the expression: name the place, and the offending clause, not the
            // whole template text.
            guard error.expression == piece.text else {
                throw TemplateError.evaluation(
                    Diagnostic(file: path, line: 1, column: 1, message: error.loggedDescription), limit: error.limit)
            }
            var position =
                error.range.map { Self.lineAndColumn(ofUTF16Offset: $0.location, in: piece.text) } ?? (
                    line: 1, column: 1
                )
            if position.line == 1 { position.column += piece.column - 1 }
            position.line += piece.line - 1
            var message = error.headline
            if let clause = error.tokenText, clause != text {
                message += "; offending clause: \"\(ExpressionError.abbreviated(clause))\""
            }
            throw TemplateError.evaluation(
                Diagnostic(
                    file: path, line: position.line, column: position.column,
                    message: message), limit: error.limit)
        }
    }

    /// The 1-based line and column (in Unicode scalars, like every ``Diagnostic``) of a UTF-16 offset.
    static func lineAndColumn(ofUTF16Offset offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var consumed = 0
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += scalar.utf16.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence, or nil.
    static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

/// Why a template could not be rendered.
public enum TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not UTF-8 text; `byteOffset` is the first offending byte (0-based).
    case invalidUTF8(path: String, byteOffset: Int)
    /// The template's expression failed; `limit` is the engine limit it hit, if any (a host names
    /// the option that changes it).
    case evaluation(Diagnostic, limit: EngineLimit? = nil)

    /// The engine limit the failure hit, if any.
    public var limit: EngineLimit? {
        if case .evaluation(_, let limit) = self { return limit }
        return nil
    }

    /// `file:line:column: message`, or the file and byte offset for invalid UTF-8.
    public var description: String {
        switch self {
        case .invalidUTF8(let path, let offset):
            return
                "\(path): not valid UTF-8 text: the byte at offset \(offset) does not begin or continue a UTF-8 character"
        case .evaluation(let diagnostic, _):
            return diagnostic.description
        }
    }
}
