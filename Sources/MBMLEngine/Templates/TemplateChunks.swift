/// A large template cut into pieces that evaluate to the same text one after another as the whole
/// template does, so that rendering it holds the token tree of one piece at a time: memory stays
/// proportional to the template, not to its number of tokens.
///
/// In the string context a template is a sequence of top-level tokens whose texts are joined; a cut
/// between two of them changes nothing. A cut is made only where that is certain: before a `$`, `^`
/// or `#` that no escape or sigil precedes (`$$`, `#$`, `\`), or after a line break, and only where
/// every `(`, `[` and `{` seen so far has been closed — brackets hold function parameters,
/// subscripts, `${…}` and `#(…)`, and an unclosed one keeps the rest of the template in one piece.
/// Templates shorter than twice ``targetLength`` stay whole, which keeps every error message and
/// trace of ordinary templates exactly as before.
struct TemplateChunks {
    /// One piece and where it starts in the template.
    struct Chunk: Equatable {
        var text: String
        /// The 1-based line of the template the piece starts on.
        var line: Int
        /// The 1-based column (in Unicode scalars) the piece starts at.
        var column: Int
    }

    /// About how long a piece is, in UTF-8 bytes.
    static let targetLength = 256 << 10

    let chunks: [Chunk]

    init(text: String, targetLength: Int = Self.targetLength) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2 * targetLength else {
            chunks = [Chunk(text: text, line: 1, column: 1)]
            return
        }
        var chunks: [Chunk] = []
        var start = 0, startLine = 1, startColumn = 1
        var line = 1, column = 1
        var open = (parens: 0, squares: 0, curlies: 0)
        for index in bytes.indices {
            let byte = bytes[index]
            if index - start >= targetLength, open == (0, 0, 0),
                MBMLSyntax.certainlyStartsToken(at: index, inUTF8: bytes)
            {
                chunks.append(Chunk(text: Self.text(bytes[start..<index]), line: startLine, column: startColumn))
                (start, startLine, startColumn) = (index, line, column)
            }
            switch byte {
            case UInt8(ascii: "("): open.parens += 1
            case UInt8(ascii: ")"): open.parens = max(0, open.parens - 1)
            case UInt8(ascii: "["): open.squares += 1
            case UInt8(ascii: "]"): open.squares = max(0, open.squares - 1)
            case UInt8(ascii: "{"): open.curlies += 1
            case UInt8(ascii: "}"): open.curlies = max(0, open.curlies - 1)
            default: break
            }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        chunks.append(Chunk(text: Self.text(bytes[start...]), line: startLine, column: startColumn))
        self.chunks = chunks
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
