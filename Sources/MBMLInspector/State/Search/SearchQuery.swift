import Foundation

/// What `/` in the variable tree looks for: text with smart case (case-insensitive unless the
/// query has an upper-case letter), or a regular expression after `re:` (same case rule).
/// Queries that look like paths (`cats[`, `.name`, `$x`) are also matched against each node's
/// path, written as in MBML (`$cats[1]`, `$catGenders.Duncan`).
struct SearchQuery: Sendable {
    let text: String
    private let needle: String
    private let ignoresCase: Bool
    private let regex: NSRegularExpression?
    /// The needle when it is ASCII (then matching needs no lower-cased copy).
    private let asciiNeedle: ASCIINeedle?
    /// For a regular expression, text every match contains (see ``RegexLiteral``): candidates
    /// without it are not handed to the regular expression.
    private let regexFilter: ASCIINeedle?
    /// Whether node paths are matched too.
    let matchesPaths: Bool

    /// - Throws: ``SearchQueryError`` for a `re:` query that is not a valid regular expression.
    init(_ text: String) throws {
        self.text = text
        let isRegex = text.hasPrefix("re:")
        let pattern = isRegex ? String(text.dropFirst(3)) : text
        ignoresCase = !pattern.contains(where: \.isUppercase)
        needle = ignoresCase ? pattern.lowercased() : pattern
        matchesPaths = pattern.contains(where: { "[].$".contains($0) })
        asciiNeedle = ASCIINeedle(needle, foldsCase: ignoresCase)
        let folds = ignoresCase
        regexFilter = isRegex ? RegexLiteral.required(in: pattern).flatMap { ASCIINeedle($0, foldsCase: folds) } : nil
        if isRegex {
            do {
                regex = try NSRegularExpression(pattern: pattern, options: ignoresCase ? [.caseInsensitive] : [])
            } catch {
                throw SearchQueryError(message: "Not a regular expression: \(pattern)")
            }
        } else {
            regex = nil
        }
    }

    /// Whether the query finds nothing whatever it is given (empty).
    var isEmpty: Bool { needle.isEmpty }

    func matches(_ candidate: String) -> Bool {
        if let regex = regex {
            if let filter = regexFilter, !filter.isFound(in: candidate) { return false }
            return regex.firstMatch(in: candidate, range: NSRange(candidate.startIndex..., in: candidate)) != nil
        }
        if let needle = asciiNeedle { return needle.isFound(in: candidate) }
        return (ignoresCase ? candidate.lowercased() : candidate).contains(needle)
    }
}

/// A search that cannot run.
struct SearchQueryError: Error, Equatable {
    var message: String
}

/// A search running off the UI thread: how far it got.
struct SearchProgress: Equatable {
    /// The search whose answer is awaited (answers of older ones are dropped).
    var generation = 0
    var isRunning = false
    /// Nodes looked at so far.
    var visited = 0
    /// Set by Enter while the search runs: jump to the first match when it ends.
    var jumpsWhenDone = false
}
