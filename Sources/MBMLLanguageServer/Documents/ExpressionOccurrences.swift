import MBMLEngine

/// The variable references — every form the engine reads: `$name`, `${name}`, `${ns:name}`,
/// `$(name with spaces)`, `$[name]` — and `^function` names written on one line of a document,
/// found with the engine's ``MBMLSyntax`` (its parser for references; escapes such as `$$` and `^^`
/// are not references): what find references, semantic tokens and diagnostics' ranges use.
struct ExpressionOccurrences {
    /// One occurrence, in character offsets of the line.
    struct Occurrence: Equatable {
        enum Kind: Int, CaseIterable {
            case variable = 0
            case function = 1

            /// The names of the kinds, in order: the semantic tokens legend.
            static var legend: [String] { ["variable", "function"] }
        }

        var kind: Kind
        /// The variable's or the function's name.
        var name: String
        /// Where the sigil is.
        var start: Int
        /// Just past the name.
        var end: Int
    }

    let occurrences: [Occurrence]

    init(line characters: [Character]) {
        let syntax = MBMLSyntax(characters: characters)
        let variables = syntax.variableReferences().map { reference in
            Occurrence(kind: .variable, name: reference.name, start: reference.start, end: reference.end)
        }
        let functions = syntax.names().filter { $0.kind == .function }.map { name in
            Occurrence(kind: .function, name: name.name, start: name.start, end: name.end)
        }
        occurrences = (variables + functions).sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }
}
