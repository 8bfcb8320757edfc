/// Draws the value viewer: a frame over the whole screen, line numbers, the rows of the text from
/// the top position (wrapped, or scrolled sideways), search matches highlighted. Only the lines on
/// screen are built.
enum ValueViewerView {
    static let keys = "↑↓ PgUp PgDn g G · w wrap · ←→ · / n N find · q close"

    static func draw(_ viewer: ValueViewer, size: TerminalSize, screen: Screen) {
        let geometry = ViewerGeometry(size: size, knownLineCount: viewer.knownLineCount)
        let footer: String
        if viewer.search.isEditing {
            footer = "" // the prompt, drawn below
        } else if viewer.search.isRunning {
            footer = viewer.message ?? "Searching for “\(viewer.search.searched)”… (Esc stops)"
        } else {
            footer = viewer.message ?? keys
        }
        let total = viewer.knownLineCount.map { " of \($0)" } ?? ""
        let note = "line \(viewer.top.line + 1)\(total)\(viewer.wraps ? "" : " · col \(viewer.column + 1)")"
        let inside = FrameView.draw(
            geometry.frame, title: "\(viewer.title) · \(viewer.kind)", note: note,
            footer: footer, screen: screen)
        if viewer.search.isEditing {
            // Where the frame's footer goes, between spaces.
            let edge = Painter(screen: screen, rect: geometry.frame)
            let row = geometry.frame.height - 1
            edge.text(" ", row: row, column: 2, role: .dim)
            let end = PromptLineView.draw(
                viewer.search.prompt, label: "/", note: "  Enter finds · Esc cancels", row: row, column: 3,
                maxWidth: geometry.frame.width - 6, painter: edge)
            edge.text(" ", row: row, column: end, role: .dim)
        }
        let matcher = viewer.search.searched.isEmpty ? nil : SearchQuery(literal: viewer.search.searched)
        let textColumn = geometry.gutterWidth
        var position = viewer.top
        for row in 0..<geometry.rows {
            let pieces = viewer.rows(ofLine: position.line, width: geometry.textWidth)
            guard !pieces.isEmpty else {
                inside.text("(end)", row: row, column: textColumn, role: .dim)
                break
            }
            let piece = min(position.piece, pieces.count - 1)
            if piece == 0 {
                let number = String(position.line + 1)
                let pad = max(geometry.gutterWidth - 1 - number.count, 0)
                inside.text(String(repeating: " ", count: pad) + number, row: row, column: 0, role: .dim)
            }
            var text = pieces[piece]
            if !viewer.wraps {
                // Only the columns on screen, however long the line.
                text = TextWrap.prefix(cells: geometry.textWidth, of: TextWrap.dropping(cells: viewer.column, of: text))
            }
            inside.text(text, row: row, column: textColumn, role: .value, maxWidth: geometry.textWidth)
            if let matcher = matcher {
                for range in matcher.ranges(in: text) {
                    let start = TextWidth.of(String(text[..<range.lowerBound]))
                    guard start < geometry.textWidth else { break }
                    inside.text(
                        String(text[range]), row: row, column: textColumn + start, role: .match,
                        maxWidth: geometry.textWidth - start)
                }
            }
            if piece + 1 < pieces.count {
                position.piece = piece + 1
            } else {
                position = ValueViewer.Position(line: position.line + 1, piece: 0)
            }
        }
    }
}
