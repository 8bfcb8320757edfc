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
/// - A ``JSONTextWritable`` value writes itself (``JSONTextWritable/writeJSON(to:)``).
/// - A number that is not finite is written `null` (JSON has no word for it).
///
/// The text is written as the value is encoded, in one pass, with no tree in between: a container
/// is closed when the value that opened it returns, or when its parent writes its next member. A
/// container written to after that (a nested container kept and filled after its parent moved on)
/// is an error; every synthesized `Encodable`, and every one that writes its containers in order,
/// is written. The coding path is not followed (an encoder's `codingPath` is empty; an error names
/// the key it is about): nothing the server or the CLI writes reads it, and it would cost an
/// array a container.
public struct JSONTextEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The compact JSON text of `value`.
    ///
    /// - Throws: `EncodingError` when `value`'s encoding asks for something JSON cannot hold (two
    ///   containers for one value).
    public func encode(_ value: some Encodable) throws -> String {
        let writer = StreamWriter()
        try writer.encode(value, depth: 0)
        if let failure = writer.failure { throw failure }
        return String(decoding: writer.output, as: UTF8.self)
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

    /// Writes the text as a string (what an encoder other than ``JSONTextEncoder`` gets).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// The text being written, and the containers open in it, innermost last.
private final class StreamWriter {
    var output: [UInt8] = []

    struct Frame {
        let id: Int
        let isObject: Bool
        var count = 0
    }

    var open: [Frame] = []
    private var nextID = 0
    /// A nested container asked for after its parent was closed (reported when the text is done).
    var failure: (any Error)?

    /// Writes `value` at `depth` (the number of containers around it), then closes the containers
    /// it opened; a value that wrote nothing is `{}` (as `JSONEncoder` writes it).
    func encode(_ value: some Encodable, depth: Int) throws {
        if let fragment = value as? JSONFragment {
            output += fragment.text.utf8
            return
        }
        if let writable = value as? any JSONTextWritable {
            close(above: depth)
            var writer = JSONTextWriter(bytes: output)
            output = []
            writable.writeJSON(to: &writer)
            output = writer.bytes
            return
        }
        let start = output.count
        try value.encode(to: SlotEncoder(writer: self, depth: depth))
        close(above: depth)
        if output.count == start { output += "{}".utf8 }
    }

    /// Opens a container at `depth`.
    func push(isObject: Bool, depth: Int) -> Int {
        close(above: depth)
        nextID += 1
        open.append(Frame(id: nextID, isObject: isObject))
        output.append(UInt8(ascii: isObject ? "{" : "["))
        return nextID
    }

    /// Closes the containers deeper than `depth`.
    func close(above depth: Int) {
        while open.count > depth {
            let frame = open.removeLast()
            output.append(UInt8(ascii: frame.isObject ? "}" : "]"))
        }
    }

    /// Prepares container `id` at `depth` for its next member: closes what is open inside it and
    /// writes the separator.
    /// - Throws: `EncodingError` when the container was closed already.
    func beginMember(of id: Int, depth: Int, key: (any CodingKey)?) throws {
        guard open.count > depth, open[depth].id == id else {
            throw EncodingError.invalidValue(
                id,
                EncodingError.Context(
                    codingPath: key.map { [$0] } ?? [],
                    debugDescription: "JSONTextEncoder writes containers in order: this one was closed"))
        }
        close(above: depth + 1)
        if open[depth].count > 0 { output.append(UInt8(ascii: ",")) }
        open[depth].count += 1
    }

    func key(_ key: String) {
        JSONWriter.appendString(key, to: &output)
        output.append(UInt8(ascii: ":"))
    }

    func string(_ text: String) {
        JSONWriter.appendString(text, to: &output)
    }

    func number(_ value: Double) {
        guard value.isFinite else {
            output += "null".utf8
            return
        }
        JSONWriter.appendFiniteDouble(value, to: &output)
    }

    func integer(_ value: some BinaryInteger) {
        if let small = Int64(exactly: value) {
            integer(small)
        } else {
            output += String(value).utf8
        }
    }

    func integer(_ value: Int64) {
        JSONWriter.appendInteger(value, to: &output)
    }
}

/// The encoder of one value: the container it asks for opens at its depth.
private struct SlotEncoder: Encoder {
    let writer: StreamWriter
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The container this value opened already (a class and its superclass ask for one each).
    private func reopened(isObject: Bool) -> Int? {
        guard writer.open.count > depth, writer.open[depth].isObject == isObject else { return nil }
        return writer.open[depth].id
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let id = reopened(isObject: true) ?? writer.push(isObject: true, depth: depth)
        return KeyedEncodingContainer(
            KeyedStreamContainer<Key>(writer: writer, id: id, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let id = reopened(isObject: false) ?? writer.push(isObject: false, depth: depth)
        return UnkeyedStreamContainer(writer: writer, id: id, depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleStreamContainer(writer: writer, depth: depth)
    }
}

private struct SingleStreamContainer: SingleValueEncodingContainer {
    let writer: StreamWriter
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.output += "null".utf8 }
    mutating func encode(_ value: Bool) throws { writer.output += (value ? "true" : "false").utf8 }
    mutating func encode(_ value: String) throws { writer.string(value) }
    mutating func encode(_ value: Double) throws { writer.number(value) }
    mutating func encode(_ value: Float) throws { writer.number(Double(value)) }
    mutating func encode(_ value: Int) throws { writer.integer(Int64(value)) }
    mutating func encode(_ value: Int8) throws { writer.integer(value) }
    mutating func encode(_ value: Int16) throws { writer.integer(value) }
    mutating func encode(_ value: Int32) throws { writer.integer(value) }
    mutating func encode(_ value: Int64) throws { writer.integer(value) }
    mutating func encode(_ value: UInt) throws { writer.integer(value) }
    mutating func encode(_ value: UInt8) throws { writer.integer(value) }
    mutating func encode(_ value: UInt16) throws { writer.integer(value) }
    mutating func encode(_ value: UInt32) throws { writer.integer(value) }
    mutating func encode(_ value: UInt64) throws { writer.integer(value) }
    mutating func encode(_ value: some Encodable) throws {
        try writer.encode(value, depth: depth)
    }
}

private struct KeyedStreamContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: StreamWriter
    let id: Int
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    /// Starts member `key`: the separator and the key.
    private func begin(_ key: Key) throws {
        try writer.beginMember(of: id, depth: depth, key: key)
        writer.key(key.stringValue)
    }

    /// ``begin(_:)`` where nothing can throw: a failure is kept for the end.
    private func beginNested(_ key: Key) {
        do { try begin(key) } catch { writer.failure = writer.failure ?? error }
    }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        writer.output += "null".utf8
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        writer.output += (value ? "true" : "false").utf8
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        writer.string(value)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        writer.number(value)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        try begin(key)
        writer.integer(Int64(value))
    }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try begin(key)
        try writer.encode(value, depth: depth + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        beginNested(key)
        return SlotEncoder(writer: writer, depth: depth + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        beginNested(key)
        return SlotEncoder(writer: writer, depth: depth + 1).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        do {
            try writer.beginMember(of: id, depth: depth, key: nil)
            writer.key("super")
        } catch {
            writer.failure = writer.failure ?? error
        }
        return SlotEncoder(writer: writer, depth: depth + 1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        beginNested(key)
        return SlotEncoder(writer: writer, depth: depth + 1)
    }
}

private struct UnkeyedStreamContainer: UnkeyedEncodingContainer {
    let writer: StreamWriter
    let id: Int
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int {
        writer.open.count > depth && writer.open[depth].id == id ? writer.open[depth].count : 0
    }

    private struct Index: CodingKey {
        var stringValue: String { String(intValue ?? 0) }
        var intValue: Int?
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    private func begin() throws {
        try writer.beginMember(of: id, depth: depth, key: Index(count))
    }

    /// ``begin()`` where nothing can throw: a failure is kept for the end.
    private func beginNested() {
        do { try begin() } catch { writer.failure = writer.failure ?? error }
    }

    mutating func encodeNil() throws {
        try begin()
        writer.output += "null".utf8
    }
    mutating func encode(_ value: Bool) throws {
        try begin()
        writer.output += (value ? "true" : "false").utf8
    }
    mutating func encode(_ value: String) throws {
        try begin()
        writer.string(value)
    }
    mutating func encode(_ value: Double) throws {
        try begin()
        writer.number(value)
    }
    mutating func encode(_ value: Int) throws {
        try begin()
        writer.integer(Int64(value))
    }
    mutating func encode(_ value: some Encodable) throws {
        try begin()
        try writer.encode(value, depth: depth + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        beginNested()
        return SlotEncoder(writer: writer, depth: depth + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        beginNested()
        return SlotEncoder(writer: writer, depth: depth + 1).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        beginNested()
        return SlotEncoder(writer: writer, depth: depth + 1)
    }
}
