/// A value that writes its own JSON text: ``JSONTextEncoder`` calls ``writeJSON(to:)`` in the place
/// of `encode(to:)`. For the types that large answers hold by the hundred thousand (the language
/// server's document symbols and ranges), where the generic `Encoder` calls cost more than the
/// text. It must write what its `encode(to:)` writes (a test compares the two).
public protocol JSONTextWritable: Encodable {
    /// Writes the value: one JSON value.
    func writeJSON(to writer: inout JSONTextWriter)
}

/// Writes JSON text directly — objects, arrays, keys and scalars in order, commas where they
/// belong, strings escaped as ``JSONCodec/quoted(_:)`` escapes them.
public struct JSONTextWriter {
    /// The text written.
    public internal(set) var bytes: [UInt8]
    /// The open objects and arrays, innermost last, with how many members each has.
    private var open: [(isObject: Bool, count: Int)] = []

    /// A writer that goes on after `bytes`.
    public init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// Before a value: the comma between two elements of an array.
    private mutating func beginValue() {
        guard let last = open.last, !last.isObject else { return }
        if last.count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[open.count - 1].count += 1
    }

    public mutating func beginObject() {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        open.append((true, 0))
    }

    public mutating func endObject() {
        open.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        open.append((false, 0))
    }

    public mutating func endArray() {
        open.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// The key of the next member of the object being written.
    public mutating func key(_ key: String) {
        if let last = open.last, last.count > 0 { bytes.append(UInt8(ascii: ",")) }
        if !open.isEmpty { open[open.count - 1].count += 1 }
        JSONWriter.appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// The key of the next member, written as it is: for keys that need no escaping (ASCII
    /// letters and digits, as every key of the language server's answers).
    public mutating func key(raw key: StaticString) {
        if let last = open.last, last.count > 0 { bytes.append(UInt8(ascii: ",")) }
        if !open.isEmpty { open[open.count - 1].count += 1 }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func string(_ text: String) {
        beginValue()
        JSONWriter.appendString(text, to: &bytes)
    }

    public mutating func integer(_ value: Int) {
        beginValue()
        JSONWriter.appendInteger(Int64(value), to: &bytes)
    }

    public mutating func bool(_ value: Bool) {
        beginValue()
        bytes += (value ? "true" : "false").utf8
    }

    public mutating func null() {
        beginValue()
        bytes += "null".utf8
    }
}
