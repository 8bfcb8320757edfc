import MBMLEngine

/// An expression pinned in the inspector: re-evaluated after every reload, its value kept in view.
/// A pin may carry an expected value (pins loaded with `--check FILE.jsonl`); it then shows ✓ or ✗.
struct Pin {
    var expectation: Expectation
    /// The latest evaluation, nil until the first arrives.
    var result: ExpectationResult?
    /// True when the latest reload changed the pin's value.
    var changed = false

    init(expectation: Expectation) {
        self.expectation = expectation
    }
}

/// The pins pane: expressions kept in view while the manifest is edited.
struct PinsState {
    var pins: [Pin] = []
    /// The last pin evaluation asked for (older answers are ignored).
    var requestedGeneration = 0
    /// Most rows the pins pane takes (title included).
    static let maximumRows = 8
    /// The file name being typed after Ctrl-S (nil: no prompt).
    var savePrompt: PromptLine?
    /// The existing file Ctrl-S would replace, while the user is asked whether to (nil: no question).
    var overwritePrompt: String?
    /// Where pins were last loaded from or saved to: the name Ctrl-S offers.
    var fileName = "pins.jsonl"
    /// The selected pin (highlighted when the pane has focus; a new pin is selected).
    var selected = 0
    /// The first pin on show.
    var scrollTop = 0
    /// The pins (context and expression) as they were last read from or saved to a file.
    var savedKeys: [String] = []
    /// Set while quitting waits for an answer about pins not saved.
    var quitPrompt = false

    init() {}

    /// What tells pins apart: the context and the expression of each, in order.
    var keys: [String] { pins.map { $0.expectation.context.rawValue + "\u{0}" + $0.expectation.expression } }

    /// Whether the pins differ from those last read from or saved to a file (quitting asks first).
    var hasUnsavedChanges: Bool { keys != savedKeys }

    /// The pins as they are now count as saved.
    mutating func markSaved() {
        savedKeys = keys
    }

    /// The expectations of every pin, in order.
    var expectations: [Expectation] { pins.map(\.expectation) }

    /// Pins the expression in `context`, or unpins it if it is pinned already.
    /// - Returns: true when the expression is now pinned.
    mutating func toggle(_ expression: String, context: ExpressionContext) -> Bool {
        if let index = pins.firstIndex(where: {
            $0.expectation.expression == expression && $0.expectation.context == context
        }) {
            pins.remove(at: index)
            clampSelection()
            return false
        }
        var number = pins.count + 1
        while pins.contains(where: { $0.expectation.id == "pin.\(number)" }) { number += 1 }
        pins.append(
            Pin(
                expectation: Expectation(
                    id: "pin.\(number)", context: context, expression: expression,
                    expected: .watch)))
        selected = pins.count - 1
        return true
    }

    /// Adds pins for expectations (from an expectation file).
    mutating func add(_ expectations: [Expectation]) {
        pins += expectations.map(Pin.init(expectation:))
    }

    /// Takes the results of evaluation `generation`. After a reload, a pin whose value differs from
    /// the one shown before is marked as changed; otherwise the marks stay as they are.
    mutating func apply(_ results: [ExpectationResult], generation: Int, afterReload: Bool) {
        guard generation == requestedGeneration else { return }
        for index in pins.indices {
            guard let result = results.first(where: { $0.expectation == pins[index].expectation }) else { continue }
            if afterReload, let before = pins[index].result {
                pins[index].changed = before.actual.displayText != result.actual.displayText
            }
            pins[index].result = result
        }
    }
}

extension PinsState {
    /// Rows the pins pane asks for: none without pins, else a title and one row a pin, at most
    /// ``maximumRows``.
    var paneRows: Int { pins.isEmpty ? 0 : min(pins.count + 1, Self.maximumRows) }
}

extension PinsState {
    /// The pins as an expectation file: a pin with an expected value keeps it; a pin without one
    /// expects what it shows now (its value, or an error), so that exploring becomes a check.
    var expectationFileText: String {
        pins.map { pin -> String in
            var expectation = pin.expectation
            expectation.location = nil
            if case .watch = expectation.expected, let result = pin.result {
                switch result.actual {
                case .value(let value): expectation.expected = .value(value ?? .null)
                case .error: expectation.expected = .error
                }
            }
            return expectation.jsonLine + "\n"
        }.joined()
    }
}
