import Foundation

/// The status line: manifest, number of loaded files and last reload time (or the load error),
/// a transient message, and key hints at the right.
enum StatusView {
    static let hints = "Tab pane  ? help  ^C quit"
    /// In the editor `?` and Tab are typed and completion, so other keys are shown.
    static let editorHints = "F6 pane  F1 help  ^C quit"

    static func draw(_ state: InspectorState, painter: Painter) {
        let status = state.status
        painter.fill(row: 0, role: .status)
        let hints = state.focus == .editor ? editorHints : hints
        let hintsWidth = TextWidth.of(hints) + 1
        let width = max(painter.width - hintsWidth - 1, 10)
        if let prompt = state.pins.savePrompt {
            PromptLineView.draw(
                prompt, label: "Save pins to: ", row: 0, column: 1, maxWidth: width - 1, painter: painter)
        } else if let search = state.editor.historySearch {
            PromptLineView.draw(
                search.prompt, label: "History search: ", note: search.note(historyCount: state.editor.history.count),
                row: 0, column: 1, maxWidth: width - 1, painter: painter)
        } else if let path = state.pins.overwritePrompt {
            painter.truncated(
                " \(URL(fileURLWithPath: path).lastPathComponent) exists: overwrite it? y overwrites · any other key keeps it",
                row: 0, column: 0,
                role: .prompt, maxWidth: width)
        } else if let message = status.message {
            painter.truncated(" " + message, row: 0, column: 0, role: .status, maxWidth: width)
        } else if let error = status.loadError {
            let counts = status.diagnosticCounts.map { " (\($0): d lists them)" } ?? ""
            painter.truncated(" ✗ " + error + counts, row: 0, column: 0, role: .statusError, maxWidth: width)
        } else {
            var column = 0
            if status.isLoading { column = painter.text(" loading…", row: 0, column: column, role: .statusError) }
            if let counts = status.diagnosticCounts {
                column = painter.text(" ! " + counts + " (d) ", row: 0, column: column, role: .statusError)
            }
            painter.truncated(
                " " + summary(status), row: 0, column: column, role: .status, maxWidth: max(width - column, 0))
        }
        drawHints(hints, painter: painter, column: painter.width - hintsWidth)
    }

    static func summary(_ status: StatusState) -> String {
        var parts: [String] = [status.manifestPath ?? "no manifest"]
        if let changes = status.changeSummary { parts.append(changes) }
        if let date = status.lastReload { parts.append("loaded " + time(date)) }
        parts.append(status.fileCount == 1 ? "1 file" : "\(status.fileCount) files")
        return parts.joined(separator: " · ")
    }

    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss.SSS"
        return formatter.string(from: date)
    }

    private static func drawHints(_ hints: String, painter: Painter, column: Int) {
        var x = column
        for part in hints.components(separatedBy: "  ") {
            let pieces = part.split(separator: " ", maxSplits: 1).map(String.init)
            x = painter.text(pieces[0], row: 0, column: x, role: .key)
            if pieces.count > 1 { x = painter.text(" " + pieces[1], row: 0, column: x, role: .status) }
            x = painter.text("  ", row: 0, column: x, role: .status)
        }
    }
}
