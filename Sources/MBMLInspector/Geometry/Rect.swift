/// A rectangle of cells on the screen.
struct Rect: Equatable, Sendable {
    var row: Int
    var column: Int
    var height: Int
    var width: Int

    init(row: Int, column: Int, height: Int, width: Int) {
        self.row = row
        self.column = column
        self.height = max(height, 0)
        self.width = max(width, 0)
    }

    static let zero = Rect(row: 0, column: 0, height: 0, width: 0)

    var isEmpty: Bool { height == 0 || width == 0 }

    func contains(row y: Int, column x: Int) -> Bool {
        y >= row && y < row + height && x >= column && x < column + width
    }
}
