import MBMLEngine

/// The expression text around an LSP position: the position's line as characters — with the lines
/// before it when the expression it is in started on an earlier line, and, read ahead, the lines
/// after it to where the expression ends (``ExpressionLines``) —, the character offset of the
/// position in them, and ``MBMLSyntax`` over that text.
struct CursorContext {
    /// The document's URI.
    let uri: String
    let line: Int
    /// The text read: the lines from ``firstLine`` to ``line`` (or further, read ahead), joined with `\n`.
    let characters: [Character]
    let offset: Int
    let syntax: MBMLSyntax
    /// The first line of ``characters``.
    let firstLine: Int
    /// Where each line of ``characters`` starts in it, from ``firstLine`` on.
    let lineStarts: [Int]
    private let document: TextDocument

    /// The text around `position`; `readingAhead` reads on past its line to where the expression
    /// ends (``ExpressionLines/lastLine(of:column:in:)``), so that a call that closes on a later line is
    /// whole (a hover traces it); completion and signature help read only what is before the position.
    init(document: TextDocument, position: LSPPosition, readingAhead: Bool = false) {
        uri = document.uri
        line = position.line
        self.document = document
        firstLine = ExpressionLines.firstLine(of: position.line, column: position.character, in: document)
        let lastLine =
            readingAhead
            ? ExpressionLines.lastLine(of: position.line, column: position.character, in: document) : position.line
        var characters: [Character] = []
        var lineStarts: [Int] = []
        for number in firstLine...max(firstLine, lastLine) {
            if number > firstLine { characters.append("\n") }
            lineStarts.append(characters.count)
            characters += document.characters(ofLine: number)
        }
        let ownStart = lineStarts[max(0, min(lineStarts.count - 1, position.line - firstLine))]
        let ownLine = Array(document.characters(ofLine: position.line))
        offset = ownStart + TextDocument.characterOffset(utf16: position.character, in: ownLine)
        self.characters = characters
        self.lineStarts = lineStarts
        syntax = MBMLSyntax(characters: characters)
    }

    /// The function name under the position (on its `^` too).
    var functionName: (name: String, typed: String, start: Int)? {
        syntax.functionName(under: offset)
    }

    /// The reference under the position: the chain that ends where the word under the position ends
    /// (`$tot|al.count` → `$total`), its variable and expression text.
    var reference: (variable: String, expression: String, start: Int, end: Int)? {
        // `${name}`, `${ns:name}`, `$(name with spaces)` and `$[name]` themselves, as the engine's parser reads them.
        if let written = syntax.variableReferences().first(where: {
            $0.form != .simple && $0.start <= offset && offset < $0.end
        }) {
            return (written.name, String(characters[written.start..<written.end]), written.start, written.end)
        }
        guard let (chain, end) = syntax.referenceChain(under: offset) else { return nil }
        let variable: String
        switch chain.partial {
        case .variableName(let name): variable = chain.variable ?? name
        default:
            guard let name = chain.variable else { return nil }
            variable = name
        }
        guard !variable.isEmpty else { return nil }
        return (variable, String(characters[chain.start..<end]), chain.start, end)
    }

    /// The LSP range of the character offsets `start..<end` of ``characters``.
    func range(from start: Int, to end: Int) -> LSPRange {
        LSPRange(start: position(of: start), end: position(of: end))
    }

    /// The LSP position of a character offset of ``characters``.
    func position(of offset: Int) -> LSPPosition {
        let index = lineStarts.lastIndex { $0 <= offset } ?? 0
        let lineCharacters = document.characters(ofLine: firstLine + index)
        return LSPPosition(
            line: firstLine + index,
            character: TextDocument.utf16Offset(character: offset - lineStarts[index], in: lineCharacters))
    }
}

/// Where the expression around a line starts: an expression may span lines (an attribute value or
/// element text broken over several), and the lines before the one being edited are part of it when
/// that line does not start a value itself.
enum ExpressionLines {
    /// The most lines one expression is read back over.
    static let maximumLines = 50

    /// The most lines of a template read back and ahead: a template is one expression, its calls
    /// may span many lines.
    static let maximumTemplateLines = 2000

    /// The first line of the text read for `line` with the position at UTF-16 offset `column`: in a
    /// template, its first line (no further back than ``maximumTemplateLines``); in a manifest, the
    /// nearest line before it with a quote, `<` or `>` (where an attribute value or element text
    /// starts), no further back than ``maximumLines``; `line` itself when its text before the
    /// position has one or no line within reach does.
    static func firstLine(of line: Int, column: Int, in document: TextDocument) -> Int {
        guard document.lines.indices.contains(line) else { return line }
        if document.isTemplate { return max(0, line - maximumTemplateLines) }
        let before = document.lines[line].utf16.prefix(column)
        if before.contains(where: { "\"'<>".utf16.contains($0) }) { return line }
        var first = line
        while first > 0, line - first < maximumLines {
            first -= 1
            if document.lines[first].contains(where: { "\"'<>".contains($0) }) { return first }
        }
        return line
    }

    /// The last line of the text read ahead from `line` with the position at UTF-16 offset
    /// `column`: in a template, its last line (no further than ``maximumTemplateLines``); in a
    /// manifest, `line` itself when its text after the position has a quote, `<` or `>` (where an
    /// attribute value or element text ends), else the nearest line after it with one, no further
    /// than ``maximumLines``.
    static func lastLine(of line: Int, column: Int, in document: TextDocument) -> Int {
        guard document.lines.indices.contains(line) else { return line }
        let end = document.lines.count - 1
        if document.isTemplate { return min(end, line + maximumTemplateLines) }
        let after = document.lines[line].utf16.dropFirst(column)
        if line == end || after.contains(where: { "\"'<>".utf16.contains($0) }) { return line }
        var last = line + 1
        while last < end, last - line < maximumLines {
            if document.lines[last].contains(where: { "\"'<>".contains($0) }) { return last }
            last += 1
        }
        return last
    }
}
