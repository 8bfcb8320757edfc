import MBMLEngine

extension Reducer {
    /// Keys in the pins pane: move, open the selected pin's full value, unpin it.
    static func handlePinsKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        let page = max(state.pinRows - 1, 1)
        switch KeyTable.command(for: key, in: .pins) {
        case .up?: state.pins.moveSelection(by: -1)
        case .down?: state.pins.moveSelection(by: 1)
        case .pageUp?: state.pins.moveSelection(by: -page)
        case .pageDown?: state.pins.moveSelection(by: page)
        case .first?: state.pins.selectEnd(last: false)
        case .last?: state.pins.selectEnd(last: true)
        case .showValue?:
            openPinOverlay(&state)
        case .unpin?:
            unpinSelected(&state, effects: &effects)
        case .savePins?:
            startSavingPins(&state)
        default:
            _ = handleCommonPaneKey(key, state: &state, effects: &effects)
        }
        keepPinSelectionVisible(&state)
    }

    /// Remembers the first pin on show, so that the pane scrolls only as far as the selection needs.
    static func keepPinSelectionVisible(_ state: inout InspectorState) {
        state.pins.clampSelection()
        state.pins.scrollTop = state.pins.windowTop(rows: state.pinRows)
    }

    /// `x`, Delete: unpins the selected pin; with none left, the editor gets the focus.
    static func unpinSelected(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard let removed = state.pins.removeSelected() else { return }
        state.status.message = "Unpinned \(removed.expectation.expression)"
        if state.pins.pins.isEmpty, state.focus == .pins { state.focus = .editor }
    }

    /// Enter, `o`: the selected pin's value or error in the value viewer; the title says what the
    /// pin expects when it expects something.
    static func openPinOverlay(_ state: inout InspectorState) {
        guard let pin = state.pins.selectedPin else { return }
        let expectation = pin.expectation
        var title = "\(expectation.context.rawValue) pin \(expectation.expression)"
        switch expectation.expected {
        case .value(let value): title += " (expects \(JSONCodec.encode(value, limit: 200).text))"
        case .error: title += " (expects an error)"
        case .watch: break
        }
        switch pin.result?.actual {
        case .value(let value)?:
            state.overlay = valueOverlay(title: title, value: value)
        case .error(let message)?:
            state.overlay = .viewer(ValueViewer(title: title, text: message, kind: "Error"))
        case nil:
            state.overlay = .viewer(ValueViewer(title: title, text: "(not evaluated yet)", kind: "Pending"))
        }
    }
}
