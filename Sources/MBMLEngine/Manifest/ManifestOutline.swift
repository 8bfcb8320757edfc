/// The elements of a manifest's text and where each one is: what an editor shows as the outline,
/// folds, links and renames (`mbml lsp`'s document symbols, folding ranges, document links and
/// rename of a declaration).
///
/// A tolerant scan, not the loader's parser: it reads text that is being typed (an unclosed element
/// ends where the text ends, a stray end tag closes the elements opened after its match) and never
/// fails. Comments, CDATA sections, processing instructions and the document type declaration are
/// skipped. Positions are 0-based lines and UTF-16 offsets in the line (what the Language Server
/// Protocol counts); a line ends at `\n` (a `\r` before it belongs to no element).
public struct ManifestOutline: Sendable {
    /// A place in the text: a 0-based line and a UTF-16 offset in it.
    public struct Position: Sendable, Equatable, Comparable {
        public var line: Int
        public var utf16Column: Int

        public init(line: Int, utf16Column: Int) {
            self.line = line
            self.utf16Column = utf16Column
        }

        public static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.line, lhs.utf16Column) < (rhs.line, rhs.utf16Column)
        }
    }

    /// One attribute of a start tag.
    public struct Attribute: Sendable, Equatable {
        public var name: String
        /// The value, the five predefined entities and character references decoded.
        public var value: String
        /// Just after the opening quote.
        public var valueStart: Position
        /// At the closing quote.
        public var valueEnd: Position
    }

    /// One element.
    public struct Element: Sendable, Equatable {
        /// The tag name as written (`Var`, `Include`, `ns:Thing`).
        public var name: String
        public var attributes: [Attribute]
        /// At the `<` of the start tag.
        public var start: Position
        /// Just past the `>` of the end tag (or of the start tag of an empty element); where the text
        /// ends for an element never closed.
        public var end: Position
        /// Just past the name in the start tag.
        public var nameEnd: Position
        /// The index of the enclosing element in ``ManifestOutline/elements``, nil for a root.
        public var parent: Int?

        /// The value of attribute `name`, if the element has it.
        public func attribute(_ name: String) -> Attribute? {
            attributes.first { $0.name == name }
        }
    }

    /// Every element, in document order of their start tags.
    public let elements: [Element]

    /// Scans `text`.
    public init(text: String) {
        var scanner = OutlineScanner(bytes: Array(text.utf8))
        elements = scanner.scan()
    }

    /// The indexes of each element's children, in document order, by parent (the roots under nil).
    public func childIndexes() -> [Int?: [Int]] {
        var result: [Int?: [Int]] = [:]
        for (index, element) in elements.enumerated() { result[element.parent, default: []].append(index) }
        return result
    }

    /// The innermost element whose span contains `position`, or nil.
    public func innermostElement(containing position: Position) -> Int? {
        var found: Int?
        for (index, element) in elements.enumerated() where element.start <= position && position < element.end {
            found = index
        }
        return found
    }
}

/// The scanner behind ``ManifestOutline``: one pass over the text's UTF-8 bytes (every character
/// the scan looks for is ASCII; a scalar of several bytes counts once, or twice in UTF-16 when it
/// needs 4 bytes, at its lead byte).
private struct OutlineScanner {
    let bytes: [UInt8]
    var index = 0
    var line = 0
    var column = 0
    var elements: [ManifestOutline.Element] = []
    /// The open elements, innermost last.
    var open: [Int] = []

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var position: ManifestOutline.Position { .init(line: line, utf16Column: column) }

    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 0
        } else if byte & 0xC0 != 0x80 {
            // A scalar's lead byte: a 4-byte scalar is beyond U+FFFF, two UTF-16 units.
            column += byte >= 0xF0 ? 2 : 1
        }
    }

    func starts(with text: [UInt8]) -> Bool {
        guard index + text.count <= bytes.count else { return false }
        for (offset, byte) in text.enumerated() where bytes[index + offset] != byte { return false }
        return true
    }

    /// Moves past the next `terminator` (to the end when there is none).
    mutating func skip(past terminator: [UInt8]) {
        while index < bytes.count, !starts(with: terminator) { advance() }
        for _ in terminator where index < bytes.count { advance() }
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "<"),
            UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "?"), UInt8(ascii: "!"):
            false
        default: true
        }
    }

    static let commentStart = Array("<!--".utf8)
    static let commentEnd = Array("-->".utf8)
    static let cdataStart = Array("<![CDATA[".utf8)
    static let cdataEnd = Array("]]>".utf8)
    static let instructionStart = Array("<?".utf8)
    static let instructionEnd = Array("?>".utf8)
    static let declarationStart = Array("<!".utf8)
    static let endTagStart = Array("</".utf8)
    static let emptyTagEnd = Array("/>".utf8)
    static let tagEnd = Array(">".utf8)

    mutating func name() -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { advance() }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func skipWhitespace() {
        while index < bytes.count, XMLBytes.isWhitespace(bytes[index]) { advance() }
    }

    mutating func scan() -> [ManifestOutline.Element] {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                advance()
                continue
            }
            if starts(with: Self.commentStart) {
                skip(past: Self.commentEnd)
            } else if starts(with: Self.cdataStart) {
                skip(past: Self.cdataEnd)
            } else if starts(with: Self.instructionStart) {
                skip(past: Self.instructionEnd)
            } else if starts(with: Self.declarationStart) {
                skipDeclaration()
            } else if starts(with: Self.endTagStart) {
                endTag()
            } else {
                startTag()
            }
        }
        for element in open { elements[element].end = position }
        return elements
    }

    /// `<!DOCTYPE …>`, with an internal subset in brackets.
    mutating func skipDeclaration() {
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            advance()
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") { depth -= 1 }
            if byte == UInt8(ascii: ">") && depth <= 0 { return }
        }
    }

    mutating func endTag() {
        advance()
        advance()
        let tag = name()
        skip(past: Self.tagEnd)
        // Close up to the innermost open element of that name; a stray end tag closes nothing.
        guard let match = open.lastIndex(where: { elements[$0].name == tag }) else { return }
        for element in open[match...] { elements[element].end = position }
        open.removeSubrange(match...)
    }

    mutating func startTag() {
        let start = position
        advance()
        let tag = name()
        guard !tag.isEmpty else { return }
        var element = ManifestOutline.Element(
            name: tag, attributes: [], start: start, end: start, nameEnd: position, parent: open.last)
        var isEmpty = false
        while index < bytes.count {
            skipWhitespace()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                advance()
                break
            }
            if byte == UInt8(ascii: "/") && starts(with: Self.emptyTagEnd) {
                advance()
                advance()
                isEmpty = true
                break
            }
            if byte == UInt8(ascii: "<") { break } // a tag left unfinished while typing
            let attributeName = name()
            if attributeName.isEmpty {
                advance()
                continue
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
            advance()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
            else { continue }
            let quote = bytes[index]
            advance()
            let valueStart = position
            let rawStart = index
            while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "<") { advance() }
            let raw = bytes[rawStart..<index]
            let valueEnd = position
            if index < bytes.count, bytes[index] == quote { advance() }
            element.attributes.append(
                .init(
                    name: attributeName,
                    value: raw.contains(UInt8(ascii: "&"))
                        ? Self.decoded(String(decoding: raw, as: UTF8.self)) : String(decoding: raw, as: UTF8.self),
                    valueStart: valueStart, valueEnd: valueEnd))
        }
        element.end = position
        elements.append(element)
        if !isEmpty { open.append(elements.count - 1) }
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#…;` references decoded; others kept.
    static func decoded(_ raw: String) -> String {
        guard raw.utf8.contains(UInt8(ascii: "&")) else { return raw }
        var result = ""
        var rest = Substring(raw)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";"),
                rest.distance(from: ampersand, to: semicolon) <= 10
            else {
                result += "&"
                rest = rest[rest.index(after: ampersand)...]
                continue
            }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number: UInt32? =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "&" + entity + ";"
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
