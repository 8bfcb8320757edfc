import Foundation

/// What `/` in the variable tree looks for: text with smart case (case-insensitive unless the
/// query has an upper-case letter), or a regular expression after `re:` (same case rule).
/// Queries that look like paths (`cats[`, `.name`, `$x`) are also matched against each node's
/// path, written as in MBML (`$cats[1]`, `$catGenders.Duncan`).
struct SearchQuery: @unchecked Sendable {
    let text: String
    private let needle: String
    private let ignoresCase: Bool
    private let regex: NSRegularExpression?
    /// The needle's bytes when it is ASCII (then matching needs no lower-cased copy).
    private let asciiNeedle: [UInt8]?
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
        asciiNeedle = needle.utf8.allSatisfy { $0 < 0x80 } ? Array(needle.utf8) : nil
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
            return regex.firstMatch(in: candidate, range: NSRange(candidate.startIndex..., in: candidate)) != nil
        }
        if let bytes = asciiNeedle { return Self.contains(bytes, in: candidate, foldingCase: ignoresCase) }
        return (ignoresCase ? candidate.lowercased() : candidate).contains(needle)
    }

    /// Byte search for an ASCII needle (already lower-case when folding); other bytes of the
    /// candidate (parts of non-ASCII characters) never equal an ASCII byte.
    private static func contains(_ needle: [UInt8], in candidate: String, foldingCase: Bool) -> Bool {
        guard let first = needle.first else { return true }
        var candidate = candidate
        return candidate.withUTF8 { haystack in
            let count = needle.count
            guard haystack.count >= count else { return false }
            var start = 0
            while start <= haystack.count - count {
                if fold(haystack[start], foldingCase) == first {
                    var offset = 1
                    while offset < count, fold(haystack[start + offset], foldingCase) == needle[offset] { offset += 1 }
                    if offset == count { return true }
                }
                start += 1
            }
            return false
        }
    }

    @inline(__always)
    private static func fold(_ byte: UInt8, _ folding: Bool) -> UInt8 {
        folding && byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
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
