/// Moving through the viewer's rows: a line is one row, or several when wrapping. Only the lines
/// passed over are built; a jump to the end counts the lines (the only walk over the whole value).
extension ValueViewer {
    /// The rows of a line at `width` cells; when not wrapping, the one row as it is (the view cuts
    /// out the columns on screen).
    func rows(ofLine index: Int, width: Int) -> [String] {
        if wraps, let rows = wrapCache.rows(index, width: width) { return rows }
        guard let text = lines.line(index) else { return [] }
        guard wraps else { return [text] }
        let rows = TextWrap.hard(text, width: width)
        wrapCache.store(rows, for: index, width: width)
        return rows
    }

    private func rowCount(ofLine index: Int, width: Int) -> Int {
        wraps ? max(rows(ofLine: index, width: width).count, 1) : 1
    }

    /// The position `count` rows after `position`, stopping at the last row.
    func advance(_ position: Position, by count: Int, width: Int) -> (position: Position, moved: Int) {
        var current = position
        var moved = 0
        while moved < count {
            if current.piece + 1 < rowCount(ofLine: current.line, width: width) {
                current.piece += 1
            } else if lines.hasLine(current.line + 1) {
                current = Position(line: current.line + 1, piece: 0)
            } else {
                break
            }
            moved += 1
        }
        return (current, moved)
    }

    /// The position `count` rows before `position`, stopping at the first row.
    func retreat(_ position: Position, by count: Int, width: Int) -> Position {
        var current = position
        var moved = 0
        while moved < count {
            if current.piece > 0 {
                current.piece -= 1
            } else if current.line > 0 {
                current = Position(line: current.line - 1, piece: rowCount(ofLine: current.line - 1, width: width) - 1)
            } else {
                break
            }
            moved += 1
        }
        return current
    }

    /// Scrolls by `delta` rows, never past the last full screen.
    mutating func scroll(by delta: Int, geometry: ViewerGeometry) {
        let width = geometry.textWidth
        if delta > 0 {
            let bottom = advance(top, by: geometry.rows - 1, width: width)
            guard bottom.moved == geometry.rows - 1 else { return }
            let below = advance(bottom.position, by: delta, width: width).moved
            top = advance(top, by: below, width: width).position
        } else if delta < 0 {
            top = retreat(top, by: -delta, width: width)
        }
    }

    /// Shows the last screen.
    mutating func scrollToEnd(geometry: ViewerGeometry) {
        let last = max(lines.lineCount() - 1, 0)
        let end = Position(line: last, piece: rowCount(ofLine: last, width: geometry.textWidth) - 1)
        top = retreat(end, by: geometry.rows - 1, width: geometry.textWidth)
    }

    /// Brings `line` on screen, a few rows below the top, and (when not wrapping) its column `cell`.
    mutating func reveal(line: Int, cell: Int, geometry: ViewerGeometry) {
        top = retreat(Position(line: line, piece: 0), by: min(2, geometry.rows / 3), width: geometry.textWidth)
        if !wraps, cell < column || cell >= column + geometry.textWidth {
            column = max(cell - geometry.textWidth / 3, 0)
        }
    }

    /// Scrolls sideways by `delta` cells (not when wrapping), up to the end of the longest line on screen.
    mutating func scrollSideways(by delta: Int, geometry: ViewerGeometry) {
        guard !wraps else { return }
        var longest = 0
        for index in top.line..<(top.line + geometry.rows) {
            guard let text = lines.line(index) else { break }
            longest = max(longest, TextWidth.of(text))
        }
        column = Reducer.clamp(column + delta, 0, max(longest - geometry.textWidth + 1, 0))
    }

    /// Keeps `top` on a row that exists after the width or wrapping changed.
    mutating func settle(geometry: ViewerGeometry) {
        top.piece = min(top.piece, rowCount(ofLine: top.line, width: geometry.textWidth) - 1)
        if !wraps { top.piece = 0 }
    }
}

/// Wrapped rows of recently shown lines, for one width.
final class WrapCache {
    private var width = 0
    private var entries: [Int: [String]] = [:]
    private static let capacity = 256

    func rows(_ line: Int, width: Int) -> [String]? {
        guard width == self.width else { return nil }
        return entries[line]
    }

    func store(_ rows: [String], for line: Int, width: Int) {
        if width != self.width || entries.count >= Self.capacity {
            entries.removeAll(keepingCapacity: true)
            self.width = width
        }
        entries[line] = rows
    }
}
