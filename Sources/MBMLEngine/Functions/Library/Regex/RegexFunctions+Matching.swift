import Foundation

/// A user-supplied regular expression run under the limits of <doc:FunctionCalls>: a bounded pattern
/// length and a time budget per search, so a catastrophically backtracking pattern fails with an error
/// instead of hanging the host. When ICU gives up on a search (its backtracking stack is full),
/// that is an error too, never "no match". Patterns use ICU syntax (`NSRegularExpression`) with no
/// options.
struct GuardedRegex {
    /// The longest pattern accepted, in UTF-16 units.
    static let maximumPatternLength = 10_000
    /// The longest one search may take, in seconds.
    static let timeLimit: TimeInterval = 2

    let expression: NSRegularExpression
    let call: FunctionCall

    /// Compiles the pattern of parameter `index`; an empty, overlong or invalid pattern is the standard
    /// "invalid regular expression" error.
    init(pattern: String, parameterIndex index: Int, call: FunctionCall) throws {
        let invalid = FunctionError("invalid regular expression in input parameter at index \(index)")
        guard !pattern.isEmpty else { throw invalid }
        guard pattern.utf16.count <= Self.maximumPatternLength else {
            throw FunctionError(
                "regular expression in input parameter at index \(index) is longer than "
                    + "\(Self.maximumPatternLength) characters")
        }
        do {
            expression = try NSRegularExpression(pattern: pattern, options: [])
        } catch {
            throw invalid
        }
        self.call = call
    }

    /// The error for a search ICU abandoned.
    static let engineFailure = FunctionError(
        "the regular expression engine gave up on this text (its backtracking limit was reached); simplify the pattern")

    /// The ranges of every match in `text` (all of them when `firstOnly` is false).
    func matches(in text: String, firstOnly: Bool = false) throws -> [NSTextCheckingResult] {
        let start = Date()
        var results: [NSTextCheckingResult] = []
        var outcome: Error?
        let whole = NSRange(location: 0, length: text.utf16.count)
        expression.enumerateMatches(
            in: text, options: [.reportProgress, .reportCompletion],
            range: whole
        ) { result, flags, stop in
            if flags.contains(.internalError) {
                outcome = Self.engineFailure
                stop.pointee = true
                return
            }
            if let result {
                results.append(result)
                if firstOnly { stop.pointee = true; return }
            }
            if Date().timeIntervalSince(start) > Self.timeLimit {
                outcome = FunctionError("regular expression matching took longer than \(Int(Self.timeLimit)) seconds")
                stop.pointee = true
            } else if call.evaluation.isStopped {
                outcome = CancellationFailure()
                stop.pointee = true
            }
        }
        if let outcome { throw outcome }
        return results
    }

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: String) throws -> Bool {
        try !matches(in: text, firstOnly: true).isEmpty
    }

    /// `text` with every match replaced by `template` (`$1`… refer to capture groups; ICU escapes).
    func replacingMatches(in text: String, with template: String) throws -> String {
        let results = try matches(in: text)
        guard !results.isEmpty else { return text }
        let source = text as NSString
        var output = ""
        var location = 0
        for result in results {
            output.append(source.substring(with: NSRange(location: location, length: result.range.location - location)))
            output.append(expression.replacementString(for: result, in: text, offset: 0, template: template))
            location = result.range.location + result.range.length
        }
        output.append(source.substring(from: location))
        return output
    }
}
