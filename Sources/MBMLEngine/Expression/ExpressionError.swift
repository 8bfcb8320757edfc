/// A failure while parsing or evaluating an MBML expression (<doc:ExpressionSyntax>).
///
/// It carries the message, the kind (which decides the log prefix), and where it happened: the
/// offending token's text and its range in UTF-16 code units of the *top-level* expression, so a
/// caller can draw a caret under it.
public struct ExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is; decides the prefix of ``loggedDescription``.
    public enum Kind: String, Sendable {
        case syntax, evaluation, function, generic
    }

    public var kind: Kind
    public var message: String
    /// The expression given to the entry point.
    public var expression: String
    /// The offending range in UTF-16 code units of ``expression``, if known.
    public var range: SourceRange?
    /// The offending token's source text, if known.
    public var tokenText: String?
    /// The host-set limit the failure hit, if any: the host adds how to change it (the engine's
    /// messages name no host's options).
    public var limit: EngineLimit?

    public init(
        _ kind: Kind, _ message: String, expression: String = "", range: SourceRange? = nil,
        tokenText: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.expression = expression
        self.range = range
        self.tokenText = tokenText
    }

    /// Any error an evaluation threw, as an expression error about `expression`: the error itself
    /// when it is one, else its description (a stop: the deadline, the memory budget, a cancellation).
    public init(_ error: any Error, expression: String) {
        if let failure = error as? ExpressionError {
            self = failure
        } else {
            self.init(.generic, String(describing: error), expression: expression)
        }
    }

    public var description: String { message }

    /// The error's first line: the kind's prefix and the message (`Syntax error: …`,
    /// `Evaluation error: …`, `Execution error: …`). Every place that shows an error headline uses it.
    public var headline: String {
        switch kind {
        case .syntax: return "Syntax error: " + message
        case .evaluation: return "Evaluation error: " + message
        case .function: return "Execution error: " + message
        case .generic: return message
        }
    }

    /// The original's log form: `<prefix><message>; offending clause: "<token>" in expression: "<expr>"`.
    public var loggedDescription: String {
        var text = headline
        if let token = tokenText, token != expression {
            text +=
                "; offending clause: \"\(Self.abbreviated(token))\" in expression: \"\(Self.abbreviated(expression))\""
        } else if !expression.isEmpty {
            text += "; offending expression: \"\(Self.abbreviated(expression))\""
        }
        return text
    }

    /// Long clauses (a megabyte of generated text) are cut to their first 200 characters in messages.
    static func abbreviated(_ text: String) -> String {
        guard text.utf8.count > 200 else { return text }
        let head = text.prefix(200)
        return head.count < text.count ? head + "…" : text
    }
}

/// A half-open range in UTF-16 code units, printed as the original prints it: `{location, length}`.
public struct SourceRange: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var location: Int
    public var length: Int

    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    public var upperBound: Int { location + length }

    /// The same range moved by `offset` code units.
    public func shifted(by offset: Int) -> SourceRange {
        SourceRange(location: location + offset, length: length)
    }

    public var description: String { "{\(location), \(length)}" }
}
