/// Where an edit that added or removed line breaks moved what follows it: every position in
/// ``file`` at line ``fromLine`` or later moves by ``delta`` lines and keeps its column (an
/// incremental load, ``ManifestTextLoad``, moves the diagnostics, records and provenances of what
/// it does not declare again).
struct LineShift: Sendable, Equatable {
    /// The document's name in diagnostics and provenances.
    let file: String
    /// The first line (1-based, in the text before the edit) that moves.
    let fromLine: Int
    /// How many lines it moves (negative: up).
    let delta: Int

    /// Whether a position in `file` at `line` moves.
    func moves(file: String?, line: Int) -> Bool {
        delta != 0 && line >= fromLine && file == self.file
    }

    func moved(_ diagnostic: Diagnostic) -> Diagnostic {
        guard moves(file: diagnostic.file, line: diagnostic.line) else { return diagnostic }
        var moved = diagnostic
        moved.line += delta
        return moved
    }

    func moved(_ provenance: VariableProvenance) -> VariableProvenance {
        guard moves(file: provenance.file, line: provenance.line) else { return provenance }
        var moved = provenance
        moved.line += delta
        return moved
    }

    /// The record of an element of the document (its start tag is in ``file``) at its new line,
    /// with its diagnostics.
    func moved(_ record: ElementRecord) -> ElementRecord {
        var moved = record
        if moves(file: file, line: record.line) { moved.line += delta }
        moved.diagnostics = record.diagnostics.map(self.moved)
        return moved
    }

    /// The line breaks in `bytes` as the parser counts lines for positions: line feeds (`\r\n` is
    /// one; a carriage return alone starts no line for it).
    static func lineBreaks(in bytes: ArraySlice<UInt8>) -> Int {
        bytes.count(where: { $0 == UInt8(ascii: "\n") })
    }
}
