/// What an MBML identifier is — the one rule the scanner, the completer, the path builder and every
/// other reader of expression text ask (<doc:ExpressionSyntax>): a letter or `_`, then letters,
/// digits, `_`, `-` and `:`. Only ASCII letters count, as in the original's scanner.
public enum MBMLIdentifier {
    /// A scalar that can start an identifier.
    public static func isStart(_ scalar: Unicode.Scalar) -> Bool {
        isStart(value: scalar.value)
    }

    /// A scalar that can continue an identifier.
    public static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isCharacter(value: scalar.value)
    }

    /// A character (grapheme) that can start an identifier: one scalar, ``isStart(_:)-(Unicode.Scalar)``.
    public static func isStart(_ character: Character?) -> Bool {
        guard let character, let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else {
            return false
        }
        return isStart(scalar)
    }

    /// A character (grapheme) that can continue an identifier.
    public static func isCharacter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return isCharacter(scalar)
    }

    /// Whether all of `text` is one identifier.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isStart(first) else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy(isCharacter)
    }

    /// The rule on a code point (the scanner reads UTF-16 code units).
    static func isStart(value: UInt32) -> Bool {
        (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A) || value == 0x5F
    }

    static func isCharacter(value: UInt32) -> Bool {
        isStart(value: value) || (value >= 0x30 && value <= 0x39) || value == 0x2D || value == 0x3A
    }

    /// `key` with the characters that would start a reference, call or math expression doubled
    /// (`$` → `$$`, `^` → `^^`, `#` → `##`), so it reads as itself inside `[…]`.
    public static func escapedKey(_ key: String) -> String {
        var output = ""
        for character in key {
            switch character {
            case "$": output += "$$"
            case "^": output += "^^"
            case "#": output += "##"
            default: output.append(character)
            }
        }
        return output
    }
}
