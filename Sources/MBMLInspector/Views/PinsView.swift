import MBMLEngine

/// The pins pane: one row a pin, `expression = value`; `*` marks a value the last reload changed,
/// ✓/✗ whether a pin with an expected value passes (✗ with expected against got).
enum PinsView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let pins = state.pins.pins
        let failing = pins.filter { $0.result?.status == .failed }.count
        let note = failing > 0 ? "\(failing) failing · Ctrl-P pins/unpins" : "Ctrl-P pins/unpins"
        PaneChrome.title("Pins (\(pins.count))", note: note, focused: false, painter: painter)
        let rows = painter.height - 1
        guard rows > 0 else { return }
        let shown = pins.count > rows ? Array(pins.suffix(rows)) : pins
        for (offset, pin) in shown.enumerated() {
            draw(pin, row: offset + 1, painter: painter)
        }
    }

    private static func draw(_ pin: Pin, row: Int, painter: Painter) {
        let expectation = pin.expectation
        var column = 1
        let mark: (String, StyleRole)
        switch pin.result?.status {
        case .passed?: mark = ("✓", .match)
        case .failed?: mark = ("✗", .error)
        default: mark = (pin.changed ? "*" : " ", .highlight)
        }
        column = painter.text(mark.0, row: row, column: column, role: mark.1) + 1
        if pin.changed, pin.result?.status == .passed || pin.result?.status == .failed {
            column = painter.text("*", row: row, column: column, role: .highlight) + 1
        }
        let context = expectation.context == .object ? "" : "\(expectation.context.rawValue): "
        column = painter.truncated(
            context + expectation.expression, row: row, column: column, role: .syntaxVariable,
            maxWidth: max(painter.width / 2 - column, 8))
        column = painter.text(" = ", row: row, column: column, role: .dim)
        guard let result = pin.result else {
            painter.truncated("…", row: row, column: column, role: .dim)
            return
        }
        switch result.status {
        case .failed:
            let expected: String
            switch expectation.expected {
            case .value(let value): expected = JSONCodec.encode(value)
            case .error: expected = "an error"
            case .watch: expected = "a non-empty value"
            }
            painter.truncated(
                "\(result.actual.displayText) (expected \(expected))", row: row, column: column, role: .error)
        case .passed, .watched:
            let role: StyleRole
            if case .error = result.actual { role = .error } else { role = pin.changed ? .highlight : .value }
            painter.truncated(result.actual.displayText, row: row, column: column, role: role)
        }
    }
}
