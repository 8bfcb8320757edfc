import MBMLEngine

/// What `y` and `Y` copy from the results pane and from the full value of a result or a node: JSON
/// (the tagged encoding of `mbml eval`), whatever the value — a string is a JSON string.
struct ResultCopy: Equatable {
    /// The expression that gave the value (nil: none reaches it).
    var expression: String?
    /// The context it was evaluated in (nil for a tree node, read as an object).
    var context: ExpressionContext?
    var result: ContextResult

    /// `y`: the value as JSON (`null` when there is none, `{"error": "…"}` for an error).
    var valueJSON: String {
        JSONCodec.encode(valueField)
    }

    /// `Y`: the expression and its result as one line of an expectation file, which `mbml check`
    /// reads (and the pins load): `{"id":"$n","context":"number","expr":"$n","expect":5}`; an
    /// error is `"expectError":true`, no value `"expect":null`.
    var expressionJSON: String? {
        guard let expression else { return nil }
        let expected: Expectation.Outcome
        switch result {
        case .value: expected = .value(contextValue ?? .null)
        case .noValue: expected = .value(.null)
        case .error: expected = .error
        }
        return Expectation(id: expression, context: context ?? .object, expression: expression, expected: expected)
            .jsonLine
    }

    /// The value as the context gives it: the string context's result is text (the object
    /// context's value as text, as the results row shows it).
    private var contextValue: Value? {
        guard case .value(let value) = result else { return nil }
        guard context == .string else { return value }
        if case .string = value { return value }
        return .string(value.text)
    }

    private var valueField: Value {
        switch result {
        case .value: return contextValue ?? .null
        case .noValue: return .null
        case .error(let error): return .dictionary(["error": .string(error.loggedDescription)])
        }
    }

    /// Whether the copy would pass the clipboard's limit.
    func exceeds(_ limit: Int) -> Bool {
        guard case .value(let value) = result else { return false }
        return JSONSize.exceeds(value, limit: limit)
    }
}

extension Reducer {
    /// The copy of the result selected in the results pane.
    static func selectedResultCopy(_ state: InspectorState) -> ResultCopy? {
        let context = state.results.selected
        guard let result = state.results.shown[context], !state.results.shownText.isEmpty else { return nil }
        return ResultCopy(expression: state.results.shownText, context: context, result: result)
    }

    /// `y` / `Y` on a result: puts its JSON on the clipboard (OSC 52) and says what was sent.
    /// - Returns: the message for the status line (or the viewer's frame).
    static func copyResult(
        _ copy: ResultCopy?, withExpression: Bool, effects: inout [InspectorEffect]
    ) -> String {
        guard let copy else { return "No result to copy" }
        if copy.exceeds(clipboardLimit) {
            return "The value is over 1 MiB: too big for the clipboard (OSC 52)"
        }
        let text: String
        if withExpression {
            guard let json = copy.expressionJSON else { return "No MBML expression reaches this value" }
            text = json
        } else {
            text = copy.valueJSON
        }
        effects.append(.outside(.copyToClipboard(text)))
        let count = text.count == 1 ? "1 character" : "\(text.count) characters"
        let what = withExpression ? "the expression and its value" : "the value"
        return
            "Sent \(count) of JSON (\(what)) via OSC 52 — the terminal must allow clipboard access (tmux: set -g set-clipboard on)"
    }
}
