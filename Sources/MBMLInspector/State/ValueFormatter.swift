import Foundation
import MBMLEngine

/// One-line previews of values for the tree, the results pane and completion details.
enum ValueFormatter {
    /// How many collection elements a preview shows before `…`.
    static let previewElements = 6

    /// A one-line description that tells the type apart: strings quoted, collections as
    /// `[3] Barrett, Duncan, Cooper` (array), `{2} Barrett: female, …` (dictionary), `Set(2) …`.
    static func summary(of value: Value?) -> String {
        guard let value = value else { return "(no value)" }
        switch value {
        case .string(let text): return "\"" + oneLine(text) + "\""
        default: return compact(value)
        }
    }

    /// The string context's text of a value on one line. The string row holds the object context's
    /// value; only as much of its text form is rendered as a row can show.
    static func stringContextLine(_ value: Value) -> String {
        let (text, isTruncated) = value.text(limit: 1024)
        return oneLine(text) + (isTruncated ? "…" : "")
    }

    /// A one-line form without quotes around strings: the string context's text, or a collection
    /// preview.
    static func compact(_ value: Value) -> String {
        switch value {
        case .string(let text): return oneLine(text)
        case .boolean(let flag): return flag ? "true" : "false"
        case .decimal, .integer, .double, .bigInteger, .date: return value.text
        case .null: return "<null>"
        case .data(let data): return "<\(data.count) bytes>"
        case .object(let object): return object.typeName
        case .array(let elements):
            return "[\(elements.count)]" + preview(elements.prefix(previewElements).map(inline), total: elements.count)
        case .set(let members):
            return "Set(\(members.count))" + preview(members.prefix(previewElements).map(inline), total: members.count)
        case .dictionary(let entries):
            return "{\(entries.count)}"
                + preview(
                    entries.prefix(previewElements).map { "\(oneLine($0.key)): \(inline($0.value))" },
                    total: entries.count)
        }
    }

    /// A short type name with a count for collections, e.g. `Array of 3`.
    static func typeDescription(of value: Value?) -> String {
        guard let value = value else { return "no value" }
        switch value {
        case .array(let elements): return "Array of \(elements.count)"
        case .set(let members): return "Set of \(members.count)"
        case .dictionary(let entries): return "Dictionary of \(entries.count)"
        default: return value.typeName
        }
    }

    /// The boolean context's result as `true`/`false`.
    static func boolean(_ value: Value?) -> String {
        value.isTruthy ? "true" : "false"
    }

    /// Control characters replaced so that text stays on one line; the indentation after a line
    /// break is dropped (`⏎` marks the break).
    static func oneLine(_ text: String) -> String {
        let head = text.utf8.count > 1600 ? String(text.prefix(400)) : text
        guard head.contains(where: { $0 == "\n" || $0 == "\r\n" }) else { return TextWidth.printable(head) }
        var output = ""
        var skippingIndent = false
        for character in head {
            if character == "\n" || character == "\r\n" {
                output.append("⏎ ")
                skippingIndent = true
                continue
            }
            if skippingIndent, character == " " || character == "\t" { continue }
            skippingIndent = false
            output.append(character)
        }
        return TextWidth.printable(output)
    }

    private static func inline(_ value: Value) -> String {
        switch value {
        case .array(let elements): return "[\(elements.count)]"
        case .set(let members): return "Set(\(members.count))"
        case .dictionary(let entries): return "{\(entries.count)}"
        default: return compact(value)
        }
    }

    private static func preview(_ parts: [String], total: Int? = nil) -> String {
        let count = total ?? parts.count
        guard count > 0 else { return "" }
        var shown = Array(parts.prefix(previewElements))
        if count > shown.count { shown.append("…") }
        return " " + shown.joined(separator: ", ")
    }
}
