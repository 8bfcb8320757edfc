/// A rectangle of cells on the screen.
public struct Rect: Equatable, Sendable {
    public var row: Int
    public var column: Int
    public var height: Int
    public var width: Int

    public init(row: Int, column: Int, height: Int, width: Int) {
        self.row = row
        self.column = column
        self.height = max(height, 0)
        self.width = max(width, 0)
    }

    public static let zero = Rect(row: 0, column: 0, height: 0, width: 0)

    public var isEmpty: Bool { height == 0 || width == 0 }

    public func contains(row y: Int, column x: Int) -> Bool {
        y >= row && y < row + height && x >= column && x < column + width
    }
}
