import MBMLEngine

/// Renders variables as an indented tree with types:
///
/// ```
/// cats: Array[3]
///   [0]: String "Barrett"
/// ```
///
/// The tree is output of a job (`evaluation`): every line is charged to its memory budget as it is
/// made, so a value that is small in memory but huge as text (many references to one long text)
/// ends with the budget error instead of exhausting the process.
struct VariableTreeFormatter {
    /// The job the tree is part of: dynamic variables are evaluated in it, lines charged to it.
    let evaluation: Evaluation
    /// Levels below a variable to show; deeper collections show only their summary line.
    var maximumDepth = Int.max
    /// Indentation per level.
    var indent = "  "

    init(evaluation: Evaluation) {
        self.evaluation = evaluation
    }

    /// The lines for one variable of `variables`, with a note on how it was declared.
    /// - Throws: the job's stop (``MemoryBudgetExceeded`` once the lines pass its budget).
    func lines(forVariable name: String, in variables: VariableSpace) throws -> [String] {
        let value = try variables.value(of: name, within: evaluation)
        var notes: [String] = []
        switch variables.declaration(of: name) {
        case .dynamic(let expression, let context)?:
            notes.append("dynamic \(context.rawValue): \(JSONCodec.quoted(expression))")
        case .concrete(readOnly: true)?:
            notes.append("read-only")
        default:
            break
        }
        let depth = variables.stackDepth(name)
        if depth > 0 { notes.append("\(depth) pushed") }
        var output: [String] = []
        try append(
            value, label: name, note: notes.isEmpty ? "" : "  (" + notes.joined(separator: "; ") + ")",
            level: 0, to: &output)
        return output
    }

    /// The lines for a value under `label`.
    /// - Throws: the job's stop.
    func lines(for value: Value?, label: String) throws -> [String] {
        var output: [String] = []
        try append(value, label: label, note: "", level: 0, to: &output)
        return output
    }

    /// Adds `line` to `output`, charged to the job first.
    private func add(_ line: String, to output: inout [String]) throws {
        try evaluation.checkStop()
        try evaluation.charge(line.utf8.count + 1)
        output.append(line)
    }

    private func append(
        _ value: Value?, label rawLabel: String, note: String, level: Int, to output: inout [String]
    ) throws {
        let pad = String(repeating: indent, count: level)
        let label = TerminalSafeText.escaping(rawLabel)
        guard let value = value else {
            try add(pad + label + ": no value" + note, to: &output)
            return
        }
        try add(pad + label + ": " + (try summary(of: value)) + note, to: &output)
        guard level < maximumDepth else { return }
        switch value.openedForWalking {
        case .array(let elements), .set(let elements):
            for (index, element) in elements.enumerated() {
                try append(element, label: "[\(index)]", note: "", level: level + 1, to: &output)
            }
        case .dictionary(let entries):
            for (key, element) in entries {
                try append(element, label: Self.displayKey(key), note: "", level: level + 1, to: &output)
            }
        case .object(let object):
            // Host objects can lead to more host objects: properties that are objects show only their type.
            for property in object.propertyNames {
                let propertyValue = (try? object.value(forProperty: property)) ?? nil
                if case .object? = propertyValue {
                    try add(
                        pad + indent + TerminalSafeText.escaping(property) + ": "
                            + (try propertyValue.map(summary) ?? ""), to: &output)
                } else {
                    try append(propertyValue, label: property, note: "", level: level + 1, to: &output)
                }
            }
        default:
            break
        }
    }

    /// `Type value` for scalars, `Type[count]` for collections; a text is written under what is left
    /// of the job's budget.
    func summary(of value: Value) throws -> String {
        switch value {
        case .string(let text): return "String " + (try evaluation.quoted(text))
        case .integer, .decimal, .double, .bigInteger: return "Number " + JSONCodec.encode(value)
        case .boolean(let flag): return "Boolean " + (flag ? "true" : "false")
        case .null: return "Null"
        case .array(let elements): return "Array[\(elements.count)]"
        case .set(let members): return "Set[\(members.count)]"
        case .dictionary(let entries): return "Dictionary[\(entries.count)]"
        case .date: return "Date " + value.text
        case .data(let data): return "Data[\(data.count) bytes]"
        case .object(let object): return TerminalSafeText.escaping(object.typeName)
        }
    }

    /// A dictionary key as shown in the tree: quoted when empty or when spaces or punctuation would
    /// make the line ambiguous.
    static func displayKey(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.$".unicodeScalars.contains(scalar)
            }
        return plain ? key : JSONCodec.quoted(key)
    }
}
