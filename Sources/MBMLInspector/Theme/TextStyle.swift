/// How one ``StyleRole`` looks: colours and attributes.
public struct TextStyle: Equatable, Hashable, Sendable {
    /// Text attributes a terminal can show.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1)
        public static let underline = Attributes(rawValue: 2)
        public static let reverse = Attributes(rawValue: 4)
        public static let dim = Attributes(rawValue: 8)
        public static let italic = Attributes(rawValue: 16)

        /// The attribute names used in theme files.
        public static let named: [(String, Attributes)] = [
            ("bold", .bold), ("underline", .underline), ("reverse", .reverse), ("dim", .dim), ("italic", .italic),
        ]
    }

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
