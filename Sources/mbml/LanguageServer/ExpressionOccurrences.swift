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
        let syntax = MBMLSyntax(characters: characters)
        var found: [Occurrence] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "$" || character == "^" else {
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, MBMLIdentifier.isCharacter(characters[end]) { end += 1 }
            if character == "$", end > index + 1, let chain = syntax.referenceChain(endingAt: end),
                chain.start == index, case .variableName(let name) = chain.partial
            {
                found.append(Occurrence(kind: .variable, name: name, start: index, end: end))
            } else if character == "^", end > index + 1, let call = syntax.functionName(at: end), call.start == index,
                end < characters.count, characters[end] == "("
            {
                found.append(Occurrence(kind: .function, name: call.name, start: index, end: end))
            }
            index = max(end, index + 1)
        }
        occurrences = found
    }
}
