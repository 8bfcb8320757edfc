/// Edit distance (optimal string alignment: Levenshtein plus adjacent transpositions), for
/// "did you mean" suggestions. Works on UTF-8 bytes with ASCII letters compared case-insensitively,
/// so that scanning a hundred thousand names stays cheap.
public enum EditDistance {
    /// The number of single-character insertions, deletions, substitutions and swaps of neighbours
    /// turning `a` into `b`; nil once it exceeds `limit` (so long names cost little).
    static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        distance(Array(a.utf8), Array(b.utf8), limit: limit)
    }

    /// The candidates nearest to `name` (at most `count`, closest first, then alphabetical), within an
    /// edit distance of a third of the name's length (at least 1, at most 3).
    public static func nearest(to name: String, in candidates: [String], count: Int = 3) -> [String] {
        let limit = min(max(name.count / 3, 1), 3)
        let target = Array(name.utf8)
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates where candidate != name && abs(candidate.utf8.count - target.count) <= limit {
            if let distance = distance(target, Array(candidate.utf8), limit: limit) {
                scored.append((distance, candidate))
            }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.prefix(count).map(\.name)
    }

    private static func distance(_ x: [UInt8], _ y: [UInt8], limit: Int) -> Int? {
        if abs(x.count - y.count) > limit { return nil }
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) <= limit ? max(x.count, y.count) : nil }
        var beforePrevious = Array(repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = Array(repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...y.count {
                let substitution = previous[j - 1] + (same(x[i - 1], y[j - 1]) ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, same(x[i - 1], y[j - 2]), same(x[i - 2], y[j - 1]) {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[y.count] <= limit ? previous[y.count] : nil
    }

    /// Equal bytes, ASCII letters ignoring case.
    private static func same(_ a: UInt8, _ b: UInt8) -> Bool {
        a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 0x61 && (a | 0x20) <= 0x7A)
    }
}
