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
    /// variable (followed a few steps).
    static func names(in provenance: [String: VariableProvenance]) -> Set<String> {
        var expressions: [String: String] = [:]
        for (name, entry) in provenance {
            if let expression = entry.expression, expression.contains("$") || expression.contains("^") {
                expressions[name] = expression
            }
        }
        var volatile = Set(expressions.filter { callsVolatileFunction($0.value) }.keys)
        guard !volatile.isEmpty, expressions.count <= transitiveLimit else { return volatile }
        for _ in 0..<4 {
            let found = expressions.filter { !volatile.contains($0.key) && reads(volatile, $0.value) }.keys
            if found.isEmpty { break }
            volatile.formUnion(found)
        }
        return volatile
    }

    /// Whether `expression` calls one of ``functions`` (`^currentTime()`).
    static func callsVolatileFunction(_ expression: String) -> Bool {
        names(after: "^", in: expression).contains { functions.contains($0) }
    }

    /// Whether `expression` reads one of `variables` (`$now`, `$now.year`).
    private static func reads(_ variables: Set<String>, _ expression: String) -> Bool {
        names(after: "$", in: expression).contains { variables.contains($0) }
    }

    /// The identifiers right after each `marker` in `text`.
    private static func names(after marker: Character, in text: String) -> [String] {
        var found: [String] = []
        var current: String?
        for character in text {
            if var name = current {
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                    MBMLIdentifier.isCharacter(scalar), scalar != ":"
                {
                    name.append(character)
                    current = name
                    continue
                }
                if !name.isEmpty { found.append(name) }
                current = nil
            }
            if character == marker { current = "" }
        }
        if let name = current, !name.isEmpty { found.append(name) }
        return found
    }
}
