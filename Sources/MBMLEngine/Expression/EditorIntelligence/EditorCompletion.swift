/// One completion candidate: what a menu lists and what choosing it writes.
public struct EditorCompletion: Equatable, Sendable {
    /// What the candidate is.
    public enum Kind: Equatable, Sendable {
        case function, variable, key, index, property
    }

    /// The name, key, index or property, as a menu lists it.
    public var label: String
    public var kind: Kind
    /// The text that replaces the characters from ``replacementStart`` to the position completed
    /// (`cats`, `[Barrett Test]`, `join(`, `Duncan]`): the path spelled for the form being typed.
    public var insertText: String
    /// Where the replaced characters start: just after the sigil, `.` or `[` when the typed form is
    /// kept, at the `$` or `.` when the form changes (`$Bar|` → `$[Barrett Test]`).
    public var replacementStart: Int
    /// The same edit from the context's ``CompletionContext/start`` (`$cats`, `^join(`, `.species`,
    /// `[Duncan]`): what an editor that replaces the whole token inserts.
    public var insertion: String
    /// A function's signature.
    public var detail: String?
    /// A function's summary.
    public var documentation: String?
    /// A key's, index's or property's value, already known from the value stepped into; nil for a
    /// variable, whose value a front end previews only when it is shown.
    public var value: Value?

    public init(
        label: String, kind: Kind, insertText: String, replacementStart: Int, insertion: String,
        detail: String? = nil, documentation: String? = nil, value: Value? = nil
    ) {
        self.label = label
        self.kind = kind
        self.insertText = insertText
        self.replacementStart = replacementStart
        self.insertion = insertion
        self.detail = detail
        self.documentation = documentation
        self.value = value
    }
}

/// A function as completion and signature help show it.
public struct EditorFunction: Equatable, Sendable {
    public var name: String
    /// e.g. `^join(list|separator)`.
    public var signature: String
    public var summary: String

    public init(name: String, signature: String, summary: String) {
        self.name = name
        self.signature = signature
        self.summary = summary
    }

    public init(_ definition: FunctionDefinition) {
        self.init(name: definition.name, signature: definition.signature, summary: definition.summary)
    }

    /// The parameters of ``signature`` (``FunctionDefinition/parameterLabels(ofSignature:)``).
    public var parameterLabels: [String] {
        FunctionDefinition.parameterLabels(ofSignature: signature)
    }
}

/// The signature of the call around a position and the parameter the position is in.
public struct EditorSignatureHelp: Equatable, Sendable {
    public var function: EditorFunction
    /// ``EditorFunction/parameterLabels``.
    public var parameters: [String]
    /// The parameter the position fills (past the last, the last: a trailing `…` repeats); nil for
    /// a function without parameters.
    public var activeParameter: Int?
    /// The `|`-separated argument the position is in, counted from 0.
    public var argument: Int

    public init(function: EditorFunction, argument: Int) {
        self.function = function
        self.parameters = function.parameterLabels
        self.argument = argument
        self.activeParameter = parameters.isEmpty ? nil : min(max(0, argument), parameters.count - 1)
    }
}
