import Foundation

extension Environment {
    /// Findings about valid but probably mistaken input in `prepared` as evaluated in `context`:
    /// constructs that never close, lower-case operator keywords, `=` for `==`, math operators without
    /// spaces, undefined variables and functions (with the nearest names), `.count` on a dictionary,
    /// `$`/`^` in regular expressions. Sorted by position.
    ///
    /// - Parameters:
    ///   - prepared: the expression, parsed.
    ///   - context: the context it is evaluated in.
    ///   - trace: the trace of `prepared` in `context`, if the caller has one; otherwise the
    ///     expression is traced (evaluated once) here. Hints about references read the trace.
    ///   - evaluation: the job the trace runs in; nil makes one under the environment's options.
    public func hints(
        for prepared: PreparedExpression, context: ExpressionContext,
        trace: ExpressionTrace? = nil, within evaluation: Evaluation? = nil
    ) -> [Hint] {
        let trace = trace ?? self.trace(prepared, context: context, within: evaluation)
        let finder = HintFinder(
            environment: self, text: prepared.text, context: context, trace: trace, evaluation: evaluation)
        return finder.all()
    }

    /// Prepares `expression` and returns its hints in `context` (evaluating it once).
    public func hints(
        for expression: String, context: ExpressionContext, within evaluation: Evaluation? = nil
    ) -> [Hint] {
        hints(for: prepare(expression, contexts: [context]), context: context, within: evaluation)
    }
}

/// Finds the hints of one expression: text patterns first, then what the trace says about references.
/// The text is read through ``SyntaxUnits`` (escapes, constructs that never close) and the trace's
/// token tree (references, math), never with lexical rules of its own.
struct HintFinder {
    let environment: Environment
    let text: String
    let context: ExpressionContext
    let trace: ExpressionTrace
    /// The job the hints are for: the names it binds (a host's bindings) are defined.
    let evaluation: Evaluation?
    let syntax: SyntaxUnits
    var units: [UInt16] { syntax.units }

    init(
        environment: Environment, text: String, context: ExpressionContext, trace: ExpressionTrace,
        evaluation: Evaluation? = nil
    ) {
        self.environment = environment
        self.evaluation = evaluation
        self.text = text
        self.context = context
        self.trace = trace
        self.syntax = SyntaxUnits(text)
    }

    func all() -> [Hint] {
        var hints = unclosedConstructs() + lowercaseOperators() + singleEquals() + mathOperatorSpacing()
        hints += HintFinder.References(finder: self).all()
        return hints.sorted { ($0.range.location, $0.code.rawValue) < ($1.range.location, $1.code.rawValue) }
    }

    func slice(_ start: Int, _ end: Int) -> String {
        let lower = max(0, min(start, units.count)), upper = max(lower, min(end, units.count))
        return String(decoding: units[lower..<upper], as: UTF16.self)
    }

    func slice(_ range: SourceRange) -> String {
        slice(range.location, range.upperBound)
    }

    // MARK: unclosed-construct

    private func unclosedConstructs() -> [Hint] {
        syntax.unclosedOpeners.map { opener in
            let closer = syntax.closer(of: opener.bracket)
            let opening = slice(opener.start, opener.bracket + 1)
            return Hint(
                code: .unclosedConstruct,
                range: SourceRange(location: opener.start, length: units.count - opener.start),
                message: "\(opening) never closes, so it is literal text: add \(closer)",
                replacement: slice(opener.start, units.count) + closer)
        }
    }

    // MARK: lowercase-operator

    private static let operatorKeywords: Set<String> = ["EQ", "NE", "LT", "LTE", "GT", "GTE", "AND", "OR"]

    private func lowercaseOperators() -> [Hint] {
        var hints: [Hint] = []
        for index in syntax.unescapedOffsets where units[index] == CodeUnit.minus {
            guard index == 0 || isSpace(units[index - 1]) else { continue }
            var end = index + 1
            while end < units.count, isLetter(units[end]) { end += 1 }
            guard end == units.count || isSpace(units[end]) || units[end] == CodeUnit.closeParen else { continue }
            let word = slice(index + 1, end)
            let upper = word.uppercased()
            guard word != upper, HintFinder.operatorKeywords.contains(upper) else { continue }
            let kind = upper == "AND" || upper == "OR" ? "operators" : "comparisons"
            hints.append(
                Hint(
                    code: .lowercaseOperator, range: SourceRange(location: index, length: end - index),
                    message: "-\(word) is text here; \(kind) are upper case: -\(upper)",
                    replacement: "-" + upper))
        }
        return hints
    }

    // MARK: single-equals

    /// Where references end (a variable with its subreferences, a call with its parentheses).
    private var referenceEnds: Set<Int> {
        var ends = Set<Int>()
        for node in trace.allNodes where node.kind == .variableReference || node.kind == .functionCall {
            let subreferences = node.children.filter { $0.kind == .subreference }
            ends.insert(max(node.range.upperBound, subreferences.map(\.range.upperBound).max() ?? 0))
        }
        return ends
    }

    private func singleEquals() -> [Hint] {
        var hints: [Hint] = []
        let ends = context == .boolean ? [] : referenceEnds
        let operatorNeighbours: Set<UInt16> = [CodeUnit.equals, CodeUnit.bang, CodeUnit.less, CodeUnit.greater]
        for index in syntax.unescapedOffsets where units[index] == CodeUnit.equals {
            if index > 0, operatorNeighbours.contains(units[index - 1]) { continue }
            if index + 1 < units.count,
                operatorNeighbours.contains(units[index + 1]) && units[index + 1] != CodeUnit.bang
            {
                continue
            }
            if context != .boolean {
                // Outside a test, `=` is ordinary text unless it follows a reference (`$x = 3`).
                var start = index
                while start > 0, isSpace(units[start - 1]) { start -= 1 }
                guard ends.contains(start) else { continue }
            }
            hints.append(
                Hint(
                    code: .singleEquals, range: SourceRange(location: index, length: 1),
                    message: "= is not a comparison; write == (or -EQ) and evaluate as a boolean",
                    replacement: "=="))
        }
        return hints
    }

    // MARK: math-operator-spacing

    /// The math parts of the expression: the whole text in the number context, `#( )` insides, and
    /// parameters of math functions.
    private var mathRegions: [SourceRange] {
        var regions: [SourceRange] = []
        if context == .number { regions.append(SourceRange(location: 0, length: units.count)) }
        for node in trace.allNodes {
            if node.kind == .mathExpression, node.range.length >= 3 {
                regions.append(SourceRange(location: node.range.location + 2, length: node.range.length - 3))
            } else if node.kind == .parameterGroup, node.parameterContext == .number {
                regions.append(node.range)
            }
        }
        return regions
    }

    private func mathOperatorSpacing() -> [Hint] {
        var hints: [Hint] = []
        var seen = Set<Int>()
        for region in mathRegions {
            let end = min(region.upperBound, units.count)
            var index = max(region.location, 0) + 1
            while index < end - 1 {
                defer { index += 1 }
                let unit = units[index]
                guard unit == CodeUnit.plus || unit == CodeUnit.minus, !seen.contains(index) else { continue }
                let before = units[index - 1], after = units[index + 1]
                guard isOperandEnd(before), CodeUnit.isDigit(after) || after == CodeUnit.dot else { continue }
                seen.insert(index)
                var left = index - 1
                while left > region.location, isOperandEnd(units[left - 1]) { left -= 1 }
                if left > region.location, syntax.startsNamedReference(at: left - 1) { left -= 1 }
                var right = index + 1
                while right < end, CodeUnit.isDigit(units[right]) || units[right] == CodeUnit.dot { right += 1 }
                let symbol = slice(index, index + 1)
                hints.append(
                    Hint(
                        code: .mathOperatorSpacing, range: SourceRange(location: left, length: right - left),
                        message: "without spaces \(symbol)\(slice(index + 1, right)) is a signed number, "
                            + "not \(symbol == "+" ? "an addition" : "a subtraction"): put spaces around \(symbol)",
                        replacement: slice(left, index) + " \(symbol) " + slice(index + 1, right)))
            }
        }
        return hints
    }

    private func isOperandEnd(_ unit: UInt16) -> Bool {
        CodeUnit.isDigit(unit) || CodeUnit.isIdentifierStart(unit) || unit == CodeUnit.closeParen
            || unit == CodeUnit.closeSquare || unit == CodeUnit.dot
    }

    func isSpace(_ unit: UInt16) -> Bool {
        CodeUnit.isWhitespace(unit)
    }

    private func isLetter(_ unit: UInt16) -> Bool {
        (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A)
    }
}
