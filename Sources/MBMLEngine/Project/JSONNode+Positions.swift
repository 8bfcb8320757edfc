import Foundation

/// Where the members of a JSON container are in its text, by line and column: what a reader of a
/// small configuration file (``ProjectFile``) needs to point at a value that is valid JSON but not
/// what the file allows.
extension JSONNode {
    /// One member: an array element (no key) or an object entry, with the 1-based line and column
    /// (in Unicode scalars) of its key, or of the element itself.
    struct PositionedMember {
        var key: String?
        var value: Value
        var line: Int
        var column: Int
    }

    /// The members in the order they are written (a repeated key appears each time).
    func positionedMembers() -> [PositionedMember] {
        let offsets = memberOffsets()
        let isObject = !isArray
        return document.withBytes { bytes in
            offsets.map { offset in
                var valueOffset = offset
                var key: String?
                if isObject {
                    key = JSONNode.string(bytes, at: offset)
                    var cursor = JSONTextCursor(bytes: bytes, position: offset)
                    cursor.skipToValue()
                    valueOffset = cursor.position
                }
                let (line, column) = document.position(at: offset)
                return PositionedMember(
                    key: key, value: JSONNode.value(in: document, bytes, at: valueOffset), line: line, column: column)
            }
        }
    }

    /// The 1-based line and column of the container's opening bracket.
    var position: (line: Int, column: Int) { document.position(at: offset) }
}

extension JSONDocument {
    /// The 1-based line and column (Unicode scalars from the start of the line) of the byte at `offset`.
    func position(at offset: Int) -> (line: Int, column: Int) {
        let line = line(at: offset)
        return withBytes { bytes in
            let end = min(max(offset, 0), bytes.count)
            var start = end
            while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            let prefix = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            return (line, prefix.unicodeScalars.count + 1)
        }
    }
}
