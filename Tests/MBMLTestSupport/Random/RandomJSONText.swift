/// Random JSON texts for tests that read them two ways and compare: arrays at even depths, objects
/// at odd ones, strings made of `pieces`, numbers from `numbers`, and white space of every kind
/// between tokens. The same settings and seed give the same texts.
public struct RandomJSONText: Sendable {
    /// What strings are made of (JSON text, escapes and all).
    public var pieces: [String]
    /// At most how many pieces a string has.
    public var piecesPerString: Int
    /// The numbers values are picked from.
    public var numbers: [String]
    /// Values at this depth or deeper are less often containers.
    public var shallowDepth: Int

    public init(pieces: [String], piecesPerString: Int, numbers: [String], shallowDepth: Int) {
        self.pieces = pieces
        self.piecesPerString = piecesPerString
        self.numbers = numbers
        self.shallowDepth = shallowDepth
    }

    /// A container at `depth` with up to `members` members.
    public func container(depth: Int, members: Int, _ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...members, using: &generator)
        let members = (0..<count).map { _ in
            let value = value(depth: depth + 1, &generator)
            return depth % 2 == 0 ? value : "\(string(&generator))\(space(&generator)):\(space(&generator))\(value)"
        }
        let inner = members.joined(separator: "\(space(&generator)),\(space(&generator))")
        return depth % 2 == 0 ? "[\(space(&generator))\(inner)]" : "{\(inner)\(space(&generator))}"
    }

    /// A value at `depth`: most often a string, else a word, a number or a container (up to 4 members).
    public func value(depth: Int, _ generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<(depth < shallowDepth ? 8 : 6), using: &generator) {
        case 1: return ["true", "false", "null"].randomElement(using: &generator) ?? "null"
        case 2: return numbers.randomElement(using: &generator) ?? "0"
        case 0, 3, 4, 5: return string(&generator)
        default: return container(depth: depth, members: 4, &generator)
        }
    }

    /// A string of up to ``piecesPerString`` pieces.
    public func string(_ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...piecesPerString, using: &generator)
        return "\"" + (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined() + "\""
    }

    /// White space: most often none.
    public func space(_ generator: inout SeededGenerator) -> String {
        ["", "", "", " ", "\n  ", "\t"].randomElement(using: &generator) ?? ""
    }
}
