import Foundation

/// Explains how a result differs from an expected value, for reports.
///
/// * Two strings with more than one line: a **line diff**, each line prefixed `- ` (expected only),
///   `+ ` (actual only) or two spaces (both), runs of more than three unchanged lines shortened to `…`.
/// * Two one-line strings: where they first differ.
/// * Arrays, dictionaries and sets: a **path diff**, one line per difference, each naming the path
///   from the top (`[2].name`, `.tags`): `expected X, got Y`, `missing X`, `unexpected X`.
/// * Anything else: nothing (the expected and actual values say it all).
public enum ValueDiff {
    /// Most difference lines a path diff lists before `… and N more`.
    public static let maximumPathLines = 20

    /// The difference lines of `actual` against `expected` under `match` (empty when they match or
    /// when a diff would add nothing).
    public static func lines(expected: Value?, actual: Value?, match: Expectation.Match = .exact) -> [String] {
        (try? lines(expected: expected, actual: actual, match: match, isCancelled: { false })) ?? []
    }

    /// ``lines(expected:actual:match:)`` that asks `isCancelled` as it goes.
    /// - Throws: ``ComparisonInterrupted`` once `isCancelled` returns true.
    static func lines(
        expected: Value?, actual: Value?, match: Expectation.Match, isCancelled: @escaping () -> Bool
    ) throws -> [String] {
        if try ValueMatcher.matches(expected, actual, match: match, isCancelled: isCancelled) { return [] }
        switch (expected, actual) {
        case (.string(let a)?, .string(let b)?):
            if a.contains("\n") || b.contains("\n") {
                return LineDiff.lines(expected: lines(of: a), actual: lines(of: b))
            }
            return [firstDifference(a, b)]
        case (let a?, let b?) where isStructure(a) || isStructure(b):
            var output: [String] = []
            var diff = PathDiff(comparer: ValueComparer(match: match, isCancelled: isCancelled))
            try diff.walk(a, b, path: "", into: &output)
            if output.count > maximumPathLines {
                let more = output.count - maximumPathLines
                output = Array(output.prefix(maximumPathLines)) + ["… and \(more) more"]
            }
            return output
        default:
            return []
        }
    }

    private static func isStructure(_ value: Value) -> Bool {
        switch value {
        case .array, .dictionary, .set: return true
        default: return false
        }
    }

    private static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private static func firstDifference(_ a: String, _ b: String) -> String {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        var index = 0
        while index < x.count, index < y.count, x[index] == y[index] { index += 1 }
        return "strings differ from character \(index + 1) on: expected " + excerpt(x, from: index)
            + ", got " + excerpt(y, from: index)
    }

    private static func excerpt(_ scalars: [Unicode.Scalar], from index: Int) -> String {
        guard index < scalars.count else { return "the end" }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[index..<min(scalars.count, index + 20)])
        return JSONCodec.quoted(String(text)) + (scalars.count > index + 20 ? "…" : "")
    }
}

/// Walks two structures side by side and lists where they differ.
private struct PathDiff {
    var comparer: ValueComparer

    mutating func walk(_ expected: Value, _ actual: Value, path: String, into output: inout [String]) throws {
        if try comparer.equal(expected, actual) { return }
        let at = path.isEmpty ? "top" : path
        switch (expected, actual) {
        case (.dictionary(let a), .dictionary(let b)):
            for (key, value) in a {
                let keyPath = path + Self.component(key)
                if let other = b[key] {
                    try walk(value, other, path: keyPath, into: &output)
                } else {
                    output.append("\(keyPath): missing \(Self.show(value))")
                }
            }
            for (key, value) in b where a[key] == nil {
                output.append("\(path + Self.component(key)): unexpected \(Self.show(value))")
            }
        case (.array(let a), .array(let b)) where comparer.match != .set:
            for index in 0..<max(a.count, b.count) {
                let elementPath = path + "[\(index)]"
                if index >= b.count {
                    output.append("\(elementPath): missing \(Self.show(a[index]))")
                } else if index >= a.count {
                    output.append("\(elementPath): unexpected \(Self.show(b[index]))")
                } else {
                    try walk(a[index], b[index], path: elementPath, into: &output)
                }
            }
        case (.set(let a), .set(let b)), (.set(let a), .array(let b)), (.array(let a), .array(let b)),
            (.array(let a), .set(let b)):
            let before = output.count
            try memberDifferences(a, b, at: at, into: &output)
            if output.count == before {
                output.append(
                    "\(at): expected \(EncodedKind(of: expected).withArticle), got \(EncodedKind(of: actual).withArticle)"
                )
            }
        default:
            output.append("\(at): expected \(Self.show(expected)), got \(Self.show(actual))")
        }
    }

    /// Members of `a` not matched in `b` and the other way round (as multisets).
    private mutating func memberDifferences(_ a: ValueArray, _ b: ValueArray, at: String, into output: inout [String])
        throws
    {
        var inner = comparer.memberComparer
        let matching = try MultisetMatching(
            expected: Array(a), actual: Array(b), comparer: &inner, stopsAtFirstMismatch: false)
        for index in matching.unmatchedExpected {
            output.append("\(at): missing member \(Self.show(a[index]))")
        }
        for index in matching.unmatchedActual {
            output.append("\(at): unexpected member \(Self.show(b[index]))")
        }
    }

    static func component(_ key: String) -> String {
        let plain =
            !key.isEmpty && key.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "_" }
        return plain ? "." + key : "[" + JSONCodec.quoted(key) + "]"
    }

    static func show(_ value: Value) -> String {
        ExpectationChecker.short(value, limit: 80)
    }
}

/// A line diff by longest common subsequence.
enum LineDiff {
    /// Above this many line pairs the diff only lists the lines after the common head and tail.
    static let maximumCells = 4_000_000
    /// Unchanged lines kept around each change.
    static let context = 3

    static func lines(expected a: [String], actual b: [String]) -> [String] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
            a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)]), y = Array(b[prefix..<(b.count - suffix)])
        var edits: [(Character, String)] = a[..<prefix].map { (" ", $0) }
        if x.count * y.count > maximumCells {
            edits += x.map { ("-", $0) } + y.map { ("+", $0) }
        } else {
            edits += middle(x, y)
        }
        edits += a[(a.count - suffix)...].map { (" ", $0) }
        return shortened(edits)
    }

    private static func middle(_ x: [String], _ y: [String]) -> [(Character, String)] {
        let n = x.count, m = y.count
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var edits: [(Character, String)] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, x[i] == y[j] {
                edits.append((" ", x[i])); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                edits.append(("-", x[i])); i += 1
            } else {
                edits.append(("+", y[j])); j += 1
            }
        }
        return edits
    }

    /// Prefixes each line and replaces unchanged runs far from any change with `…`.
    private static func shortened(_ edits: [(Character, String)]) -> [String] {
        let changed = edits.indices.filter { edits[$0].0 != " " }
        var keep = [Bool](repeating: false, count: edits.count)
        for index in changed {
            for near in max(0, index - context)...min(edits.count - 1, index + context) { keep[near] = true }
        }
        var output: [String] = []
        var elided = false
        for (index, edit) in edits.enumerated() {
            if keep[index] {
                output.append("\(edit.0) \(edit.1)")
                elided = false
            } else if !elided {
                output.append("…")
                elided = true
            }
        }
        return output
    }
}
