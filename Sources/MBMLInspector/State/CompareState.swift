import MBMLEngine

/// One row of the compare pane: an expression's outcome in the first and the second space.
public struct CompareRow {
    /// The context name (for the editor's expression) or the pinned expression.
    public var label: String
    public var first: ObservedOutcome
    public var second: ObservedOutcome

    public init(label: String, first: ObservedOutcome, second: ObservedOutcome) {
        self.label = label
        self.first = first
        self.second = second
    }

    /// True when the two spaces disagree (two errors agree).
    public var differs: Bool { !first.agrees(with: second) }
}

/// Two spaces side by side (`mbml inspect A --compare B`): the editor's expression in every context
/// and every pin, evaluated in both spaces.
public struct CompareState {
    /// What the second space is called (its manifest); nil when not comparing.
    public var label: String?
    /// The editor's expression in the four contexts, then the pins.
    public var rows: [CompareRow] = []
    /// The last comparison asked for (older answers are ignored).
    public var requestedGeneration = 0
    /// Most rows the compare pane takes (title included).
    public static let maximumRows = 10

    public init() {}

    public var isActive: Bool { label != nil }

    /// Rows the compare pane asks for: none when not comparing.
    public var paneRows: Int { isActive ? min(max(rows.count, 4) + 1, Self.maximumRows) : 0 }

    /// The rows that differ.
    public var differences: Int { rows.filter(\.differs).count }
}
