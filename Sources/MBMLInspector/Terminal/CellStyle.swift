/// Text attributes a terminal can show (the bits the ncurses shim understands).
struct CellAttributes: OptionSet, Hashable, Sendable {
    let rawValue: Int

    static let bold = CellAttributes(rawValue: 1)
    static let underline = CellAttributes(rawValue: 2)
    static let reverse = CellAttributes(rawValue: 4)
    static let dim = CellAttributes(rawValue: 8)
    static let italic = CellAttributes(rawValue: 16)
}

/// How the terminal draws one ``StyleRole``, in the terminal's own terms: palette indexes it has
/// and attributes. Whoever decides the looks (a theme) adapts its colours to the terminal first.
struct CellStyle: Equatable, Sendable {
    /// Palette indexes; nil for the terminal's default colour.
    struct Colors: Equatable, Sendable {
        var foreground: Int?
        var background: Int?
    }

    /// Nil: the terminal's default colours (no colour pair).
    var colors: Colors?
    var attributes: CellAttributes

    init(colors: Colors? = nil, attributes: CellAttributes = []) {
        self.colors = colors
        self.attributes = attributes
    }
}
