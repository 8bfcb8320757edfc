import Foundation
import MBMLEngine

/// The `mbml eval --jsonl` batch protocol (README, "The commands"): one JSON request a line on
/// standard input, one JSON response a line on standard output, flushed after each line.
struct JSONLinesSession {
    let environment: Environment
    /// The time budget of each request in seconds (`--timeout`); 0 means none.
    var timeout: Double = 0
    /// The memory budget of each request in bytes (`--max-memory`); 0 means none.
    var maximumBytes = EnvironmentOptions.defaultMaximumEvaluationBytes

    /// A new job for one request, its answer included.
    func makeEvaluation() -> Evaluation {
        Evaluation(
            limits: EvaluationLimits(
                deadline: Deadline(secondsFromNow: timeout), maximumBytes: maximumBytes,
                isCancelled: environment.mappedDataDamage))
    }

    /// Answers requests until the end of standard input. Blank lines are skipped.
    func run() {
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            StandardStream.output.writeLine(response(to: line))
        }
    }

    /// The response line for one request line.
    func response(to line: String) -> String {
        let request: Request
        do {
            request = try Request(line: line)
        } catch let failure as RequestFailure {
            return Self.encode(id: failure.id, .error(failure.message))
        } catch {
            return Self.encode(id: nil, .error(String(describing: error)))
        }
        do {
            // The answer is written under the request's budget: a value that is huge as text ends
            // in the budget error, and the next request is answered. An answer read from a data
            // file that changed while mapped is not.
            let json = try environment.answer {
                let evaluation = makeEvaluation()
                let value = try evaluation.run {
                    try environment.evaluate(
                        request.expression, in: request.context, binding: request.variables, within: evaluation)
                }
                return try evaluation.json(of: value)
            }
            return Self.encode(id: request.id, .value(json))
        } catch {
            return Self.encode(
                id: request.id, .error(LimitHint.appending(to: Environment.logText(for: error), for: error)))
        }
    }

    private enum Outcome {
        /// The value's JSON.
        case value(String)
        case error(String)
    }

    /// The response line, written by the one JSON writer of `mbml`; `id` is the request's id as it
    /// was written (nil: `null`).
    private static func encode(id: Substring?, _ outcome: Outcome) -> String {
        let id = JSONFragment(String(id ?? "null"))
        let response: Response
        switch outcome {
        case .value(let json): response = Response(id: id, value: JSONFragment(json))
        case .error(let message): response = Response(id: id, error: message)
        }
        return (try? JSONTextEncoder().encode(response)) ?? #"{"id":null,"error":"the response could not be written"}"#
    }

    /// One response line: the request's id, and its value or error.
    struct Response: Encodable {
        var id: JSONFragment
        var value: JSONFragment?
        var error: String?
    }

    /// One decoded request.
    struct Request {
        /// The request's `id` exactly as written, so that the response carries the same JSON text
        /// (a 50-digit number or `1.0` would change if decoded and encoded again).
        var id: Substring?
        var context: ExpressionContext
        var expression: String
        var variables: [(String, Value?)]

        /// The id as the response carries it: as written when that is printable ASCII (so that
        /// `1.0` or a 50-digit number come back unchanged), else written again by the JSON writer,
        /// which escapes C1 controls, bidirectional overrides and the rest of what a terminal acts on.
        static func echoedID(_ written: Substring?, decoded: Value?) -> Substring? {
            guard let written else { return nil }
            if written.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return written }
            return Substring(JSONCodec.encode(decoded))
        }

        init(line: String) throws {
            let decoded: Value
            do {
                decoded = try JSONCodec.decodeTagged(line)
            } catch let error as JSONDecodingError {
                throw RequestFailure(
                    id: nil, message: "Invalid JSON request at column \(error.column): \(error.message)")
            }
            guard case .dictionary(let fields) = decoded else {
                throw RequestFailure(id: nil, message: "A request must be a JSON object")
            }
            id = Self.echoedID(JSONCodec.memberText(named: "id", inObject: line), decoded: fields["id"])
            let contextName = fields["context"].map { $0.stringValue ?? $0.text } ?? "object"
            guard let context = ExpressionContext(rawValue: contextName) else {
                throw RequestFailure(
                    id: id, message: "Unknown context \"\(contextName)\": use object, string, number or boolean")
            }
            self.context = context
            guard case .string(let expression)? = fields["expr"] else {
                throw RequestFailure(id: id, message: "The request has no \"expr\" string")
            }
            self.expression = expression
            switch fields["vars"] {
            case nil, .null?: variables = []
            case .dictionary(let entries)?: variables = entries.map { ($0.key, $0.value) }
            default: throw RequestFailure(id: id, message: "\"vars\" must be a JSON object")
            }
        }
    }

    struct RequestFailure: Error {
        var id: Substring?
        var message: String
    }
}
