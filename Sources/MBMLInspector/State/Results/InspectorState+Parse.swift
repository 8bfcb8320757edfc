import MBMLEngine

/// Questions about the editor's text answered from its one parse, ``InspectorState/parse``.
extension InspectorState {
    /// The parse of the text in the editor now; nil until that text was parsed.
    var currentParse: PreparedExpression? {
        guard let parse, parse.text == editor.text else { return nil }
        return parse
    }

    /// The syntax error of the last parsed text in `context`: the text is invalid there, and the
    /// context's row keeps its last good result, dimmed.
    func parseError(in context: ExpressionContext) -> ExpressionError? {
        parse?.parseError(in: context)
    }

    /// Whether the last parsed text does not parse in `context`.
    func isInvalid(_ context: ExpressionContext) -> Bool {
        parseError(in: context) != nil
    }

    /// The contexts in which the last parsed text does not parse, in pane order.
    var invalidContexts: [ExpressionContext] {
        ExpressionContext.allCases.filter(isInvalid)
    }

    /// The syntax error the editor points at, with every context it concerns: the first
    /// failing context's error, in pane order; nil when the text in the editor parses everywhere
    /// (or was not parsed yet).
    var parseProblem: (contexts: [ExpressionContext], error: ExpressionError)? {
        guard let parse = currentParse else { return nil }
        let failing = ExpressionContext.allCases.filter { parse.parseError(in: $0) != nil }
        guard let first = failing.first, let error = parse.parseError(in: first) else { return nil }
        return (failing, error)
    }
}
