/// The marks under a range of an expression (`^~~~` under an error, `~~~` under a hint), placed by
/// display columns: the one rule the CLI's error output and the inspector's editor draw carets by.
///
/// Ranges count UTF-16 code units (as ``SourceRange`` does); a range marks every character it
/// overlaps. The marks start under the first of them, on the line (of a multi-line text) the range
/// starts in, and cover the range's characters up to the end of that line, at least one column (an
/// empty range, or one at the end of the text, gets a single mark). Widths are ``DisplayWidth``'s;
/// a control or other unsafe character takes the columns of its escape, as ``TerminalSafeText`` shows it.
public struct CaretLine: Equatable, Sendable {
    /// The line the range starts in, as printed: unsafe characters escaped (``TerminalSafeText``).
    public var line: String
    /// The index (in characters of the whole text) where ``line`` starts.
    public var lineStart: Int
    /// Columns from the start of ``line`` to the first mark.
    public var column: Int
    /// Columns the marks cover; at least 1.
    public var width: Int

    /// The caret line of `range` in `text`.
    /// - Parameters:
    ///   - text: the expression (or line) the range points into.
    ///   - range: the marked part, in UTF-16 units of `text`.
    ///   - scalarWidth: the width of one scalar (the inspector measures as its terminal does).
    public init(
        text: String, range: SourceRange,
        scalarWidth: (Unicode.Scalar) -> Int = DisplayWidth.width(of:)
    ) {
        self.init(characters: Array(text), range: range, scalarWidth: scalarWidth)
    }

    /// The caret line of `range` in text given as characters (the inspector's editor holds them so).
    public init(
        characters: [Character], range: SourceRange,
        scalarWidth: (Unicode.Scalar) -> Int = DisplayWidth.width(of:)
    ) {
        let marked = CharacterOffsets(characters).characters(in: range)
        var lineStart = marked.lowerBound
        while lineStart > 0, !characters[lineStart - 1].isNewline { lineStart -= 1 }
        var lineEnd = marked.lowerBound
        while lineEnd < characters.count, !characters[lineEnd].isNewline { lineEnd += 1 }
        self.line = TerminalSafeText.escaping(String(characters[lineStart..<lineEnd]))
        self.lineStart = lineStart
        self.column = characters[lineStart..<marked.lowerBound]
            .reduce(0) { $0 + DisplayWidth.of($1, scalarWidth: scalarWidth) }
        self.width = max(
            1,
            characters[marked.lowerBound..<min(marked.upperBound, lineEnd)]
                .reduce(0) { $0 + DisplayWidth.of($1, scalarWidth: scalarWidth) })
    }

    /// The marks: `first`, then `rest` for each further column.
    public func marks(first: String = "^", rest: String = "~") -> String {
        first + String(repeating: rest, count: width - 1)
    }

    /// The marks indented to their column, to print under ``line``.
    public var caret: String {
        String(repeating: " ", count: column) + marks()
    }
}
