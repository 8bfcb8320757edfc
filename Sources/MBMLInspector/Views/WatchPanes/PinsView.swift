import MBMLEngine

/// The pins pane: one row a pin, `expression = value`; `*` marks a value the last reload changed,
/// ✓/✗ whether a pin with an expected value passes (✗ with expected against got). With focus
/// (F6, Tab) the selected pin is highlighted and the pane scrolls to keep it in view.
enum PinsView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let pins = state.pins.pins
        let focused = state.focus == .pins
        let failing = pins.filter { $0.result?.status == .failed }.count
        let keys = focused ? "Enter full value · x unpins" : "Ctrl-P pins/unpins"
        let note = failing > 0 ? "\(failing) failing · " + keys : keys
        let rows = painter.height - 1
        let top = state.pins.windowTop(rows: rows)
        let title =
            pins.count > rows
            ? "Pins (\(top + 1)–\(min(top + rows, pins.count)) of \(pins.count))" : "Pins (\(pins.count))"
        PaneChrome.title(title, note: note, focused: focused, painter: painter)
        guard rows > 0 else { return }
        for (offset, index) in (top..<min(top + rows, pins.count)).enumerated() {
            let selected = index == state.pins.selected && focused
            if selected { painter.fill(row: offset + 1, role: .selection) }
            draw(pins[index], row: offset + 1, selected: selected, painter: painter)
        }
    }

    private static func draw(_ pin: Pin, row: Int, selected: Bool, painter: Painter) {
        let expectation = pin.expectation
        var column = 1
        let mark: (String, StyleRole)
        switch pin.result?.status {
        case .passed?: mark = ("✓", .match)
        case .failed?: mark = ("✗", .error)
        default: mark = (pin.changed ? "*" : " ", .highlight)
        }
        func role(_ role: StyleRole) -> StyleRole { selected ? .selection : role }
        column = painter.text(mark.0, row: row, column: column, role: role(mark.1)) + 1
        if pin.changed, pin.result?.status == .passed || pin.result?.status == .failed {
            column = painter.text("*", row: row, column: column, role: role(.highlight)) + 1
        }
        let context = expectation.context == .object ? "" : "\(expectation.context.rawValue): "
        column = painter.truncated(
            context + expectation.expression, row: row, column: column, role: role(.syntaxVariable),
            maxWidth: max(painter.width / 2 - column, 8))
        column = painter.text(" = ", row: row, column: column, role: role(.dim))
        guard let result = pin.result else {
            painter.truncated("…", row: row, column: column, role: role(.dim))
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
                "\(result.actual.displayText) (expected \(expected))", row: row, column: column, role: role(.error))
        case .passed, .watched:
            let valueRole: StyleRole
            if case .error = result.actual { valueRole = .error } else { valueRole = pin.changed ? .highlight : .value }
            painter.truncated(result.actual.displayText, row: row, column: column, role: role(valueRole))
        }
    }
}
