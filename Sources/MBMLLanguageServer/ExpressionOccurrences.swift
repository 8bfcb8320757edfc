import MBMLEngine

/// The `$variable` references and `^function` names written on one line of a document, found with
/// the engine's ``MBMLSyntax`` (escapes such as `$$` and `^^` are not references): what find
/// references and semantic tokens report.
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
        occurrences = MBMLSyntax(characters: characters).names().map { name in
            Occurrence(
                kind: name.kind == .variable ? .variable : .function, name: name.name, start: name.start, end: name.end)
        }
    }
}
