import Dispatch
import FuzzSupport
import MBMLEngine

/// Fuzzes expression evaluation: the input (UTF-8, invalid bytes replaced) is evaluated in all four
/// contexts in a fresh environment with sample variables, file writes off, a 5 ms deadline per
/// context (and one for rendering each result as text) and a small memory budget, so that its
/// checks run often. Errors are expected; a crash, leak or libFuzzer timeout is a finding, and so is
/// a raw control or invisible format character in any human-facing form of a result or error (the
/// terminal-safe rule) or in the JSON written for it.
enum FuzzExpression {
    static let variables = """
        {"cats": ["Barrett", "Duncan", "Gabby"], "catGenders": {"Barrett": "female", "Duncan": "male"},
         "count": 3, "price": 2.5, "flag": true, "nothing": null, "text": "a|b(c)$d^e#f",
         "nested": {"list": [1, [2, [3, {"deep": "x"}]]], "$key": "dollar"},
         "numbers": [10, -2.5, 1e300, 0], "empty": [], "when": {"$date": "2015-02-03T04:05:06Z"},
         "bytes": {"$data": "AAEC/w=="}, "tags": {"$set": ["a", "b"]}}
        """

    /// The budget of each evaluation (and of rendering its result): short, so that inputs that run
    /// into it do not slow the fuzzer down; the budget itself is what is being tested. Replaying a
    /// grown corpus showed 1.3% of the inputs (counts near the 1,000,000 cap) taking 94% of the time
    /// at 0.25 s; at 20 ms, `^repeat` running into the budget still took 60% of a long run's time.
    /// A path that ignores the budget still runs into libFuzzer's own timeout.
    static let deadline = 0.005

    /// The memory budget of each evaluation: small, so that inputs reach it.
    static let memoryBudget = 4 << 20

    static func evaluate(_ bytes: [UInt8]) {
        let expression = String(decoding: bytes, as: UTF8.self)
        var options = EnvironmentOptions(allowsFileWrites: false)
        options.maximumEvaluationBytes = Self.memoryBudget
        let environment = Environment(options: options, log: LogSink(limit: 16))
        if case .dictionary(let entries)? = try? JSONCodec.decodeTagged(variables) {
            for (name, value) in entries { environment.variables.declare(name, value: value) }
        }
        for context in ExpressionContext.allCases {
            let result: Value?
            do {
                // Each context is one job with its own deadline and the small memory budget.
                result = try environment.evaluate(
                    expression, in: context,
                    limits: EvaluationLimits(options: options, seconds: Self.deadline))
            } catch {
                checkShownSafely(error, expression: expression)
                continue
            }
            // Render the result as the CLI would, so the writers are fuzzed too.
            if let value = result {
                requireSafe(JSONCodec.encode(value), "the JSON of a result")
                let end = DispatchTime.now().uptimeNanoseconds + UInt64(Self.deadline * 1e9)
                if let text = value.text(stoppingWhen: { DispatchTime.now().uptimeNanoseconds > end }) {
                    requireSafe(TerminalSafeText.escaping(text, layout: .multiLine), "a result shown on a terminal", layout: .multiLine)
                }
            }
        }
        for line in environment.log.lines {
            requireSafe(TerminalSafeText.escaping(line, layout: .multiLine), "a log line", layout: .multiLine)
        }
    }

    /// An error as the CLI shows it: its message and the caret line under the expression.
    static func checkShownSafely(_ error: Error, expression: String) {
        requireSafe(TerminalSafeText.escaping(Environment.logText(for: error)), "an error message")
        if let range = (error as? ExpressionError)?.range {
            let caret = CaretLine(text: expression, range: range)
            requireSafe(caret.line, "a caret line")
            requireSafe(caret.caret, "a caret")
        }
    }

    /// A finding when `text`, about to be shown, still holds a scalar the terminal would act on.
    static func requireSafe(_ text: String, _ what: String, layout: TerminalSafeText.Layout = .singleLine) {
        if !TerminalSafeText.isSafe(text, layout: layout) {
            fatalError("terminal-safe rule broken in \(what): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpressionInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzExpression.evaluate(fuzzBytes(data, size))
    return 0
}

@_cdecl("FuzzExpression_main")
public func fuzzExpressionMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzExpressionInput)
}
