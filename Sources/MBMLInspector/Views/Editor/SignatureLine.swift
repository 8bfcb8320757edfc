import MBMLEngine

/// The signature of the function around the cursor, with the parameter the cursor is in
/// highlighted: `^join(list|separator)` with `separator` marked after the first `|`.
enum SignatureLine {
    static func draw(
        _ signature: String, characters: [Character], cursor: Int, row: Int, column: Int,
        painter: Painter
    ) {
        let index = MBMLSyntax(characters: characters).call(at: cursor)?.parameterIndex
        guard let open = signature.firstIndex(of: "("), let close = signature.lastIndex(of: ")"), open < close else {
            painter.truncated(signature, row: row, column: column, role: .hint)
            return
        }
        let parameters = FunctionDefinition.parameterLabels(ofSignature: signature)
        // A trailing `…` parameter repeats: the cursor past the end stays on the last one.
        let current = index.map { min($0, parameters.count - 1) }
        var x = painter.text(String(signature[...open]), row: row, column: column, role: .hint)
        for (offset, parameter) in parameters.enumerated() {
            if offset > 0 { x = painter.text("|", row: row, column: x, role: .hint) }
            x = painter.text(String(parameter), row: row, column: x, role: offset == current ? .highlight : .hint)
        }
        painter.text(String(signature[close...]), row: row, column: x, role: .hint)
    }
}
