import MBMLEngine

/// One row of the compare pane: an expression's outcome in the first and the second space.
struct CompareRow {
    /// The context name (for the editor's expression) or the pinned expression.
    var label: String
    var first: ObservedOutcome
    var second: ObservedOutcome

    init(label: String, first: ObservedOutcome, second: ObservedOutcome) {
        self.label = label
        self.first = first
        self.second = second
    }

    /// True when the two spaces disagree (two errors agree).
    var differs: Bool { !first.agrees(with: second) }
}

/// Two spaces side by side (`mbml inspect A --compare B`): the editor's expression in every context
/// and every pin, evaluated in both spaces.
struct CompareState {
    /// What the second space is called (its manifest); nil when not comparing.
    var label: String?
    /// The editor's expression in the four contexts, then the pins.
    var rows: [CompareRow] = []
    /// The last comparison asked for (older answers are ignored).
    var requestedGeneration = 0
    /// Most rows the compare pane takes (title included).
    static let maximumRows = 10

    init() {}

    var isActive: Bool { label != nil }

    /// Rows the compare pane asks for: none when not comparing.
    var paneRows: Int { isActive ? min(max(rows.count, 4) + 1, Self.maximumRows) : 0 }

    /// The rows that differ.
    var differences: Int { rows.filter(\.differs).count }
}
