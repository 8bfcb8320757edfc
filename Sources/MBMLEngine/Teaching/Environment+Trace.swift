import Foundation

extension Environment {
    /// Evaluates `prepared` once in `context` and returns what each token produced: a tree that
    /// mirrors the context's token tree, each node with its value, its error, or why it was not
    /// evaluated. Parameters of functions that evaluate them themselves (`pipedExpressions`, such as
    /// `^filter`, `^if`, `^list`) are shown parsed in the context the function evaluated them in.
    ///
    /// Evaluation errors do not throw: they are the trace's ``ExpressionTrace/result``. With a
    /// `textLimit`, text results are built as ``evaluatePreview(_:in:limit:within:)`` builds them.
    /// The evaluation is part of `evaluation` (nil: a new job under this environment's limits).
    public func trace(
        _ prepared: PreparedExpression, context: ExpressionContext,
        textLimit: Int? = nil, within evaluation: Evaluation? = nil
    ) -> ExpressionTrace {
        trace(prepared, context: context, textLimit: textLimit, within: evaluation, steps: nil, sites: nil)
    }

    /// ``trace(_:context:textLimit:within:)`` noting the evaluation's events in `steps` and where
    /// each traced token is shown in `sites`.
    func trace(
        _ prepared: PreparedExpression, context: ExpressionContext, textLimit: Int?, within evaluation: Evaluation?,
        steps: StepLog?, sites: StepSites?
    ) -> ExpressionTrace {
        let recorder = TraceRecorder(steps: steps)
        var result: TraceOutcome
        var isTruncated = false
        do {
            let evaluated = try evaluate(
                prepared, in: context, textLimit: textLimit, recorder: recorder,
                within: evaluation ?? makeEvaluation())
            result = .value(evaluated.value)
            isTruncated = evaluated.isTruncated
        } catch {
            result = .error(TraceOutcome.expressionError(error, in: prepared.text))
        }
        if context == .boolean, case .value(let value) = result {
            result = .value(value ?? .boolean(false))
        }
        let parsed = prepared.parse(in: context) ?? prepare(prepared.text, contexts: [context]).parse(in: context)
        let tokens = (try? parsed?.get()) ?? []
        let builder = TraceTreeBuilder(environment: self, sites: sites)
        var inherited: NotEvaluatedReason?
        if prepared.text.isEmpty || recorder.usedConstantShortcut {
            inherited = .constantText
        } else if context == .boolean, tokens.count > 1, case .error = result {
            inherited = .severalValues
        }
        let nodes = builder.nodes(
            for: tokens, recorder: recorder, map: RangeMap(), inherited: inherited,
            insideParameter: false)
        return ExpressionTrace(
            expression: prepared.text, context: context, nodes: nodes, result: result,
            isTruncated: isTruncated, usedConstantShortcut: recorder.usedConstantShortcut)
    }

    /// Prepares and traces `expression` in `context`.
    public func trace(
        _ expression: String, context: ExpressionContext, within evaluation: Evaluation? = nil
    ) -> ExpressionTrace {
        trace(prepare(expression, contexts: [context]), context: context, within: evaluation)
    }
}

/// Maps ranges of a re-parsed parameter text (normalized as `pipedExpressions` functions receive it)
/// back into the top-level expression: piecewise, one piece per top-level token of the parameter.
struct RangeMap {
    private struct Piece {
        let start: Int
        let length: Int
        let target: Int
    }

    private var pieces: [Piece] = []

    /// The identity map.
    init() {}

    /// The map for the normalized text of `tokens`, whose ranges `outer` maps to the top level.
    init(normalizing tokens: [Token], outer: RangeMap) {
        var start = 0
        for token in tokens {
            let length = NormalizedSource.text(of: token).utf16.count
            pieces.append(Piece(start: start, length: length, target: outer.map(token.absoluteRange).location))
            start += length
        }
    }

    func map(_ range: SourceRange) -> SourceRange {
        guard !pieces.isEmpty else { return range }
        let piece = pieces.last(where: { $0.start <= range.location }) ?? pieces[0]
        let location = piece.target + max(range.location - piece.start, 0)
        return SourceRange(location: location, length: range.length)
    }
}

/// Builds trace nodes from token trees and what the recorders noted.
struct TraceTreeBuilder {
    let environment: Environment
    /// Filled, when given, with the span each traced token is shown at.
    var sites: StepSites? = nil

    func nodes(
        for tokens: [Token], recorder: TraceRecorder, map: RangeMap, inherited: NotEvaluatedReason?,
        insideParameter: Bool
    ) -> [TraceNode] {
        var reason = inherited
        return tokens.map { token in
            let node = self.node(
                for: token, recorder: recorder, map: map, inherited: reason,
                insideParameter: insideParameter)
            if reason == nil, case .error = node.outcome { reason = .afterFailure }
            return node
        }
    }

    private func node(
        for token: Token, recorder: TraceRecorder, map: RangeMap, inherited: NotEvaluatedReason?,
        insideParameter: Bool
    ) -> TraceNode {
        let entry = recorder.entry(for: token)
        let outcome = entry?.outcomes.first ?? .notEvaluated(inherited ?? .afterFailure)
        let childReason: NotEvaluatedReason?
        if case .notEvaluated(let reason) = outcome { childReason = reason } else { childReason = nil }
        let children: [TraceNode]
        switch token.kind {
        case .functionCall:
            children = callChildren(
                token, recorder: recorder, map: map, inherited: childReason,
                insideParameter: insideParameter)
        case .and, .or:
            children = operands(
                token, recorder: recorder, map: map, inherited: childReason,
                insideParameter: insideParameter)
        case .variableReference:
            children = subreferences(
                token.children, value: outcome, recorder: recorder, map: map,
                inherited: childReason, insideParameter: insideParameter)
        default:
            children = nodes(
                for: token.children, recorder: recorder, map: map, inherited: childReason,
                insideParameter: insideParameter)
        }
        sites?.note(recorder.site(of: token), kind: token.kind, range: map.map(token.absoluteRange), children: children)
        var name: String?
        var isKnown = false
        switch token.payload {
        case .variable(let variable, _): name = variable
        case .function(let function, let input): name = function; isKnown = input != nil
        default: break
        }
        return TraceNode(
            kind: token.kind, text: token.text, range: map.map(token.absoluteRange), parameterContext: nil,
            outcome: outcome, outcomes: entry?.outcomes ?? [outcome], evaluationCount: entry?.count ?? 0,
            children: children, receiver: recorder.receiver(of: token),
            isInsideFunctionParameter: insideParameter, name: name, isKnownFunction: isKnown)
    }

    /// `-AND`/`-OR`: a right side never evaluated after an evaluated left side was short-circuited.
    private func operands(
        _ token: Token, recorder: TraceRecorder, map: RangeMap, inherited: NotEvaluatedReason?,
        insideParameter: Bool
    ) -> [TraceNode] {
        guard inherited == nil, token.children.count == 2 else {
            return nodes(
                for: token.children, recorder: recorder, map: map, inherited: inherited,
                insideParameter: insideParameter)
        }
        let left = nodes(
            for: [token.children[0]], recorder: recorder, map: map, inherited: nil,
            insideParameter: insideParameter)
        let leftFailed = left.first.map { if case .error = $0.outcome { return true } else { return false } } ?? false
        let right = nodes(
            for: [token.children[1]], recorder: recorder, map: map,
            inherited: leftFailed ? .afterFailure : .shortCircuit(token.text), insideParameter: insideParameter)
        return left + right
    }

    /// Subreferences after one that produced nothing were skipped.
    private func subreferences(
        _ tokens: [Token], value: TraceOutcome, recorder: TraceRecorder, map: RangeMap,
        inherited: NotEvaluatedReason?, insideParameter: Bool
    ) -> [TraceNode] {
        var reason = inherited ?? .afterNoValue
        if case .error = value { reason = inherited ?? .afterFailure }
        return tokens.map { token in
            nodes(for: [token], recorder: recorder, map: map, inherited: reason, insideParameter: insideParameter)[0]
        }
    }

    /// A call's parameters: evaluated by the invoker (traced with the call's recorder), passed raw, or
    /// evaluated by the function itself (re-parsed in the context it used, traced with its recorder).
    private func callChildren(
        _ token: Token, recorder: TraceRecorder, map: RangeMap, inherited: NotEvaluatedReason?,
        insideParameter: Bool
    ) -> [TraceNode] {
        guard case .function(let name, let input?) = token.payload else {
            return nodes(
                for: token.children, recorder: recorder, map: map, inherited: inherited,
                insideParameter: insideParameter)
        }
        let capture = recorder.captures[TraceRecorder.Key(token)]
        return token.children.map { child in
            guard child.kind == .parameterGroup else {
                return nodes(
                    for: [child], recorder: recorder, map: map, inherited: inherited,
                    insideParameter: insideParameter)[0]
            }
            switch input {
            case .raw:
                return group(
                    child, context: nil, outcome: .notEvaluated(inherited ?? .rawParameter(name)),
                    children: nodes(
                        for: child.children, recorder: recorder, map: map,
                        inherited: inherited ?? .rawParameter(name), insideParameter: insideParameter),
                    map: map, insideParameter: insideParameter)
            case .pipedExpressions:
                return selfEvaluated(child, function: name, capture: capture, map: map, inherited: inherited)
            default:
                let entry = recorder.entry(for: child)
                let outcome = entry?.outcomes.first ?? .notEvaluated(inherited ?? .afterFailure)
                var reason: NotEvaluatedReason?
                if case .notEvaluated(let why) = outcome { reason = why }
                return group(
                    child, context: Self.context(of: input), outcome: outcome, entry: entry,
                    children: nodes(
                        for: child.children, recorder: recorder, map: map, inherited: reason,
                        insideParameter: insideParameter),
                    map: map, insideParameter: insideParameter)
            }
        }
    }

    /// A `pipedExpressions` parameter: the function received its normalized text and evaluated it (or
    /// not); show the tree of the context it used.
    private func selfEvaluated(
        _ group: Token, function: String, capture: EvaluationCapture?, map: RangeMap,
        inherited: NotEvaluatedReason?
    ) -> TraceNode {
        let text = NormalizedSource.text(of: group.children)
        guard inherited == nil, let evaluated = capture?.evaluated.first(where: { $0.expression == text }) else {
            let reason = inherited ?? .notUsedByFunction(function)
            return self.group(
                group, context: nil, outcome: .notEvaluated(reason),
                children: nodes(
                    for: group.children, recorder: TraceRecorder(), map: map, inherited: reason,
                    insideParameter: true),
                map: map, insideParameter: true)
        }
        let nested = evaluated.recorder
        let results = nested.results
        let outcome = results.outcomes.first ?? .notEvaluated(.afterFailure)
        sites?.note(nested.wholeSite, kind: .parameterGroup, range: map.map(group.absoluteRange), children: [])
        let inner = RangeMap(normalizing: group.children, outer: map)
        let children: [TraceNode]
        if nested.usedConstantShortcut {
            children = nodes(
                for: group.children, recorder: nested, map: map, inherited: .constantText,
                insideParameter: true)
        } else if let tokens = try? environment.parse(text, grammar: evaluated.context.grammar) {
            children = nodes(for: tokens, recorder: nested, map: inner, inherited: nil, insideParameter: true)
        } else {
            children = nodes(
                for: group.children, recorder: nested, map: map, inherited: .parseFailed,
                insideParameter: true)
        }
        return self.group(
            group, context: evaluated.context, outcome: outcome, entry: results, children: children,
            map: map, insideParameter: true)
    }

    private func group(
        _ token: Token, context: ExpressionContext?, outcome: TraceOutcome,
        entry: TraceRecorder.Entry? = nil, children: [TraceNode], map: RangeMap,
        insideParameter: Bool
    ) -> TraceNode {
        TraceNode(
            kind: .parameterGroup, text: token.text, range: map.map(token.absoluteRange),
            parameterContext: context, outcome: outcome, outcomes: entry?.outcomes ?? [outcome],
            evaluationCount: entry?.count ?? 0, children: children, receiver: nil,
            isInsideFunctionParameter: insideParameter, name: nil, isKnownFunction: false)
    }

    /// The context a parameter of `input` type is evaluated in before the call.
    static func context(of input: FunctionInputType) -> ExpressionContext? {
        switch input {
        case .none, .raw, .pipedExpressions: return nil
        case .object, .pipedObjects: return .object
        case .string, .pipedStrings: return .string
        case .math, .pipedMath: return .number
        }
    }
}
