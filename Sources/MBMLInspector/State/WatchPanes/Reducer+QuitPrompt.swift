extension Reducer {
    /// What quitting with pins not saved asks.
    static func quitPromptText(_ pins: PinsState) -> String {
        let count = pins.pins.count
        let what = count == 1 ? "1 pin is" : "\(count) pins are"
        return "\(what) not saved: Ctrl-S saves them, q or Ctrl-C quits without them, Esc stays"
    }

    /// The answer to "pins not saved": Ctrl-S saves them (then quits), `q` or Ctrl-C quits, any
    /// other key stays.
    static func handleQuitPromptKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        switch KeyTable.command(for: key, in: .quitPrompt) {
        case .savePins?:
            startSavingPins(&state)
        case .quit?:
            quit(&state, effects: &effects)
        default:
            state.pins.quitPrompt = false
            state.status.message = "Not quitting"
        }
    }
}
