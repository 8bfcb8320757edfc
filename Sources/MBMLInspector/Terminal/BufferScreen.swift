/// An in-memory ``Screen``: a grid of cells with their roles. Tests render into it and read the
/// text back; the benchmark renders into it to time a frame without a terminal.
final class BufferScreen: Screen {
    /// One cell: the grapheme shown there (empty for the second half of a wide character) and its role.
    struct Cell: Equatable {
        var text: String
        var role: StyleRole
    }

    private(set) var size: TerminalSize
    private(set) var cells: [[Cell]]
    /// Where the cursor was placed, if shown.
    private(set) var cursor: (row: Int, column: Int)?
    /// How many frames were presented.
    private(set) var frameCount = 0

    init(rows: Int, columns: Int) {
        size = TerminalSize(rows: rows, columns: columns)
        cells = Self.blank(size)
    }

    /// Changes the size (as a terminal resize would) and blanks the grid.
    func resize(rows: Int, columns: Int) {
        size = TerminalSize(rows: rows, columns: columns)
        cells = Self.blank(size)
    }

    func clear() {
        cells = Self.blank(size)
        cursor = nil
    }

    func put(_ text: String, row: Int, column: Int, role: StyleRole) {
        guard row >= 0, row < size.rows else { return }
        var x = column
        for character in text {
            let width = TextWidth.of(character)
            if width == 0 {
                if x > 0, x - 1 < size.columns { cells[row][x - 1].text.append(character) }
                continue
            }
            guard x >= 0, x + width <= size.columns else { break }
            cells[row][x] = Cell(text: String(character), role: role)
            if width == 2 { cells[row][x + 1] = Cell(text: "", role: role) }
            x += width
        }
    }

    func setCursor(_ position: (row: Int, column: Int)?) {
        cursor = position
    }

    func present() {
        frameCount += 1
    }

    /// The text of one row, trailing spaces removed.
    func line(_ row: Int) -> String {
        guard row >= 0, row < size.rows else { return "" }
        let text = cells[row].map(\.text).joined()
        return String(text.reversed().drop(while: { $0 == " " }).reversed())
    }

    /// Every row, joined by newlines.
    var text: String {
        (0..<size.rows).map(line).joined(separator: "\n")
    }

    /// The rows containing `needle`.
    func lines(containing needle: String) -> [String] {
        (0..<size.rows).map(line).filter { $0.contains(needle) }
    }

    /// The role of the cell at (`row`, `column`).
    func role(row: Int, column: Int) -> StyleRole {
        cells[row][column].role
    }

    /// The roles used by the cells where `needle` starts on the first row containing it.
    func role(of needle: String) -> StyleRole? {
        for row in 0..<size.rows {
            let rowCells = cells[row]
            var columns: [Int] = []
            var text = ""
            for (index, cell) in rowCells.enumerated() where !cell.text.isEmpty {
                columns.append(contentsOf: Array(repeating: index, count: cell.text.count))
                text += cell.text
            }
            if let range = text.range(of: needle) {
                let offset = text.distance(from: text.startIndex, to: range.lowerBound)
                return rowCells[columns[offset]].role
            }
        }
        return nil
    }

    private static func blank(_ size: TerminalSize) -> [[Cell]] {
        Array(
            repeating: Array(repeating: Cell(text: " ", role: .normal), count: max(size.columns, 0)),
            count: max(size.rows, 0))
    }
}
