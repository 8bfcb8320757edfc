import Foundation

extension Environment {
    /// Evaluates `prepared` once in `context`, as ``trace(_:context:textLimit:within:)`` does, and
    /// returns its steps in evaluation order (``ExpressionSteps``). The log keeps at most `limit`
    /// events; the evaluation is part of `evaluation` (nil: a new job under this environment's
    /// limits), bounded in time and memory like any other.
    public func steps(
        _ prepared: PreparedExpression, context: ExpressionContext,
        limit: Int = ExpressionSteps.defaultLimit, within evaluation: Evaluation? = nil
    ) -> ExpressionSteps {
        let log = StepLog(limit: limit)
        let sites = StepSites()
        let trace = self.trace(
            prepared, context: context, textLimit: nil, within: evaluation, steps: log, sites: sites)
        var builder = StepBuilder(expression: trace.expression, sites: sites)
        for event in log.events { builder.add(event) }
        let steps = builder.finish(result: trace.result, topLevelCount: trace.nodes.count)
        return ExpressionSteps(trace: trace, steps: steps, limit: log.limit, isCut: log.isCut)
    }

    /// Prepares `expression` and lists its steps in `context`.
    public func steps(
        _ expression: String, context: ExpressionContext,
        limit: Int = ExpressionSteps.defaultLimit, within evaluation: Evaluation? = nil
    ) -> ExpressionSteps {
        steps(prepare(expression, contexts: [context]), context: context, limit: limit, within: evaluation)
    }
}

/// Where each traced token of a step-by-step trace is shown in the top-level expression, noted while
/// the trace tree is built: an operator spans its operands, other tokens their own text.
final class StepSites {
    private(set) var spans: [StepLog.Site: SourceRange] = [:]
    /// The range of each site's own token (its node in the trace tree).
    private(set) var ranges: [StepLog.Site: SourceRange] = [:]

    func note(_ site: StepLog.Site, kind: Token.Kind, range: SourceRange, children: [TraceNode]) {
        guard spans[site] == nil else { return }
        ranges[site] = range
        var span = range
        if Self.spansOperands(kind) {
            for child in children {
                let start = min(span.location, child.range.location)
                let end = max(span.upperBound, child.range.upperBound)
                span = SourceRange(location: start, length: end - start)
            }
        }
        spans[site] = span
    }

    private static func spansOperands(_ kind: Token.Kind) -> Bool {
        switch kind {
        case .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .and, .or, .not,
            .addition, .subtraction, .multiplication, .division, .modulo:
            return true
        default:
            return false
        }
    }
}

/// Turns a step log's events into numbered steps: calls and iterations nest, each closed by the
/// call's result.
struct StepBuilder {
    let expression: String
    let sites: StepSites

    private struct Frame {
        let site: StepLog.Site
        let name: String
        let step: Int
        var iteration: Int?
        var iterations = 0
    }

    private var steps: [EvaluationStep] = []
    /// `end` of each call and iteration step, set when it closes.
    private var ends: [Int: Int] = [:]
    private var frames: [Frame] = []
    /// The last token event's recorder and outcome: a parameter whose result is the value of the
    /// token just shown is not shown twice.
    private var lastToken: (recorder: ObjectIdentifier, outcome: TraceOutcome)?

    init(expression: String, sites: StepSites) {
        self.expression = expression
        self.sites = sites
    }

    private var depth: Int {
        frames.reduce(0) { $0 + 1 + ($1.iteration == nil ? 0 : 1) }
    }

    mutating func add(_ event: StepLog.Event) {
        switch event {
        case .callStarted(let site, let name, let arguments):
            lastToken = nil
            let range = sites.spans[site]
            append(
                .call(name: name, arguments: arguments), text: text(range, or: "^" + name), kind: .functionCall,
                range: range, node: sites.ranges[site], outcome: nil)
            frames.append(Frame(site: site, name: name, step: steps.count - 1))
        case .iteration(let bindings):
            lastToken = nil
            guard var frame = frames.popLast() else { return }
            if let open = frame.iteration { ends[open] = steps.count }
            frame.iterations += 1
            // `$root` / `$rootKey` repeat `$item` / `$key` at the first level: shown once.
            let shown = bindings.filter { name, value in
                let twin = name == "root" ? "item" : name == "rootKey" ? "key" : nil
                return !bindings.contains { $0.0 == twin && $0.1 == value }
            }
            frames.append(frame)
            frames[frames.count - 1].iteration = nil
            append(
                .iteration(
                    function: frame.name, number: frame.iterations,
                    bindings: shown.map { EvaluationStep.Binding(name: $0.0, value: $0.1) }),
                text: "^" + frame.name, kind: .functionCall, range: sites.spans[frame.site],
                node: sites.ranges[frame.site], outcome: nil)
            frames[frames.count - 1].iteration = steps.count - 1
        case .token(let site, let anchor, let kind, let label, let outcome):
            if kind == .functionCall, let frame = frames.last, frame.site == site {
                frames.removeLast()
                if let open = frame.iteration { ends[open] = steps.count }
                ends[frame.step] = steps.count
            }
            lastToken = (site.recorder, outcome)
            guard !Self.isConstant(kind) else { return }
            var range = sites.spans[site]
            if let anchor, let start = sites.spans[anchor], let end = range {
                range = SourceRange(location: start.location, length: max(end.upperBound - start.location, 0))
            }
            append(
                .value, text: text(range, or: label), kind: kind, range: range, node: sites.ranges[site],
                outcome: outcome)
        case .expressionResult(let site, let label, let outcome):
            defer { lastToken = nil }
            if let last = lastToken, last.recorder == site.recorder, last.outcome == outcome { return }
            let range = sites.spans[site]
            append(.parameter, text: label, kind: .parameterGroup, range: range, node: range, outcome: outcome)
        }
    }

    /// The steps, closing what is still open, with the whole expression's result last unless the
    /// last step already is it.
    mutating func finish(result: TraceOutcome, topLevelCount: Int) -> [EvaluationStep] {
        while let frame = frames.popLast() {
            if let open = frame.iteration { ends[open] = steps.count }
            ends[frame.step] = steps.count
        }
        let last = steps.last
        let lastIsResult = topLevelCount == 1 && last?.depth == 0 && last?.outcome == result
        if !lastIsResult {
            append(
                .result, text: expression, kind: nil,
                range: SourceRange(location: 0, length: expression.utf16.count), node: nil, outcome: result)
        }
        return steps.enumerated().map { index, step in
            guard let end = ends[index] else { return step }
            return EvaluationStep(
                kind: step.kind, text: step.text, tokenKind: step.tokenKind, range: step.range,
                nodeRange: step.nodeRange, outcome: step.outcome, depth: step.depth, end: end,
                enclosingCall: step.enclosingCall,
                enclosingIteration: step.enclosingIteration)
        }
    }

    private mutating func append(
        _ kind: EvaluationStep.Kind, text: String, kind tokenKind: Token.Kind?, range: SourceRange?,
        node: SourceRange?, outcome: TraceOutcome?
    ) {
        let index = steps.count
        let call = frames.last?.step
        let iteration = frames.last { $0.iteration != nil }?.iteration
        steps.append(
            EvaluationStep(
                kind: kind, text: text, tokenKind: tokenKind, range: range, nodeRange: node, outcome: outcome,
                depth: depth,
                end: index + 1, enclosingCall: call, enclosingIteration: iteration))
    }

    /// The source text at `range` of the top-level expression, or `fallback`.
    private func text(_ range: SourceRange?, or fallback: String) -> String {
        guard let range, range.length > 0 else { return fallback }
        let units = expression.utf16
        guard range.location >= 0, range.upperBound <= units.count,
            let start = units.index(units.startIndex, offsetBy: range.location, limitedBy: units.endIndex),
            let end = units.index(start, offsetBy: range.length, limitedBy: units.endIndex)
        else { return fallback }
        return String(Substring(units[start..<end]))
    }

    /// Tokens whose value is their own text: not steps of their own.
    private static func isConstant(_ kind: Token.Kind) -> Bool {
        kind == .literal || kind == .numericLiteral || kind == .escapeSequence
    }
}
