extension CursorContext {
    /// The variable a `<Var name="…">` declaration names, when the position is in the value of that
    /// `name` attribute on its own line: the name and its character offsets in ``characters``.
    var declaredName: (name: String, start: Int, end: Int)? {
        let base = lineStarts.last ?? 0
        let line = Array(characters[base...])
        let local = offset - base
        var index = 0
        while index + 6 <= line.count {
            defer { index += 1 }
            guard String(line[index..<index + 5]) == "name=", index == 0 || line[index - 1].isWhitespace,
                line[index + 5] == "\"" || line[index + 5] == "'"
            else { continue }
            let quote = line[index + 5]
            let start = index + 6
            guard let end = line[start...].firstIndex(of: quote), start <= local, local <= end else { continue }
            let tagStart = line[..<index].lastIndex(of: "<") ?? -1
            guard tagStart >= 0, String(line[tagStart...].prefix(4)) == "<Var" else { return nil }
            return (String(line[start..<end]), base + start, base + end)
        }
        return nil
    }

    /// The variable at the position: the one referred to there, or the one declared there.
    var variable: String? {
        reference?.variable ?? declaredName?.name
    }
}
