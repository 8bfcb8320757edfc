import MBMLEngine

/// The compare pane: for the editor's expression (one row a context) and each pin, the value in the
/// first space and in the second, `≠` where they differ.
enum CompareView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let compare = state.compare
        let differences = compare.differences
        let verdict = differences == 0 ? "same" : "\(differences) differ"
        PaneChrome.title(
            "Compare (\(verdict)): \(shortName(state.status.manifestPath ?? "first")) │ \(shortName(compare.label ?? "second"))",
            note: "F7 swaps", focused: false, painter: painter)
        let rows = painter.height - 1
        guard rows > 0 else { return }
        if compare.rows.isEmpty {
            painter.truncated(
                "Type an expression or pin one: its value in both spaces shows here.",
                row: 1, column: 1, role: .dim)
            return
        }
        let labelWidth = min(max(compare.rows.map { TextWidth.of($0.label) }.max() ?? 7, 7), painter.width / 4)
        let valueWidth = max((painter.width - labelWidth - 7) / 2, 4)
        for (offset, row) in compare.rows.prefix(rows).enumerated() {
            let line = offset + 1
            painter.text(row.differs ? "≠" : " ", row: line, column: 1, role: .error)
            painter.truncated(row.label, row: line, column: 3, role: .label, maxWidth: labelWidth)
            let role: StyleRole = row.differs ? .error : .value
            let column = 4 + labelWidth
            // Long values that differ are shown from a little before where they differ.
            let shown =
                row.differs
                ? DifferenceWindow.cut(row.first.displayText, row.second.displayText, width: valueWidth)
                : (first: row.first.displayText, second: row.second.displayText)
            painter.truncated(shown.first, row: line, column: column, role: role, maxWidth: valueWidth)
            painter.text("│", row: line, column: column + valueWidth + 1, role: .border)
            painter.truncated(
                shown.second, row: line, column: column + valueWidth + 3, role: role, maxWidth: valueWidth)
        }
    }

    /// The last two components of a path (`v1/manifest.xml`), so that both names fit the title.
    static func shortName(_ path: String) -> String {
        let components = path.split(separator: "/")
        return components.count > 2 ? components.suffix(2).joined(separator: "/") : path
    }
}
