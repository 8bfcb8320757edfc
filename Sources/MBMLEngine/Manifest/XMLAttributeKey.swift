/// The attribute names MBML reads, known to the tree builder by the name libxml2 hands over: the
/// loader asks for them by key, and an element's set of keys (``XMLAttributeKeys``) answers "has it
/// an `if`?" without looking at a single name. Any other attribute is ``other``.
enum XMLAttributeKey: UInt8, CaseIterable {
    case name, type, literal, value, boolean, mutable, userDefaultsName, `if`, expression, file, other

    /// The attribute's name in a document (nil for ``other``).
    var text: String? {
        switch self {
        case .name: return "name"
        case .type: return "type"
        case .literal: return "literal"
        case .value: return "value"
        case .boolean: return "boolean"
        case .mutable: return "mutable"
        case .userDefaultsName: return "userDefaultsName"
        case .if: return "if"
        case .expression: return "expression"
        case .file: return "file"
        case .other: return nil
        }
    }

    /// The key of an attribute named `name`.
    init(name: String) {
        self = Self.allCases.first { $0.text == name } ?? .other
    }
}

/// A set of ``XMLAttributeKey``s, one bit each.
struct XMLAttributeKeys: Equatable {
    var bits: UInt16 = 0

    init(_ keys: [XMLAttributeKey] = []) {
        for key in keys { insert(key) }
    }

    /// The set of two keys, made without an array (an element's attributes are compared with one
    /// for every declaration of a manifest).
    init(_ first: XMLAttributeKey, _ second: XMLAttributeKey) {
        insert(first)
        insert(second)
    }

    @inline(__always)
    mutating func insert(_ key: XMLAttributeKey) {
        bits |= 1 << UInt16(key.rawValue)
    }

    @inline(__always)
    func contains(_ key: XMLAttributeKey) -> Bool {
        bits & (1 << UInt16(key.rawValue)) != 0
    }

    /// Whether every key of `self` is in `other`.
    func isSubset(of other: XMLAttributeKeys) -> Bool {
        bits & ~other.bits == 0
    }
}
