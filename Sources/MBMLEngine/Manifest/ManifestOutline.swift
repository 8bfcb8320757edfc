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
        var scanner = OutlineScanner(scalars: Array(text.unicodeScalars))
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

/// The scanner behind ``ManifestOutline``: one pass over the text's Unicode scalars.
private struct OutlineScanner {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 0
    var column = 0
    var elements: [ManifestOutline.Element] = []
    /// The open elements, innermost last.
    var open: [Int] = []

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    var position: ManifestOutline.Position { .init(line: line, utf16Column: column) }

    mutating func advance() {
        let scalar = scalars[index]
        index += 1
        if scalar == "\n" {
            line += 1
            column = 0
        } else {
            column += scalar.value > 0xFFFF ? 2 : 1
        }
    }

    func starts(with text: [Unicode.Scalar]) -> Bool {
        guard index + text.count <= scalars.count else { return false }
        for (offset, scalar) in text.enumerated() where scalars[index + offset] != scalar { return false }
        return true
    }

    /// Moves past the next `terminator` (to the end when there is none).
    mutating func skip(past terminator: [Unicode.Scalar]) {
        while index < scalars.count, !starts(with: terminator) { advance() }
        for _ in terminator where index < scalars.count { advance() }
    }

    /// XML's white space: space, tab, line feed, carriage return.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r"
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\n", "\t", "\r", "<", ">", "/", "=", "\"", "'", "?", "!": false
        default: true
        }
    }

    static let commentStart = Array("<!--".unicodeScalars)
    static let commentEnd = Array("-->".unicodeScalars)
    static let cdataStart = Array("<![CDATA[".unicodeScalars)
    static let cdataEnd = Array("]]>".unicodeScalars)
    static let instructionStart = Array("<?".unicodeScalars)
    static let instructionEnd = Array("?>".unicodeScalars)
    static let declarationStart = Array("<!".unicodeScalars)
    static let endTagStart = Array("</".unicodeScalars)
    static let emptyTagEnd = Array("/>".unicodeScalars)
    static let tagEnd = Array(">".unicodeScalars)

    mutating func name() -> String {
        var result = String.UnicodeScalarView()
        while index < scalars.count, Self.isNameScalar(scalars[index]) {
            result.append(scalars[index])
            advance()
        }
        return String(result)
    }

    mutating func skipWhitespace() {
        while index < scalars.count, Self.isWhitespace(scalars[index]) { advance() }
    }

    mutating func scan() -> [ManifestOutline.Element] {
        while index < scalars.count {
            guard scalars[index] == "<" else {
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
        while index < scalars.count {
            let scalar = scalars[index]
            advance()
            if scalar == "[" { depth += 1 }
            if scalar == "]" { depth -= 1 }
            if scalar == ">" && depth <= 0 { return }
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
        while index < scalars.count {
            skipWhitespace()
            guard index < scalars.count else { break }
            let scalar = scalars[index]
            if scalar == ">" {
                advance()
                break
            }
            if scalar == "/" && starts(with: Self.emptyTagEnd) {
                advance()
                advance()
                isEmpty = true
                break
            }
            if scalar == "<" { break } // a tag left unfinished while typing
            let attributeName = name()
            if attributeName.isEmpty {
                advance()
                continue
            }
            skipWhitespace()
            guard index < scalars.count, scalars[index] == "=" else { continue }
            advance()
            skipWhitespace()
            guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else { continue }
            let quote = scalars[index]
            advance()
            let valueStart = position
            var raw = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != quote, scalars[index] != "<" {
                raw.append(scalars[index])
                advance()
            }
            let valueEnd = position
            if index < scalars.count, scalars[index] == quote { advance() }
            element.attributes.append(
                .init(
                    name: attributeName, value: Self.decoded(String(raw)), valueStart: valueStart,
                    valueEnd: valueEnd))
        }
        element.end = position
        elements.append(element)
        if !isEmpty { open.append(elements.count - 1) }
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#…;` references decoded; others kept.
    static func decoded(_ raw: String) -> String {
        guard raw.contains("&") else { return raw }
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
