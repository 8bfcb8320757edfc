/// Steps through JSON text that ``JSONStructureIndexer`` has already checked: it skips and decodes
/// values without checking them again.
struct JSONTextCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int

    /// Whether the byte at `position` is JSON whitespace.
    @inline(__always)
    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    mutating func skipWhitespace() {
        while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
    }

    /// Steps over the value that begins at `position`.
    mutating func skipValue() {
        switch bytes[position] {
        case UInt8(ascii: "\""): skipString()
        case UInt8(ascii: "["), UInt8(ascii: "{"): skipContainer()
        default:
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
                    || isWhitespace(byte)
                {
                    return
                }
                position += 1
            }
        }
    }

    /// Steps over the string whose opening quote is at `position`.
    mutating func skipString() {
        position += 1
        while position < bytes.count {
            if let base = bytes.baseAddress {
                position = JSONBytes.endOfPlainRun(base, from: position, end: bytes.count)
            }
            guard position < bytes.count else { return }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return
            }
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
    }

    /// Steps over the array or object whose opening bracket is at `position`.
    private mutating func skipContainer() {
        var depth = 0
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                skipString()
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    position += 1
                    return
                }
            default:
                break
            }
            position += 1
        }
    }

    /// The offsets of the members of the container at `position` (elements of an array, the
    /// opening quotes of the keys of an object), up to the first that begins at `limit` or later.
    mutating func memberOffsets(before limit: Int = .max) -> [Int] {
        var offsets: [Int] = []
        forEachMember(before: limit) { offsets.append($0) }
        return offsets
    }

    /// Calls `body` with the offset of each member of the container at `position`, up to the
    /// first that begins at `limit` or later.
    mutating func forEachMember(before limit: Int = .max, _ body: (Int) -> Void) {
        let isObject = bytes[position] == UInt8(ascii: "{")
        position += 1
        skipWhitespace()
        while position < limit, position < bytes.count, bytes[position] != UInt8(ascii: "]"),
            bytes[position] != UInt8(ascii: "}")
        {
            body(position)
            if isObject {
                skipString()
                skipWhitespace()
                position += 1 // the colon
                skipWhitespace()
            }
            skipValue()
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
            }
        }
    }

    /// From the opening quote of an object's key to the first byte of its value.
    mutating func skipToValue() {
        skipString()
        skipWhitespace()
        position += 1
        skipWhitespace()
    }
}
