/// The size of a terminal in character cells.
struct TerminalSize: Equatable, Sendable {
    var rows: Int
    var columns: Int
}

/// A surface the views draw on: a grid of cells, each holding text in a ``StyleRole``.
///
/// Views never talk to ncurses: they compute what goes where (clipping and character widths
/// included, see ``Painter``) and hand runs of text to a screen. ``NcursesScreen`` shows them on
/// the terminal; ``BufferScreen`` keeps them in memory for tests and benchmarks.
protocol Screen: AnyObject {
    /// The current size in cells.
    var size: TerminalSize { get }
    /// Blanks every cell, ready for a new frame.
    func clear()
    /// Writes `text` starting at (`row`, `column`). The caller has already clipped it to the screen
    /// and made sure its display width (see ``TextWidth``) fits.
    func put(_ text: String, row: Int, column: Int, role: StyleRole)
    /// Places the terminal cursor, or hides it when `position` is nil.
    func setCursor(_ position: (row: Int, column: Int)?)
    /// Shows the frame drawn since the last ``clear()``.
    func present()
}
