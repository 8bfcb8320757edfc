/// How one ``StyleRole`` looks: colours and attributes.
public struct TextStyle: Equatable, Hashable, Sendable {
    /// Text attributes: the terminal's own (``CellAttributes``).
    public typealias Attributes = CellAttributes

    public var foreground: ThemeColor
    public var background: ThemeColor
    public var attributes: Attributes

    public init(foreground: ThemeColor = .terminalDefault, background: ThemeColor = .terminalDefault,
                attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = TextStyle()

    /// The same style without colours (for terminals without colour, and `NO_COLOR`).
    public var withoutColors: TextStyle {
        TextStyle(attributes: attributes)
    }
}

extension CellAttributes {
    /// The attribute names used in theme files.
    public static let named: [(String, CellAttributes)] = [
        ("bold", .bold), ("underline", .underline), ("reverse", .reverse), ("dim", .dim), ("italic", .italic),
    ]
}
