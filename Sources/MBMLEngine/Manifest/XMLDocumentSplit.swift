/// Where a large document can be cut in two so that libxml2 parses each half on its own thread
/// (``XMLSourceDocument/parse(_:path:mode:splitting:)``): between two of the root's children, at the
/// start of a line.
///
/// The first half is the source up to the cut with the root's end tag added; the second is the
/// XML declaration and the root's start tag, as written, then a line feed and the source from
/// the cut on. Finding the cut only looks at the bytes around it; libxml2 decides whether it was
/// right: a cut anywhere but between two children of the root (inside a comment, a CDATA section,
/// an attribute value or a deeper element) leaves the first half's added end tag in the wrong
/// place, which it refuses. Whenever either half is refused or warned about, the document is parsed
/// whole instead, so messages are always those of one parse of the whole document.
///
/// Documents this does not cut (they are parsed whole): a document type declaration (its entities
/// and defaults hold for both halves), an encoding other than UTF-8, a byte-order mark other than
/// UTF-8's, an empty root.
struct XMLDocumentSplit: Equatable {
    /// The XML declaration (`<?xml … ?>`), if the document has one.
    let declaration: Range<Int>?
    /// The root's start tag, from `<` to `>`.
    let rootTag: Range<Int>
    /// The root's name as written (with its prefix, if any).
    let rootName: Range<Int>
    /// The offset of the cut: the start of a line whose first markup is a child element's start tag,
    /// after a line ending in `>`.
    let cut: Int

    /// The cut nearest after `target` (within `searchLength` bytes), or nil when the document has
    /// a form this does not cut or no such line is there.
    ///
    /// A line that starts with the same white space as the root's first child is taken: a line
    /// indented otherwise most likely starts an element nested deeper (a list's item), where a
    /// cut is refused. Where no line is indented so, the first that starts with a tag is taken.
    static func find(in source: UnsafeRawBufferPointer, near target: Int, searchLength: Int = 1 << 16) -> Self? {
        guard let prolog = Prolog(source) else { return nil }
        let indentation = firstChildIndentation(source, after: prolog.rootTag.upperBound)
        let start = max(target, prolog.rootTag.upperBound)
        let limit = min(source.count, start + searchLength)
        let found =
            indentation.flatMap { findLine(in: source, from: start, to: limit, after: prolog, indentedBy: $0) }
            ?? findLine(in: source, from: start, to: limit, after: prolog, indentedBy: nil)
        return found.map {
            Self(declaration: prolog.declaration, rootTag: prolog.rootTag, rootName: prolog.rootName, cut: $0)
        }
    }

    /// The start of the first line in `start..<limit` (of a line feed there) that may be cut at:
    /// white space (exactly `indentation`, when given) and an element's start tag, after a line
    /// ending in `>`.
    private static func findLine(
        in source: UnsafeRawBufferPointer, from start: Int, to limit: Int, after prolog: Prolog,
        indentedBy indentation: Range<Int>?
    ) -> Int? {
        var index = start
        while index < limit {
            guard source[index] == UInt8(ascii: "\n") else {
                index += 1
                continue
            }
            let lineStart = index + 1
            if startsWithElementTag(source, at: lineStart), endsWithTagClose(source, before: index),
                lineStart > prolog.rootTag.upperBound,
                indentation.map({ isIndented(source, at: lineStart, like: $0) }) ?? true
            {
                return lineStart
            }
            index += 1
        }
        return nil
    }

    /// The white space that starts the first line after `offset` that starts with an element's
    /// start tag (the root's first child, in a document written one element a line).
    private static func firstChildIndentation(_ source: UnsafeRawBufferPointer, after offset: Int) -> Range<Int>? {
        var index = offset
        let limit = min(source.count, offset + (1 << 16))
        while index < limit {
            if source[index] == UInt8(ascii: "\n"), startsWithElementTag(source, at: index + 1) {
                var end = index + 1
                while XMLBytes.isWhitespace(source[end]) { end += 1 }
                return index + 1..<end
            }
            index += 1
        }
        return nil
    }

    /// Whether the line at `lineStart` starts with the white space `indentation` of `source`, and
    /// then no more white space.
    private static func isIndented(_ source: UnsafeRawBufferPointer, at lineStart: Int, like indentation: Range<Int>)
        -> Bool
    {
        let end = lineStart + indentation.count
        guard end < source.count else { return false }
        return source[lineStart..<end].elementsEqual(source[indentation]) && !XMLBytes.isWhitespace(source[end])
    }

    /// The bytes the first half ends with: the root's end tag.
    func firstHalfEnd(in source: UnsafeRawBufferPointer) -> [UInt8] {
        Array("</".utf8) + Array(source[rootName]) + [UInt8(ascii: ">")]
    }

    /// The bytes the second half starts with, before the source from the cut on: the XML
    /// declaration and the root's start tag, and a line feed.
    func secondHalfStart(in source: UnsafeRawBufferPointer) -> [UInt8] {
        var bytes: [UInt8] = []
        if let declaration { bytes.append(contentsOf: source[declaration]) }
        bytes.append(contentsOf: source[rootTag])
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    // MARK: Around the cut

    /// Whether the line at `start` is white space and then an element's start tag.
    private static func startsWithElementTag(_ source: UnsafeRawBufferPointer, at start: Int) -> Bool {
        var index = start
        while index < source.count, XMLBytes.isWhitespace(source[index]), source[index] != UInt8(ascii: "\n") {
            index += 1
        }
        guard index + 1 < source.count, source[index] == UInt8(ascii: "<") else { return false }
        return isNameStart(source[index + 1])
    }

    /// Whether the last byte before `lineFeed` that is not white space is `>`.
    private static func endsWithTagClose(_ source: UnsafeRawBufferPointer, before lineFeed: Int) -> Bool {
        var index = lineFeed - 1
        while index >= 0, XMLBytes.isWhitespace(source[index]) { index -= 1 }
        return index >= 0 && source[index] == UInt8(ascii: ">")
    }

    /// A byte that may start an XML name: a letter, `_`, `:` or any byte of a non-ASCII character.
    fileprivate static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}

/// What comes before the root's children: an optional byte-order mark and XML declaration,
/// comments and processing instructions, and the root's start tag.
private struct Prolog {
    var declaration: Range<Int>?
    var rootTag: Range<Int> = 0..<0
    var rootName: Range<Int> = 0..<0

    init?(_ source: UnsafeRawBufferPointer) {
        var index = 0
        if source.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if XMLBytes.hasPrefix("<?xml", in: source, at: index), index + 5 < source.count,
            XMLBytes.isWhitespace(source[index + 5])
        {
            guard let end = XMLBytes.offset(of: "?>", in: source, from: index) else { return nil }
            declaration = index..<end + 2
            guard Self.declaresUTF8OrNothing(source[index..<end]) else { return nil }
            index = end + 2
        }
        while true {
            while index < source.count, XMLBytes.isWhitespace(source[index]) { index += 1 }
            if XMLBytes.hasPrefix("<!--", in: source, at: index) {
                guard let end = XMLBytes.offset(of: "-->", in: source, from: index + 4) else { return nil }
                index = end + 3
            } else if XMLBytes.hasPrefix("<?", in: source, at: index) {
                guard let end = XMLBytes.offset(of: "?>", in: source, from: index + 2) else { return nil }
                index = end + 2
            } else {
                break
            }
        }
        // A document type declaration, text, or a byte order that is not UTF-8: parsed whole.
        guard index + 1 < source.count, source[index] == UInt8(ascii: "<"),
            XMLDocumentSplit.isNameStart(source[index + 1])
        else { return nil }
        let tagStart = index
        index += 1
        while index < source.count, !XMLBytes.isWhitespace(source[index]), source[index] != UInt8(ascii: ">"),
            source[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        rootName = tagStart + 1..<index
        var quote: UInt8?
        while index < source.count {
            let byte = source[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "<") {
                return nil
            } else if byte == UInt8(ascii: ">") {
                break
            }
            index += 1
        }
        // An empty root (`<MBML/>`) has no children to share out.
        guard index < source.count, source[index - 1] != UInt8(ascii: "/") else { return nil }
        rootTag = tagStart..<index + 1
    }

    /// Whether a declaration names no encoding or UTF-8 (any case).
    private static func declaresUTF8OrNothing(_ declaration: Slice<UnsafeRawBufferPointer>) -> Bool {
        let text = String(decoding: declaration, as: UTF8.self)
        guard let range = text.range(of: "encoding") else { return true }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return false }
        let name = rest.dropFirst().prefix { $0 != quote }
        return name.lowercased() == "utf-8"
    }
}
