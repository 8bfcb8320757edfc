import Foundation
import MBMLEngine

/// A JSON value as the language server reads and writes it: the typed core of the protocol layer.
///
/// Decoding uses Foundation's `JSONDecoder` (booleans stay booleans, which `JSONSerialization` on
/// Linux does not promise); encoding is written here, strings through ``JSONCodec/quoted(_:)``, so
/// control and bidirectional characters leave escaped as in every other JSON `mbml` prints.
enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.encoded == rhs.encoded
    }

    /// An object from key–value pairs, in the order given; nil values are left out.
    static func object(_ pairs: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        .object(pairs.compactMap { pair in pair.value.map { (key: pair.key, value: $0) } })
    }

    /// The member `key` of an object (nil for other values and missing keys).
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var intValue: Int? {
        switch self {
        case .int(let number): return number
        case .double(let number) where number == number.rounded() && abs(number) < 1e15: return Int(number)
        default: return nil
        }
    }

    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The compact JSON text of this value.
    var encoded: String {
        var output = ""
        append(to: &output)
        return output
    }

    private func append(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number): output += number.isFinite ? String(number) : "null"
        case .string(let text): output += JSONCodec.quoted(text)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.append(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                output += JSONCodec.quoted(member.key) + ":"
                member.value.append(to: &output)
            }
            output += "}"
        }
    }

    /// Parses `data` as one JSON value.
    ///
    /// - Throws: the decoder's error when `data` is not JSON.
    init(parsing data: Data) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }
}

extension JSONValue: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            self = .object(
                try container.allKeys.map { key in
                    (key: key.stringValue, value: try container.decode(JSONValue.self, forKey: key))
                })
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !container.isAtEnd { items.append(try container.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }
}
