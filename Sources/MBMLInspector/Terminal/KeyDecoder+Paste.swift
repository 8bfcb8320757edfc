/// Bracketed paste: with `ESC [ ? 2004 h` on, terminals wrap pasted text in `ESC [ 200 ~` and
/// `ESC [ 201 ~`, so that it can be told from typed keys (a pasted Tab or newline must not move
/// focus, complete or save history).
extension KeyDecoder {
    static let pasteStart: [UInt32] = [27, 91, 50, 48, 48, 126] // ESC [ 2 0 0 ~
    static let pasteEnd: [UInt32] = [27, 91, 50, 48, 49, 126] // ESC [ 2 0 1 ~

    /// The pasted text starting at `start` (an Escape), if a paste starts there, and the index after
    /// its end marker (or after the input when the end has not arrived).
    static func decodePaste(_ inputs: [RawInput], from start: Int) -> (text: String, next: Int)? {
        guard matches(pasteStart, in: inputs, at: start) else { return nil }
        var text = String.UnicodeScalarView()
        var index = start + pasteStart.count
        while index < inputs.count {
            if matches(pasteEnd, in: inputs, at: index) { return (String(text), index + pasteEnd.count) }
            if case .character(let code) = inputs[index], let scalar = Unicode.Scalar(code) { text.append(scalar) }
            index += 1
        }
        return (String(text), index)
    }

    /// Whether `inputs` end inside a paste whose end marker has not arrived yet (the caller reads
    /// more before decoding, so that the rest of the paste is not taken for keys).
    static func endsInsidePaste(_ inputs: [RawInput]) -> Bool {
        var inside = false
        var index = 0
        while index < inputs.count {
            if matches(pasteStart, in: inputs, at: index) {
                inside = true
                index += pasteStart.count
            } else if matches(pasteEnd, in: inputs, at: index) {
                inside = false
                index += pasteEnd.count
            } else {
                index += 1
            }
        }
        return inside
    }

    private static func matches(_ sequence: [UInt32], in inputs: [RawInput], at start: Int) -> Bool {
        guard start + sequence.count <= inputs.count else { return false }
        for (offset, code) in sequence.enumerated() {
            guard case .character(code) = inputs[start + offset] else { return false }
        }
        return true
    }
}
