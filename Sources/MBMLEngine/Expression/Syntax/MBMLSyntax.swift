/// Error-tolerant reading of unfinished expression text, for tools that work while the user types:
/// the inspector's completer, signature line and help, and a language server. It never throws and
/// needs no environment; positions are character (grapheme) offsets into the text
/// (``CharacterOffsets`` converts them to the UTF-16 offsets of ``SourceRange``).
///
/// It answers what the parser can not answer about half-written text: which call encloses a
/// position (``call(at:)``), which function name is at a position (``functionName(at:)``) and which
/// reference chain ends at a position (``referenceChain(endingAt:)``). Identifiers follow
/// ``MBMLIdentifier``, the rule the parser uses.
public struct MBMLSyntax: Sendable {
    /// The text, as characters.
    public let characters: [Character]

    public init(_ text: String) {
        self.characters = Array(text)
    }

    public init(characters: [Character]) {
        self.characters = characters
    }

    /// `$`, `^` and `#`: the characters that start a reference, a call or math, and escape themselves
    /// when doubled.
    static func isSigil(_ character: Character) -> Bool {
        character == "$" || character == "^" || character == "#"
    }

    /// Whether `text` may hold a variable reference or a function call: it has a `$` or a `^`, the
    /// characters that start them. A cheap test for tools that skip the lines of a large document
    /// that hold neither (math, `#(…)`, holds references or calls too, so it needs no test of its own).
    public static func mayHoldReferenceOrCall(_ text: some StringProtocol) -> Bool {
        mayHoldReferenceOrCall(bytes: text.utf8)
    }

    /// ``mayHoldReferenceOrCall(_:)`` on UTF-8 bytes (a line of a document read as bytes).
    @inlinable
    public static func mayHoldReferenceOrCall(bytes: some Sequence<UInt8>) -> Bool {
        bytes.contains { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "^") }
    }

    /// Whether UTF-8 `bytes` may hold a variable reference: every reference form (`$name`, `${name}`,
    /// `$(name)`, `$[name]`) starts with a `$`.
    @inlinable
    public static func mayHoldReference(bytes: some Sequence<UInt8>) -> Bool {
        bytes.contains(UInt8(ascii: "$"))
    }

    /// True when the sigil at `index` is the second of an escape pair (`$$`, `^^`, `##`): the run of
    /// that sigil ending at `index` has an even length.
    func isEscaped(sigilAt index: Int) -> Bool {
        var run = 0
        var position = index
        while position >= 0, characters[position] == characters[index] {
            run += 1
            position -= 1
        }
        return run % 2 == 0
    }
}
