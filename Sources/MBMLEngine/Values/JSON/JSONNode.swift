import Foundation
import OrderedCollections

/// An array or object inside a ``JSONDocument``, not yet decoded: the storage of a ``ValueArray`` or
/// ``ValueDictionary`` that is a view of a document.
///
/// It reads as the array or dictionary that reading the whole text would have built from the same
/// text. Reading a member decodes only that member; members that are
/// containers are nodes again.
public struct JSONNode: Sendable {
    let document: JSONDocument
    /// The offset of the container's opening bracket in the document.
    let offset: Int

    /// Whether the node is an array (otherwise it is an object).
    public var isArray: Bool { document.withBytes { $0[offset] == UInt8(ascii: "[") } }

    /// The number of elements or entries (an object's repeated keys count once, as in a dictionary).
    public var count: Int {
        isArray ? memberOffsets().count : objectIndex().keys.count
    }

    /// An object's keys and where their values are: kept by the document for a large object, built
    /// for this call for a small one.
    func objectIndex() -> JSONObjectIndex {
        document.objectIndexes.index(of: self) ?? JSONObjectIndex(self)
    }

    /// The value that begins at `offset` (a member of an array, or a value of an object's index).
    func value(at offset: Int) -> Value {
        document.withBytes { JSONNode.value(in: document, $0, at: offset) }
    }

    /// The length of the container's text, in bytes.
    var byteCount: Int {
        document.withBytes { bytes in
            var cursor = JSONTextCursor(bytes: bytes, position: offset)
            cursor.skipValue()
            return cursor.position - offset
        }
    }

    /// Whether `other` is the same text (the same place of the same document, or byte for byte
    /// the same text in another one, as a reload of an unchanged file gives): then the two are
    /// equal without being decoded.
    ///
    /// One pass: a value's text delimits itself, so when this node's bytes are found at the other's
    /// offset the other's value ends where this one does; its length is not scanned again. A
    /// document's top-level value ends at the document's last byte that is not white space, found
    /// without a scan at all.
    func hasSameText(as other: JSONNode) -> Bool {
        if document === other.document, offset == other.offset { return true }
        if isRoot, other.isRoot, textEnd - offset != other.textEnd - other.offset { return false }
        let length = isRoot ? textEnd - offset : byteCount
        return document.withBytes { mine in
            other.document.withBytes { theirs in
                guard other.offset + length <= theirs.count, let a = mine.baseAddress, let b = theirs.baseAddress
                else { return false }
                return memcmp(a + offset, b + other.offset, length) == 0
            }
        }
    }

    /// Whether this is its document's top-level value.
    private var isRoot: Bool { offset == document.index.root }

    /// The offset just past the document's last byte that is not JSON white space: the end of the
    /// top-level value.
    private var textEnd: Int {
        document.withBytes { bytes in
            var end = bytes.count
            while end > 0, JSONBytes.isWhitespace(bytes[end - 1]) { end -= 1 }
            return end
        }
    }

    /// The number of lines of the container pretty-printed one value a line (a scalar or an empty
    /// container is one line, any other container its two brackets plus its members' lines), found
    /// from the text without decoding it: what a viewer needs to jump to the end.
    public var lineCount: Int {
        document.withBytes { bytes in JSONNode.lineCount(bytes, containerAt: offset) }
    }

    private static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>, containerAt start: Int) -> Int {
        var lines = 0
        var cursor = JSONTextCursor(bytes: bytes, position: start)
        let isObject = bytes[start] == UInt8(ascii: "{")
        cursor.forEachMember { member in
            var value = member
            if isObject {
                var key = JSONTextCursor(bytes: bytes, position: member)
                key.skipToValue()
                value = key.position
            }
            let byte = value < bytes.count ? bytes[value] : 0
            lines += byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") ? lineCount(bytes, containerAt: value) : 1
        }
        return lines == 0 ? 1 : lines + 2
    }

    /// Whether a key or a string inside the container may contain `needle` (ASCII bytes; with
    /// `foldingASCIICase`, lower-case, and ASCII letters of the text are folded to compare): false
    /// only when the text has no escape and no such run of bytes, so that no decoded key or string
    /// can contain it. A search passes over the container without decoding it then.
    public func textMayContain(_ needle: [UInt8], foldingASCIICase: Bool) -> Bool {
        guard let first = needle.first else { return true }
        let end = offset + byteCount
        return document.withBytes { bytes in
            var start = offset
            while start + needle.count <= end {
                let byte = bytes[start]
                if byte == UInt8(ascii: "\\") { return true }
                let folded = foldingASCIICase && byte &- 0x41 < 26 ? byte + 0x20 : byte
                if folded == first {
                    var index = 1
                    while index < needle.count {
                        let next = bytes[start + index]
                        if (foldingASCIICase && next &- 0x41 < 26 ? next + 0x20 : next) != needle[index] { break }
                        index += 1
                    }
                    if index == needle.count { return true }
                }
                start += 1
            }
            // An escape in the last bytes still leaves the text undecided.
            return bytes[start..<end].contains(UInt8(ascii: "\\"))
        }
    }

    /// Where the members begin: from the index for a large container, else by scanning its text.
    func memberOffsets() -> [Int] {
        if let known = document.index.members[offset] { return known }
        return document.withBytes { bytes in
            var cursor = JSONTextCursor(bytes: bytes, position: offset)
            return cursor.memberOffsets()
        }
    }

    /// The elements of an array, decoded one level (nested containers stay nodes).
    public func elements() -> [Value] {
        let offsets = memberOffsets()
        return document.withBytes { bytes in offsets.map { JSONNode.value(in: document, bytes, at: $0) } }
    }

    /// The element at `index` of an array, or nil outside its bounds.
    public func element(at index: Int) -> Value? {
        let offsets = memberOffsets()
        guard offsets.indices.contains(index) else { return nil }
        return document.withBytes { JSONNode.value(in: document, $0, at: offsets[index]) }
    }

    /// The entries of an object, decoded one level. A repeated key keeps its first place and its
    /// last value, as reading the whole text builds it.
    public func entries() -> OrderedDictionary<String, Value> {
        let offsets = memberOffsets()
        return document.withBytes { bytes in
            var entries = OrderedDictionary<String, Value>(minimumCapacity: offsets.count)
            for member in offsets {
                var cursor = JSONTextCursor(bytes: bytes, position: member)
                let key = JSONNode.string(bytes, at: member)
                cursor.skipToValue()
                entries[key] = JSONNode.value(in: document, bytes, at: cursor.position)
            }
            return entries
        }
    }

    /// The value of an object's `key` (the last one when the key repeats), without decoding the
    /// other entries.
    public func value(forKey key: String) -> Value? {
        var text = key
        // A small object (the common record of a large array) in one pass over its text; one
        // longer than the structure index leaves unrecorded is looked up below.
        let (isPlain, small) = text.withUTF8 { wanted in
            (
                JSONKeyLookup.isPlain(wanted),
                document.withBytes { bytes in
                    JSONKeyLookup(wanted: wanted, key: key).find(
                        in: bytes, objectAt: offset, limit: JSONStructureIndexer.indexedContainerBytes)
                }
            )
        }
        if case .found(let found) = small {
            guard let found else { return nil }
            return value(at: found)
        }
        // Only a large object (one the structure index records) has an object index: a small one
        // is read without the lock the indexes are kept under, which the workers of a parallel
        // per-item scope would otherwise take for every item.
        let offsets = memberOffsets()
        return document.withBytes { bytes in
            if let index = document.objectIndexes.existingIndex(of: self) {
                return index.keys.firstIndex(of: key).map {
                    JSONNode.value(in: document, bytes, at: index.valueOffsets[$0])
                }
            }
            let found = offsets.last {
                isPlain ? JSONNode.rawKey(bytes, at: $0, equals: key) : JSONNode.string(bytes, at: $0) == key
            }
            guard let found else { return nil }
            var cursor = JSONTextCursor(bytes: bytes, position: found)
            cursor.skipToValue()
            return JSONNode.value(in: document, bytes, at: cursor.position)
        }
    }

    /// The whole container as `JSONReader` builds it.
    func materialized() -> Value {
        document.withBytes { bytes in
            var reader = JSONReader(bytes: bytes, tagged: false, maximumDepth: document.maximumDepth)
            reader.position = offset
            // The document was checked when it was indexed: the reader cannot fail on it.
            return (try? reader.readValue()) ?? .null
        }
    }

    /// The value that begins at `position`: a node for a container, else the decoded scalar.
    ///
    /// Text that changed after the check — a mapped file truncated under the read reads zeros
    /// (``MappedFileGuard``; the host reports the file as changed) — reads as null where no value
    /// is, as an empty string where a string ends early; never past the bytes.
    static func value(in document: JSONDocument, _ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Value {
        guard position < bytes.count else { return .null }
        switch bytes[position] {
        case UInt8(ascii: "["): return .array(ValueArray(node: JSONNode(document: document, offset: position)))
        case UInt8(ascii: "{"):
            return .dictionary(ValueDictionary(node: JSONNode(document: document, offset: position)))
        case UInt8(ascii: "\""): return .string(string(bytes, at: position))
        case UInt8(ascii: "t"): return .boolean(true)
        case UInt8(ascii: "f"): return .boolean(false)
        case UInt8(ascii: "n"): return .null
        default: return number(bytes, at: position)
        }
    }

    /// The string whose opening quote is at `position`, decoded as `JSONReader` decodes it; empty
    /// where the text changed after the check (a control byte: ``value(in:_:at:)``).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> String {
        var end = position + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 1)..<end]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return "" }
            end += 1
        }
        var reader = JSONReader(bytes: bytes, tagged: false, maximumDepth: 1)
        reader.position = position
        return (try? reader.readString()) ?? ""
    }

    /// Whether the key whose opening quote is at `position` is `wanted` (ASCII without quotes or
    /// backslashes): compared byte for byte when the key's text is plain ASCII, else decoded first.
    private static func rawKey(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, equals wanted: String) -> Bool {
        var wanted = wanted
        return wanted.withUTF8 { expected in
            let start = position + 1
            guard start + expected.count < bytes.count, let base = bytes.baseAddress, let key = expected.baseAddress
            else { return false }
            // The common case: the same bytes, then the closing quote (the quote is looked at first:
            // most other keys of an object differ in length, and need no comparison at all).
            if base[start + expected.count] == UInt8(ascii: "\""),
                expected.isEmpty || base[start] == key[0],
                memcmp(base + start, key, expected.count) == 0
            {
                return true
            }
            // A key written with escapes or non-ASCII characters may still spell `wanted`.
            var index = start
            while index < bytes.count, base[index] != UInt8(ascii: "\"") {
                // The text changed after the check (``value(in:_:at:)``).
                if base[index] < 0x20 { return false }
                if base[index] == UInt8(ascii: "\\") || base[index] >= 0x80 {
                    return string(bytes, at: position) == String(decoding: expected, as: UTF8.self)
                }
                index += 1
            }
            return false
        }
    }

    /// The number that begins at `position`.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Value {
        var end = position
        var isInteger = true
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") {
                isInteger = false
            } else if byte != UInt8(ascii: "-") && byte != UInt8(ascii: "+") && byte &- UInt8(ascii: "0") >= 10 {
                break
            }
            end += 1
        }
        // No number where the index has one, or only the start of one (`-`, `1.`, `2e+`): the file
        // was truncated under the mapping, and zeros are read there (``MappedFileGuard``; the host
        // reports the file as changed). A start of a JSON number that ends in a digit is one.
        guard end > position, bytes[end - 1] &- UInt8(ascii: "0") < 10 else { return .null }
        let text = bytes[position..<end]
        if isInteger, let integer = JSONReader.integer(text) { return .integer(integer) }
        return JSONReader.number(text, isInteger: isInteger) ?? .null
    }
}
