import MBMLEngine

/// The expression text around an LSP position: the position's line as characters — with the lines
/// before it when the expression it is in started on an earlier line (``ExpressionLines``) —, the
/// character offset of the position in them, and ``MBMLSyntax`` over that text.
struct CursorContext {
    /// The document's URI.
    let uri: String
    let line: Int
    /// The text read: the lines from ``firstLine`` to ``line``, joined with `\n`.
    let characters: [Character]
    let offset: Int
    let syntax: MBMLSyntax
    /// The first line of ``characters``.
    let firstLine: Int
    /// Where each line of ``characters`` starts in it, from ``firstLine`` on.
    let lineStarts: [Int]
    private let document: TextDocument

    init(document: TextDocument, position: LSPPosition) {
        uri = document.uri
        line = position.line
        self.document = document
        firstLine = ExpressionLines.firstLine(of: position.line, column: position.character, in: document)
        var characters: [Character] = []
        var lineStarts: [Int] = []
        for number in firstLine...max(firstLine, position.line) {
            if number > firstLine { characters.append("\n") }
            lineStarts.append(characters.count)
            characters += document.characters(ofLine: number)
        }
        let ownLine = Array(characters[(lineStarts.last ?? 0)...])
        offset = (lineStarts.last ?? 0) + TextDocument.characterOffset(utf16: position.character, in: ownLine)
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

    /// The first line of the text read for `line` with the position at UTF-16 offset `column`: the
    /// nearest line before it with a quote, `<` or `>` (where an attribute value or element text
    /// starts), no further back than ``maximumLines``; `line` itself when its text before the
    /// position has one or no line within reach does.
    static func firstLine(of line: Int, column: Int, in document: TextDocument) -> Int {
        guard document.lines.indices.contains(line) else { return line }
        let before = document.lines[line].utf16.prefix(column)
        if before.contains(where: { "\"'<>".utf16.contains($0) }) { return line }
        var first = line
        while first > 0, line - first < maximumLines {
            first -= 1
            if document.lines[first].contains(where: { "\"'<>".contains($0) }) { return first }
        }
        return line
    }
}
