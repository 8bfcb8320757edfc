import MBMLEngine

/// Test input with position markers: the keycap emoji `0️⃣` … `9️⃣` written into the text where a
/// position is meant, instead of a hand-counted offset (the convention of swift-format's tests).
///
/// ```swift
/// let input = MarkedText("Total: #(1 1️⃣+2️⃣)")
/// input.text       // "Total: #(1 +)"
/// input.range()    // SourceRange(location: 11, length: 1): from 1️⃣ to 2️⃣
/// ```
///
/// Offsets count UTF-16 code units, as ``SourceRange`` does; ``characterOffset(of:)`` counts
/// characters (grapheme clusters), as ``MBMLSyntax`` and the inspector's editor cursor do.
public struct MarkedText {
    /// The text with every marker removed.
    public let text: String
    /// The UTF-16 offset in ``text`` of each marker, by marker (`"1️⃣"`).
    public let offsets: [String: Int]

    public init(_ marked: String) {
        var text = ""
        var offsets: [String: Int] = [:]
        var utf16Count = 0
        for character in marked {
            if Self.isMarker(character) {
                offsets[String(character)] = utf16Count
                continue
            }
            text.append(character)
            utf16Count += character.utf16.count
        }
        self.text = text
        self.offsets = offsets
    }

    /// The UTF-16 offset of `marker`; a precondition failure if the text has no such marker.
    public func offset(of marker: String) -> Int {
        guard let offset = offsets[marker] else {
            preconditionFailure("the marked text \"\(text)\" has no marker \(marker)")
        }
        return offset
    }

    /// The offset of `marker` in characters (grapheme clusters) of ``text``, as ``MBMLSyntax`` and
    /// the inspector's editor count; a precondition failure if the marker is inside a character
    /// (`e1️⃣\u{301}`: the accent joins the `e` once the marker is gone).
    public func characterOffset(of marker: String) -> Int {
        let utf16 = offset(of: marker)
        var units = 0
        var count = 0
        for character in text {
            if units >= utf16 { break }
            units += character.utf16.count
            count += 1
        }
        precondition(units == utf16, "the marker \(marker) in \"\(text)\" is inside a character")
        return count
    }

    /// The range from marker `start` to marker `end` (by default `1️⃣` to `2️⃣`).
    public func range(from start: String = "1️⃣", to end: String = "2️⃣") -> SourceRange {
        let lower = offset(of: start)
        return SourceRange(location: lower, length: offset(of: end) - lower)
    }

    /// Whether `character` is a keycap digit `0️⃣` … `9️⃣` (digit, U+FE0F, U+20E3).
    static func isMarker(_ character: Character) -> Bool {
        let scalars = Array(character.unicodeScalars)
        return scalars.count == 3 && ("0"..."9").contains(scalars[0]) && scalars[1] == "\u{FE0F}"
            && scalars[2] == "\u{20E3}"
    }
}
