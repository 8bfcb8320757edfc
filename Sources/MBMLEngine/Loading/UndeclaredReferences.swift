/// After a load: variables that an expression of the manifests refers to but that nothing declares
/// (a typo, or an input missing from the command line). One warning per name, at the declaration
/// whose expression refers to it first, so that "why is `$total` empty" has an answer.
///
/// Only parses: cached token trees of the expressions already evaluated at load, no evaluation.
/// Names functions bind while they run (`$item`, `$key`, …) and configuration names with a colon
/// (`$MBMLDateFunctions:…`) are never reported.
enum UndeclaredReferences {
    static func diagnostics(in environment: Environment) -> [Diagnostic] {
        var reported: Set<String> = []
        var diagnostics: [Diagnostic] = []
        // Only expressions with a `$` can refer to a variable; names in sorted order decide which
        // declaration a name is reported at.
        let candidates = environment.provenancesWithExpression(
            passing: { MBMLSyntax.mayHoldReference(bytes: $0.utf8) }, where: { $0.file != nil }
        ).sorted { $0.name < $1.name }
        for (name, provenance) in candidates {
            guard let expression = provenance.expression, let file = provenance.file,
                environment.variables.declaration(of: name) != nil
            else { continue }
            let context: ExpressionContext = provenance.kind == .boolean ? .boolean : .object
            guard let tokens = try? environment.parse(expression, in: context) else { continue }
            for reference in referencedNames(in: tokens) where !reported.contains(reference) {
                guard !isKnown(reference, in: environment) else { continue }
                reported.insert(reference)
                diagnostics.append(
                    Diagnostic(
                        file: file, line: provenance.line, column: provenance.column,
                        message: "$\(reference) is referred to by $\(name) but nothing declares it", severity: .warning)
                )
            }
        }
        return diagnostics.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    private static func isKnown(_ name: String, in environment: Environment) -> Bool {
        name.isEmpty || name.contains(":") || HintFinder.References.boundNames.contains(name)
            || environment.variables.declaration(of: name) != nil
    }

    /// The variable names `tokens` refer to, in order (iteratively: no recursion limit to meet).
    private static func referencedNames(in tokens: [Token]) -> [String] {
        var names: [String] = []
        var stack = Array(tokens.reversed())
        while let token = stack.popLast() {
            if case .variable(let name, _) = token.payload { names.append(name) }
            stack.append(contentsOf: token.children.reversed())
        }
        return names
    }
}
