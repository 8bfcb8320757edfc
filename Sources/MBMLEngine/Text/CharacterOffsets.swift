/// Where each character of a text starts in UTF-16 code units, the unit of ``SourceRange``: maps
/// ranges the parser reports to the characters people see.
public struct CharacterOffsets: Equatable, Sendable {
    /// The UTF-16 offset where each character starts, then the end offset (one more than the characters).
    public let offsets: [Int]

    public init(_ characters: [Character]) {
        var offsets: [Int] = []
        offsets.reserveCapacity(characters.count + 1)
        var offset = 0
        for character in characters {
            offsets.append(offset)
            offset += character.utf16.count
        }
        offsets.append(offset)
        self.offsets = offsets
    }

    /// The characters `range` overlaps, clamped to the text: an empty range is an empty range at
    /// the character it is in (at the end of the text when it lies beyond it).
    public func characters(in range: SourceRange) -> Range<Int> {
        let count = offsets.count - 1
        var lower = count
        for index in 0..<count where offsets[index + 1] > range.location {
            lower = index
            break
        }
        var upper = lower
        while upper < count, offsets[upper] < range.upperBound { upper += 1 }
        return lower..<max(upper, lower)
    }
}
