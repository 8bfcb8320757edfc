/// Choosing a pin in the pins pane, and the pins on show.
extension PinsState {
    /// The selected pin, if there is one.
    var selectedPin: Pin? {
        pins.indices.contains(selected) ? pins[selected] : nil
    }

    /// Moves the selection by `step` pins (stopping at the first and the last).
    mutating func moveSelection(by step: Int) {
        selected += step
        clampSelection()
    }

    /// Selects the first (`last` false) or the last pin.
    mutating func selectEnd(last: Bool) {
        selected = last ? pins.count - 1 : 0
        clampSelection()
    }

    /// Removes the selected pin; the next one (or the new last) is selected.
    /// - Returns: the pin removed.
    mutating func removeSelected() -> Pin? {
        guard pins.indices.contains(selected) else { return nil }
        let removed = pins.remove(at: selected)
        clampSelection()
        return removed
    }

    /// Keeps the selection on a pin.
    mutating func clampSelection() {
        selected = min(max(selected, 0), max(pins.count - 1, 0))
    }

    /// The first pin on show in `rows` rows: ``scrollTop``, moved as little as needed to show the
    /// selected pin and no blank rows after the last.
    func windowTop(rows: Int) -> Int {
        let rows = max(rows, 1)
        var top = min(scrollTop, max(pins.count - rows, 0))
        if selected < top { top = selected }
        if selected >= top + rows { top = selected - rows + 1 }
        return max(top, 0)
    }
}
