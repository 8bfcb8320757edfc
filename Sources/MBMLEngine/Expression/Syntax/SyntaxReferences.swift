/// The variables and functions an expression refers to, read from its token tree: what a tool asks
/// to follow how values depend on one another without evaluating anything. Escapes (`$$`, `^^`) and
/// text that only looks like a reference refer to nothing.
public struct SyntaxReferences: Equatable, Sendable {
    /// The names of the variables referred to (every form: `$name`, `$[name]`, `${name}`), in
    /// order of appearance, repeats included.
    public var variables: [String]
    /// The names of the functions called, without `^`, in order of appearance, repeats included.
    public var functions: [String]

    public init(variables: [String] = [], functions: [String] = []) {
        self.variables = variables
        self.functions = functions
    }

    /// The references in `tokens` and all their children (iteratively: trees can be deep).
    public init(tokens: [Token]) {
        self.init()
        var stack = Array(tokens.reversed())
        while let token = stack.popLast() {
            switch token.payload {
            case .variable(let name, _): variables.append(name)
            case .function(let name, _): functions.append(name)
            default: break
            }
            stack.append(contentsOf: token.children.reversed())
        }
    }
}

extension MBMLSyntax {
    /// The variables and functions `text` refers to when read with `grammar`.
    ///
    /// Tolerant of text that does not parse: a construct that fails to parse is read as the
    /// scanner reads literal text, character by character, so references inside it still count. The
    /// parameters of an unknown function and of a `raw` one are read as expressions (`^log`, `^test`
    /// and `^dump` evaluate theirs; `^q`'s count too). Needs no environment.
    ///
    /// - Parameters:
    ///   - text: the expression text.
    ///   - grammar: the grammar to read it with (the object grammar for a `value` expression).
    ///   - functions: the functions whose input types decide how parameters are read; the built-in
    ///     functions when nil.
    public static func references(
        in text: String, grammar: Grammar = .object, functions: FunctionRegistry? = nil
    ) -> SyntaxReferences {
        SyntaxReferences(tokens: tolerantTokens(of: text, grammar: grammar, functions: functions))
    }

    /// The token tree of `text` read with `grammar`, never failing: what the parser gives for text
    /// that parses; for text that does not, the scanner's tokens, with a construct that fails read
    /// as literal text from its first character on. See ``references(in:grammar:functions:)``.
    public static func tolerantTokens(
        of text: String, grammar: Grammar = .object, functions: FunctionRegistry? = nil
    ) -> [Token] {
        Parser(
            expression: text, grammar: grammar, functions: functions ?? .builtIn,
            maximumDepth: EnvironmentOptions().maximumNestingDepth
        ).tolerantParse()
    }
}
