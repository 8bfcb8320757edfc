/// An expression's UTF-16 code units with the matching bracket of every `(`, `[` and `{` computed
/// once, so that scanning stays linear however the brackets nest or fail to close.
final class SourceText {
    let units: [UInt16]
    /// Added to an index to get the offset in the top-level expression.
    let absoluteShift: Int
    private var matches: [Int32]

    init(_ units: [UInt16], absoluteShift: Int = 0) {
        self.units = units
        self.absoluteShift = absoluteShift
        self.matches = Array(repeating: -1, count: units.count)
        var parens: [Int] = [], squares: [Int] = [], curlies: [Int] = []
        for (index, unit) in units.enumerated() {
            switch unit {
            case CodeUnit.openParen: parens.append(index)
            case CodeUnit.openSquare: squares.append(index)
            case CodeUnit.openCurly: curlies.append(index)
            case CodeUnit.closeParen: if let open = parens.popLast() { matches[open] = Int32(index) }
            case CodeUnit.closeSquare: if let open = squares.popLast() { matches[open] = Int32(index) }
            case CodeUnit.closeCurly: if let open = curlies.popLast() { matches[open] = Int32(index) }
            default: break
            }
        }
    }

    var count: Int { units.count }

    /// The index of the bracket closing the one at `index`, if it closes before `limit`.
    func match(of index: Int, before limit: Int) -> Int? {
        let closing = Int(matches[index])
        return closing >= 0 && closing < limit ? closing : nil
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: units[start..<end], as: UTF16.self)
    }

    func unit(_ index: Int, before limit: Int) -> UInt16? {
        index < limit ? units[index] : nil
    }
}

/// ASCII code units the tokenizer looks at.
enum CodeUnit {
    static let dollar: UInt16 = 0x24, hash: UInt16 = 0x23, caret: UInt16 = 0x5E, backslash: UInt16 = 0x5C
    static let openParen: UInt16 = 0x28, closeParen: UInt16 = 0x29
    static let openSquare: UInt16 = 0x5B, closeSquare: UInt16 = 0x5D
    static let openCurly: UInt16 = 0x7B, closeCurly: UInt16 = 0x7D
    static let dot: UInt16 = 0x2E, pipe: UInt16 = 0x7C, plus: UInt16 = 0x2B, minus: UInt16 = 0x2D
    static let star: UInt16 = 0x2A, slash: UInt16 = 0x2F, percent: UInt16 = 0x25
    static let equals: UInt16 = 0x3D, less: UInt16 = 0x3C, greater: UInt16 = 0x3E, bang: UInt16 = 0x21
    static let ampersand: UInt16 = 0x26, n: UInt16 = 0x6E, t: UInt16 = 0x74

    static func isIdentifierStart(_ u: UInt16) -> Bool {
        MBMLIdentifier.isStart(value: UInt32(u))
    }

    static func isIdentifierPart(_ u: UInt16) -> Bool {
        MBMLIdentifier.isCharacter(value: UInt32(u))
    }

    static func isDigit(_ u: UInt16) -> Bool { u >= 0x30 && u <= 0x39 }

    static func isWhitespace(_ u: UInt16) -> Bool {
        u == 0x20 || u == 0x09 || u == 0x0A || u == 0x0D || u == 0x0B || u == 0x0C
    }
}
