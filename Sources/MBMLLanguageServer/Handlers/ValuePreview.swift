import MBMLEngine

/// Values shown in hovers and completion details: as `mbml eval` prints them, evaluated as part of
/// the request's job (its ``EvaluationLimits``: the client's cancellation, a deadline, the memory
/// budget), so that a slow dynamic variable never stops the server, and written only as far as the
/// preview shows (a value huge as text is never encoded whole).
enum ValuePreview {
    /// The longest preview text.
    static let maximumLength = 2000

    /// The limits of one request: `seconds` from now (``LanguageServerLimits/answerSeconds``), the
    /// environment's memory budget, and `isCancelled` (the client's `$/cancelRequest`).
    static func limits(
        for environment: Environment, seconds: Double, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> EvaluationLimits {
        EvaluationLimits(options: environment.options, seconds: seconds, isCancelled: isCancelled)
    }

    /// The value of `expression` in the object context, as JSON, cut at `limit` characters; or the
    /// error.
    static func text(
        of expression: String, in environment: Environment, limits: EvaluationLimits, limit: Int = maximumLength
    ) -> String {
        do {
            let value = try environment.evaluate(expression, in: .object, limits: limits)
            return text(of: value, limit: limit)
        } catch {
            return "error: " + truncated(String(describing: error), to: limit)
        }
    }

    /// `value` as JSON, written no further than `limit` characters (with `…` when cut).
    static func text(of value: Value?, limit: Int) -> String {
        let (text, isTruncated) = JSONCodec.encode(value, limit: limit)
        return isTruncated || text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// The value of `expression`, or nil on an error or a stop.
    static func value(of expression: String, in environment: Environment, limits: EvaluationLimits) -> Value? {
        (try? environment.evaluate(expression, in: .object, limits: limits)) ?? nil
    }

    static func truncated(_ text: String, to limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
