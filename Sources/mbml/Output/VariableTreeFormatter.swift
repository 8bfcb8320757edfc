import MBMLEngine

/// Renders variables as an indented tree with types:
///
/// ```
/// cats: Array[3]
///   [0]: String "Barrett"
/// ```
struct VariableTreeFormatter {
    /// Levels below a variable to show; deeper collections show only their summary line.
    var maximumDepth = Int.max
    /// Indentation per level.
    var indent = "  "

    /// The lines for one variable of `variables`, with a note on how it was declared.
    func lines(forVariable name: String, in variables: VariableSpace) -> [String] {
        let value = variables[name]
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
        append(
            value, label: name, note: notes.isEmpty ? "" : "  (" + notes.joined(separator: "; ") + ")",
            level: 0, to: &output)
        return output
    }

    /// The lines for a value under `label`.
    func lines(for value: Value?, label: String) -> [String] {
        var output: [String] = []
        append(value, label: label, note: "", level: 0, to: &output)
        return output
    }

    private func append(_ value: Value?, label rawLabel: String, note: String, level: Int, to output: inout [String]) {
        let pad = String(repeating: indent, count: level)
        let label = TerminalSafeText.escaping(rawLabel)
        guard let value = value else {
            output.append(pad + label + ": no value" + note)
            return
        }
        output.append(pad + label + ": " + Self.summary(of: value) + note)
        guard level < maximumDepth else { return }
        switch value.decodedOneLevel {
        case .array(let elements), .set(let elements):
            for (index, element) in elements.enumerated() {
                append(element, label: "[\(index)]", note: "", level: level + 1, to: &output)
            }
        case .dictionary(let entries):
            for (key, element) in entries {
                append(element, label: Self.displayKey(key), note: "", level: level + 1, to: &output)
            }
        case .object(let object):
            // Host objects can lead to more host objects: properties that are objects show only their type.
            for property in object.propertyNames {
                let propertyValue = (try? object.value(forProperty: property)) ?? nil
                if case .object? = propertyValue {
                    output.append(
                        pad + indent + TerminalSafeText.escaping(property) + ": "
                            + (propertyValue.map(Self.summary) ?? ""))
                } else {
                    append(propertyValue, label: property, note: "", level: level + 1, to: &output)
                }
            }
        default:
            break
        }
    }

    /// `Type value` for scalars, `Type[count]` for collections.
    static func summary(of value: Value) -> String {
        switch value {
        case .string(let text): return "String " + JSONCodec.quoted(text)
        case .integer, .decimal, .double: return "Number " + JSONCodec.encode(value)
        case .boolean(let flag): return "Boolean " + (flag ? "true" : "false")
        case .null: return "Null"
        case .array(let elements): return "Array[\(elements.count)]"
        case .set(let members): return "Set[\(members.count)]"
        case .dictionary(let entries): return "Dictionary[\(entries.count)]"
        case .date: return "Date " + value.text
        case .data(let data): return "Data[\(data.count) bytes]"
        case .object(let object): return TerminalSafeText.escaping(object.typeName)
        case .json(let node): return (node.isArray ? "Array" : "Dictionary") + "[\(node.count)]"
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
