/// Expression text read lexically, in UTF-16 code units (the offsets of ``SourceRange``), with the
/// scanner's own rules and without parsing: where escape sequences are and which constructs open and
/// never close. It tolerates any text, so the hints read through it what the parser can not tell
/// about text that is valid but probably mistaken.
struct SyntaxUnits {
    /// Where a `#(`, `$(`, `$[`, `${` or `^name(` starts, and its bracket.
    struct Opener: Equatable {
        /// The offset of the `#`, `$` or `^`.
        var start: Int
        /// The offset of the bracket that opens.
        var bracket: Int
    }

    let units: [UInt16]
    private let source: SourceText

    /// The offsets that are not part of an escape sequence (`$$`, `##`, `^^`, `\n`, `\t`), in order.
    let unescapedOffsets: [Int]

    init(_ text: String) {
        units = Array(text.utf16)
        source = SourceText(units)
        var offsets: [Int] = []
        var index = 0
        while index < units.count {
            if source.escape(at: index, before: units.count) != nil {
                index += 2
                continue
            }
            offsets.append(index)
            index += 1
        }
        unescapedOffsets = offsets
    }

    /// The constructs that start at an unescaped offset and whose bracket never closes, so that the
    /// scanner reads them as literal text; in order, nested ones included.
    var unclosedOpeners: [Opener] {
        let end = units.count
        return unescapedOffsets.compactMap { index in
            let bracket =
                source.mathParenthesis(at: index, before: end) ?? source.referenceBracket(at: index, before: end)
                ?? source.callParenthesis(at: index, before: end)
            guard let bracket, source.match(of: bracket, before: end) == nil else { return nil }
            return Opener(start: index, bracket: bracket)
        }
    }

    /// The bracket that closes the one at `offset`: `)`, `]` or `}`.
    func closer(of offset: Int) -> String {
        switch units[offset] {
        case CodeUnit.openSquare: return "]"
        case CodeUnit.openCurly: return "}"
        default: return ")"
        }
    }

    /// Whether a `$name` reference starts at `offset`.
    func startsNamedReference(at offset: Int) -> Bool {
        source.simpleReferenceEnd(at: offset, before: units.count) != nil
    }
}
