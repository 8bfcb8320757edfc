/// Text attributes a terminal can show (the bits the ncurses shim understands).
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1)
    public static let underline = CellAttributes(rawValue: 2)
    public static let reverse = CellAttributes(rawValue: 4)
    public static let dim = CellAttributes(rawValue: 8)
    public static let italic = CellAttributes(rawValue: 16)
}

/// How the terminal draws one ``StyleRole``, in the terminal's own terms: palette indexes it has
/// and attributes. Whoever decides the looks (a theme) adapts its colours to the terminal first.
public struct CellStyle: Equatable, Sendable {
    /// Palette indexes; nil for the terminal's default colour.
    public struct Colors: Equatable, Sendable {
        public var foreground: Int?
        public var background: Int?

        public init(foreground: Int?, background: Int?) {
            self.foreground = foreground
            self.background = background
        }
    }

    /// Nil: the terminal's default colours (no colour pair).
    public var colors: Colors?
    public var attributes: CellAttributes

    public init(colors: Colors? = nil, attributes: CellAttributes = []) {
        self.colors = colors
        self.attributes = attributes
    }
}
