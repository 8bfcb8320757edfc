import MBMLEngine

/// Which variables are volatile: their value moves on by itself (the clock, chance) so a reload
/// gives them a new value whatever the edit was. The reload summary shows them as volatile
/// instead of counting them as changes (issue 21).
enum VolatileValues {
    /// Functions whose result differs from one call to the next with the same arguments.
    static let functions: Set<String> = [
        "currentTime", "secondsSince", "secondsUntil", "formatTimeUntil", "timeZoneOffset",
        "random", "randomPercent",
    ]

    /// Past this many declared variables only direct uses of a volatile function are looked for
    /// (not variables that read a volatile variable), so that a reload stays cheap.
    static let transitiveLimit = 5_000

    /// The variables whose defining expression calls a volatile function, or reads a volatile
    /// variable (followed a few steps). Expressions are read by the engine (``MBMLSyntax``), so an
    /// escaped `$$now` or `^^random()` is no reference.
    static func names(in provenance: [String: VariableProvenance]) -> Set<String> {
        var references: [String: SyntaxReferences] = [:]
        for (name, entry) in provenance {
            // Only an expression with a `$` or `^` can refer to anything; skip the parse for the rest.
            if let expression = entry.expression, expression.contains("$") || expression.contains("^") {
                references[name] = MBMLSyntax.references(in: expression, grammar: grammar(of: entry.kind))
            }
        }
        var volatile = Set(references.filter { $0.value.functions.contains(where: functions.contains) }.keys)
        guard !volatile.isEmpty, references.count <= transitiveLimit else { return volatile }
        for _ in 0..<4 {
            let found = references.filter { name, read in
                !volatile.contains(name) && read.variables.contains(where: volatile.contains)
            }.keys
            if found.isEmpty { break }
            volatile.formUnion(found)
        }
        return volatile
    }

    /// The grammar a declaration's expression is read with: a test's is boolean.
    private static func grammar(of kind: VariableProvenance.Kind) -> Grammar {
        kind == .boolean ? .boolean : .object
    }
}
