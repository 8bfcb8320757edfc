import MBMLEngine

/// The signature of the function around the cursor, with the parameter the cursor is in
/// highlighted: `^join(list|separator)` with `separator` marked after the first `|` — the engine's
/// ``EditorSignatureHelp``, as `mbml lsp`'s signature help answers it.
enum SignatureLine {
    static func draw(_ help: EditorSignatureHelp, row: Int, column: Int, painter: Painter) {
        let signature = help.function.signature
        guard let open = signature.firstIndex(of: "("), let close = signature.lastIndex(of: ")"), open < close else {
            painter.truncated(signature, row: row, column: column, role: .hint)
            return
        }
        var x = painter.text(String(signature[...open]), row: row, column: column, role: .hint)
        for (offset, parameter) in help.parameters.enumerated() {
            if offset > 0 { x = painter.text("|", row: row, column: x, role: .hint) }
            x = painter.text(parameter, row: row, column: x, role: offset == help.activeParameter ? .highlight : .hint)
        }
        painter.text(String(signature[close...]), row: row, column: x, role: .hint)
    }
}
