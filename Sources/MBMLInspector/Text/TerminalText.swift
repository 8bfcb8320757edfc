/// The scalars sent to the terminal for a run of text, so that curses' idea of each character's
/// width matches ``TextWidth``: a zero-width-joiner emoji sequence (👨‍👩‍👧) is one two-cell
/// character on the screen, but curses would count each of its emoji; it is sent as its first
/// emoji (with its modifiers), so that the columns after it stay where the views put them.
enum TerminalText {
    static func scalars(_ text: String) -> [Unicode.Scalar] {
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(text.unicodeScalars.count)
        for character in text {
            let scalars = character.unicodeScalars
            guard scalars.count > 1, scalars.contains(where: { $0.value == 0x200D }) else {
                output.append(contentsOf: scalars)
                continue
            }
            for scalar in scalars {
                if scalar.value == 0x200D { break }
                output.append(scalar)
            }
        }
        return output
    }
}
