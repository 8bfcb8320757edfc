/// Finds where each element's start tag begins in XML source text.
///
/// libxml2 records only a line number on each node (and for a start tag spread over several lines,
/// the line where the tag *ends*). To report `line:column` of the `<` that opens an element, the
/// loader scans the source once, lazily (only when a diagnostic needs a position), listing every
/// start tag in document order. Because the loader never substitutes entities, the elements of the
/// libxml2 tree in pre-order correspond one to one with these start tags; ``XMLSourceDocument``
/// checks the names match and falls back to libxml2's line and column 1 if they ever don't.
///
/// The scan skips comments, CDATA sections, processing instructions, end tags and the DOCTYPE
/// declaration (with its internal subset, quoted strings and comments), and honours quotes inside
/// start tags (attribute values may contain `>`). Lines are counted at line feeds, as libxml2 does.
/// A leading UTF-8 byte order mark is not counted as a column.
struct StartTagScanner {
    /// One start tag: where its `<` is and the byte range of its (qualified) name.
    struct StartTag {
        var position: SourcePosition
        var name: Range<Int>
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Every start tag in `bytes`, in document order.
    static func startTags(in bytes: [UInt8]) -> [StartTag] {
        var scanner = StartTagScanner(bytes: bytes)
        return scanner.scan()
    }

    private mutating func scan() -> [StartTag] {
        var tags: [StartTag] = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                step()
                continue
            }
            if hasPrefix("<!--") {
                skip(through: "-->")
            } else if hasPrefix("<![CDATA[") {
                skip(through: "]]>")
            } else if hasPrefix("<?") {
                skip(through: "?>")
            } else if hasPrefix("<!") {
                skipDeclaration()
            } else if hasPrefix("</") {
                skip(through: ">")
            } else {
                let position = SourcePosition(line: line, column: column)
                step()
                let nameStart = index
                while index < bytes.count, !Self.endsName(bytes[index]) { step() }
                tags.append(StartTag(position: position, name: nameStart..<index))
                skipToTagEnd()
            }
        }
        return tags
    }

    /// Advances one byte, keeping line and column.
    private mutating func step() {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    private func hasPrefix(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] {
            return false
        }
        return true
    }

    private mutating func skip(through terminator: StaticString) {
        while index < bytes.count, !hasPrefix(terminator) { step() }
        for _ in 0..<terminator.utf8CodeUnitCount where index < bytes.count { step() }
    }

    /// Skips a start tag's attributes up to and including its `>`.
    private mutating func skipToTagEnd() {
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            step()
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return
            }
        }
    }

    /// Skips `<!DOCTYPE ...>` (or any other `<!` declaration) including an internal subset.
    private mutating func skipDeclaration() {
        var quote: UInt8?
        var bracketDepth = 0
        step()
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                step()
                if byte == open { quote = nil }
                continue
            }
            if hasPrefix("<!--") {
                skip(through: "-->")
                continue
            }
            if hasPrefix("<?") {
                skip(through: "?>")
                continue
            }
            step()
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["): bracketDepth += 1
            case UInt8(ascii: "]"): bracketDepth = max(0, bracketDepth - 1)
            case UInt8(ascii: ">") where bracketDepth == 0: return
            default: break
            }
        }
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: "/"), UInt8(ascii: ">"):
            return true
        default:
            return false
        }
    }
}
