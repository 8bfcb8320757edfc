/// Where a variable came from: how it was declared, whether it can be changed, the expression that
/// defines it and the place of its declaration. Recorded by ``EnvironmentBuilder`` for every
/// variable an input declares (``Environment/provenance(of:)``), so that tools can say "declared at
/// manifest.xml:12:5 as a dynamic variable" without scanning files again.
public struct VariableProvenance: Sendable, Equatable {
    /// How a variable was declared.
    public enum Kind: String, Sendable, CaseIterable {
        /// `<Var literal="…">`: the text as is.
        case literal
        /// `<Var value="…">`: an expression evaluated once, at load time.
        case value
        /// `<Var boolean="…">`: a boolean expression evaluated once, at load time.
        case boolean
        /// `<Var>text</Var>`: the element's text, evaluated once as an expression.
        case text
        /// `<Var type="dynamic">`: an expression evaluated on every read.
        case dynamic
        /// `<Var type="list">`.
        case list
        /// `<Var type="map">`.
        case map
        /// A JSON data file (`--data NAME=FILE.json`).
        case dataFile
        /// `$ENV`, the process environment.
        case processEnvironment
        /// Provided by the engine itself (`$Environment`, `$Platform`).
        case builtIn

        /// A short word for compact displays.
        public var label: String {
            switch self {
            case .dataFile: return "data"
            case .processEnvironment: return "env"
            case .builtIn: return "built-in"
            default: return rawValue
            }
        }
    }

    public var kind: Kind
    public var isReadOnly: Bool
    /// The defining expression (`value`, `boolean`, text or dynamic `expression`), if any.
    public var expression: String?
    /// The file, line and column of the declaration (a data file's is its first line).
    public var file: String?
    public var line: Int
    public var column: Int

    public init(
        kind: Kind, isReadOnly: Bool = false, expression: String? = nil, file: String? = nil,
        line: Int = 1, column: Int = 1
    ) {
        self.kind = kind
        self.isReadOnly = isReadOnly
        self.expression = expression
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, or nil when the variable was not declared in a file.
    public var site: String? {
        file.map { "\($0):\(line):\(column)" }
    }
}
