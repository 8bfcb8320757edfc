import Foundation
import MBMLEngine

/// One conformance case as the benchmark uses it: the expression, its context and its variables.
struct BenchCase {
    var id: String
    var expression: String
    var context: ExpressionContext
    var variables: [(String, Value?)]

    /// Reads the cases of a conformance `.jsonl` file (blank lines skipped).
    /// - Throws: a ``BenchCaseError`` naming the line that could not be read.
    static func load(from url: URL) throws -> [BenchCase] {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw BenchCaseError(message: "\(url.path): cannot read: \(error.localizedDescription)")
        }
        var cases: [BenchCase] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let value: Value
            do {
                value = try JSONCodec.decodeTagged(String(line))
            } catch let error as JSONDecodingError {
                throw BenchCaseError(message: "\(url.path):\(index + 1):\(error.column): \(error.message)")
            }
            guard case .dictionary(let fields) = value, case .string(let expression)? = fields["expr"],
                let context = ExpressionContext(rawValue: fields["context"]?.stringValue ?? "object")
            else {
                throw BenchCaseError(message: "\(url.path):\(index + 1): not a case (needs \"expr\" and \"context\")")
            }
            let variables = fields["vars"]?.dictionaryValue.map { $0.map { ($0.key, Optional($0.value)) } } ?? []
            cases.append(
                BenchCase(
                    id: fields["id"]?.stringValue ?? "line \(index + 1)", expression: expression,
                    context: context, variables: variables))
        }
        return cases
    }

    /// Evaluates the case, ignoring the result and any error; returns the elapsed time in seconds.
    func time(in environment: Environment) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try? environment.evaluate(expression, in: context, binding: variables)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

struct BenchCaseError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
