/// How one ``StyleRole`` looks: colours and attributes.
struct TextStyle: Equatable, Hashable, Sendable {
    /// Text attributes: the terminal's own (``CellAttributes``).
    typealias Attributes = CellAttributes

    var foreground: ThemeColor
    var background: ThemeColor
    var attributes: Attributes

    init(
        foreground: ThemeColor = .terminalDefault, background: ThemeColor = .terminalDefault,
        attributes: Attributes = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    static let plain = TextStyle()

    /// The same style without colours (for terminals without colour, and `NO_COLOR`).
    var withoutColors: TextStyle {
        TextStyle(attributes: attributes)
    }
}

extension CellAttributes {
    /// The attribute names used in theme files.
    static let named: [(String, CellAttributes)] = [
        ("bold", .bold), ("underline", .underline), ("reverse", .reverse), ("dim", .dim), ("italic", .italic),
    ]
}
