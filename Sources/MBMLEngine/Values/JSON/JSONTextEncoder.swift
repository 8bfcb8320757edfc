import Foundation

/// Writes any `Encodable` as compact JSON text, the one JSON writer of machine-readable output:
/// `mbml explain --json`, `mbml explain --steps --json`, `mbml eval --jsonl` and every message of
/// `mbml lsp` go through it.
///
/// - Strings are written by ``JSONCodec/quoted(_:)``: control characters, C1 controls and
///   bidirectional overrides leave escaped, as in every other JSON `mbml` prints, so that nothing
///   read from data acts on a terminal.
/// - Keys keep the order they are encoded in (a synthesized `Encodable` encodes its properties in
///   declaration order); a `nil` optional property is left out, as `JSONEncoder` leaves it out.
/// - A ``JSONFragment`` is written as its text: a value already written under a budget
///   (``Evaluation/json(of:)``) is embedded, never encoded twice.
/// - A number that is not finite is written `null` (JSON has no word for it).
public struct JSONTextEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The compact JSON text of `value`.
    ///
    /// - Throws: `EncodingError` when `value`'s encoding asks for something JSON cannot hold (two
    ///   containers for one value).
    public func encode(_ value: some Encodable) throws -> String {
        let root = EncodedNode()
        try root.encode(value, codingPath: [])
        var output: [UInt8] = []
        root.write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

/// JSON text written already, embedded as it is by ``JSONTextEncoder`` (another encoder writes it
/// as a string).
public struct JSONFragment: Encodable, Sendable, Equatable {
    /// The JSON text.
    public let text: String

    /// A fragment of `text`, which must be one JSON value.
    public init(_ text: String) {
        self.text = text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// One value being encoded: a scalar's text, or an array or object of nodes filled as the
/// containers are written.
private final class EncodedNode {
    enum Kind {
        case unset, text, array, object
    }

    private(set) var kind = Kind.unset
    private var text = ""
    private var items: [EncodedNode] = []
    private var members: [(key: String, node: EncodedNode)] = []
    /// Where each key is in `members`, once there are more than a few (fewer are searched).
    private var memberIndexes: [String: Int]?

    func encode(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        if let fragment = value as? JSONFragment {
            setText(fragment.text)
            return
        }
        try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
    }

    func setText(_ text: String) {
        kind = .text
        self.text = text
    }

    func becomeObject() {
        if kind == .unset { kind = .object }
    }

    func becomeArray() {
        if kind == .unset { kind = .array }
    }

    func write(to output: inout [UInt8]) {
        switch kind {
        case .unset: output += "{}".utf8
        case .text: output += text.utf8
        case .array:
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object:
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output += JSONCodec.quoted(member.key).utf8
                output.append(UInt8(ascii: ":"))
                member.node.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// The member `key` of this object node, added when new.
    func member(_ key: String) -> EncodedNode {
        kind = .object
        if let indexes = memberIndexes {
            if let index = indexes[key] { return members[index].node }
        } else if let found = members.first(where: { $0.key == key }) {
            return found.node
        }
        let node = EncodedNode()
        memberIndexes?[key] = members.count
        members.append((key, node))
        if memberIndexes == nil, members.count > 16 {
            memberIndexes = Dictionary(members.enumerated().map { ($1.key, $0) }) { first, _ in first }
        }
        return node
    }

    /// A new element at the end of this array node.
    func appended() -> EncodedNode {
        kind = .array
        let node = EncodedNode()
        items.append(node)
        return node
    }

    var count: Int { items.count }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.setText("null") }
    mutating func encode(_ value: Bool) throws { node.setText(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { node.setText(JSONCodec.quoted(value)) }
    mutating func encode(_ value: Double) throws { node.setText(EncodedNode.number(value)) }
    mutating func encode(_ value: Float) throws { node.setText(EncodedNode.number(Double(value))) }
    mutating func encode(_ value: Int) throws { node.setText(String(value)) }
    mutating func encode(_ value: Int8) throws { node.setText(String(value)) }
    mutating func encode(_ value: Int16) throws { node.setText(String(value)) }
    mutating func encode(_ value: Int32) throws { node.setText(String(value)) }
    mutating func encode(_ value: Int64) throws { node.setText(String(value)) }
    mutating func encode(_ value: UInt) throws { node.setText(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.setText(String(value)) }
    mutating func encode(_ value: UInt16) throws { node.setText(String(value)) }
    mutating func encode(_ value: UInt32) throws { node.setText(String(value)) }
    mutating func encode(_ value: UInt64) throws { node.setText(String(value)) }
    mutating func encode(_ value: some Encodable) throws { try node.encode(value, codingPath: codingPath) }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    private func single(_ key: Key) -> SingleNodeContainer {
        SingleNodeContainer(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws {
        var container = single(key)
        try container.encodeNil()
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        var container = single(key)
        try container.encode(value)
    }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try node.member(key.stringValue).encode(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private struct Index: CodingKey {
        var stringValue: String { String(intValue ?? 0) }
        var intValue: Int?
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    private var nextPath: [any CodingKey] { codingPath + [Index(count)] }

    mutating func encodeNil() throws {
        var container = SingleNodeContainer(node: node.appended(), codingPath: nextPath)
        try container.encodeNil()
    }
    mutating func encode(_ value: Bool) throws {
        var container = SingleNodeContainer(node: node.appended(), codingPath: nextPath)
        try container.encode(value)
    }
    mutating func encode(_ value: String) throws {
        var container = SingleNodeContainer(node: node.appended(), codingPath: nextPath)
        try container.encode(value)
    }
    mutating func encode(_ value: Double) throws {
        var container = SingleNodeContainer(node: node.appended(), codingPath: nextPath)
        try container.encode(value)
    }
    mutating func encode(_ value: Int) throws {
        var container = SingleNodeContainer(node: node.appended(), codingPath: nextPath)
        try container.encode(value)
    }
    mutating func encode(_ value: some Encodable) throws {
        let path = nextPath
        try node.appended().encode(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let path = nextPath
        return NodeEncoder(node: node.appended(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return NodeEncoder(node: node.appended(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return NodeEncoder(node: node.appended(), codingPath: path)
    }
}
