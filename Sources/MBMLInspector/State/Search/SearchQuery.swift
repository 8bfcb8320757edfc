import Foundation

/// Text looked for with smart case (case-insensitive unless the query has an upper-case letter, as
/// in vim and less): what `/` looks for in the variable tree, in the full value viewer and the
/// history search (Alt-R). In the tree, a query after `re:` is a regular expression (same case
/// rule), and queries that look like paths (`cats[`, `.name`, `$x`) are also matched against each
/// node's path, written as in MBML (`$cats[1]`, `$catGenders.Duncan`); the other searches look
/// for the text as it is (``init(literal:)``).
struct SearchQuery: Sendable {
    let text: String
    private let needle: String
    private let ignoresCase: Bool
    private let regex: NSRegularExpression?
    /// The needle when it is ASCII: a candidate without it is passed over with a byte scan, without
    /// a lower-cased copy (a search through a million lines mostly passes lines over).
    private let asciiNeedle: ASCIINeedle?
    /// For a regular expression, text every match contains (see ``RegexLiteral``): candidates
    /// without it are not handed to the regular expression.
    private let regexFilter: ASCIINeedle?
    /// Whether node paths are matched too.
    let matchesPaths: Bool

    /// A tree search: `re:` starts a regular expression.
    /// - Throws: ``SearchQueryError`` for a `re:` query that is not a valid regular expression.
    init(_ text: String) throws {
        guard text.hasPrefix("re:") else {
            self.init(literal: text)
            return
        }
        let pattern = String(text.dropFirst(3))
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(
                pattern: pattern, options: Self.ignoresCase(pattern) ? [.caseInsensitive] : [])
        } catch {
            throw SearchQueryError(message: "Not a regular expression: \(pattern)")
        }
        self.init(text: text, pattern: pattern, regex: regex)
    }

    /// A search for `text` as it is (no `re:`).
    init(literal text: String) {
        self.init(text: text, pattern: text, regex: nil)
    }

    private init(text: String, pattern: String, regex: NSRegularExpression?) {
        self.text = text
        self.regex = regex
        ignoresCase = Self.ignoresCase(pattern)
        needle = ignoresCase ? pattern.lowercased() : pattern
        matchesPaths = pattern.contains(where: { "[].$".contains($0) })
        asciiNeedle = ASCIINeedle(needle, foldsCase: ignoresCase)
        let folds = ignoresCase
        regexFilter =
            regex == nil ? nil : RegexLiteral.required(in: pattern).flatMap { ASCIINeedle($0, foldsCase: folds) }
    }

    /// Smart case: a query without an upper-case letter ignores case.
    private static func ignoresCase(_ pattern: String) -> Bool {
        !pattern.contains(where: \.isUppercase)
    }

    /// The needle a search may look for in the raw text of lazily read JSON to pass over a
    /// container that cannot match (``JSONNode/textMayContain(_:foldingASCIICase:)``): the ASCII
    /// query, or the text every match of a regular expression contains, when the query is not
    /// matched against paths and that text has a character no number or boolean text has (their
    /// texts, `12.5`, `1e+20`, `-inf`, `nan`, `1`, differ from their JSON spelling).
    var rawTextFilter: ASCIINeedle? {
        guard !matchesPaths, let needle = regex == nil ? asciiNeedle : regexFilter else { return nil }
        let numberCharacters = Set("0123456789.+-einfa".utf8)
        return needle.bytes.contains(where: { !numberCharacters.contains($0) }) ? needle : nil
    }

    /// Whether the query finds nothing whatever it is given (empty).
    var isEmpty: Bool { needle.isEmpty }

    /// Whether `candidate` contains the query (or a match of the regular expression).
    func matches(_ candidate: String) -> Bool {
        if let regex = regex {
            if let filter = regexFilter, !filter.isFound(in: candidate) { return false }
            return regex.firstMatch(in: candidate, range: NSRange(candidate.startIndex..., in: candidate)) != nil
        }
        if let needle = asciiNeedle { return needle.isFound(in: candidate) }
        return (ignoresCase ? candidate.lowercased() : candidate).contains(needle)
    }

    /// The cell where the first match in `candidate` starts, if any.
    func firstCell(in candidate: String) -> Int? {
        if let filter = regex == nil ? asciiNeedle : regexFilter, !filter.isFound(in: candidate) { return nil }
        return ranges(in: candidate).first.map { TextWidth.of(String(candidate[..<$0.lowerBound])) }
    }

    /// Every match in `candidate`, as ranges of `candidate`.
    func ranges(in candidate: String) -> [Range<String.Index>] {
        if let regex = regex {
            let whole = NSRange(candidate.startIndex..., in: candidate)
            return regex.matches(in: candidate, range: whole).compactMap { Range($0.range, in: candidate) }
        }
        guard !needle.isEmpty else { return [] }
        let haystack = ignoresCase ? candidate.lowercased() : candidate
        // Lower-casing can change lengths (rarely); then only report whether it matched at the start.
        guard haystack.count == candidate.count else {
            return haystack.contains(needle) ? [candidate.startIndex..<candidate.startIndex] : []
        }
        var result: [Range<String.Index>] = []
        var searchStart = haystack.startIndex
        while let range = haystack.range(of: needle, range: searchStart..<haystack.endIndex) {
            let lower = haystack.distance(from: haystack.startIndex, to: range.lowerBound)
            let length = haystack.distance(from: range.lowerBound, to: range.upperBound)
            let start = candidate.index(candidate.startIndex, offsetBy: lower)
            result.append(start..<candidate.index(start, offsetBy: length))
            searchStart = range.upperBound
        }
        return result
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
