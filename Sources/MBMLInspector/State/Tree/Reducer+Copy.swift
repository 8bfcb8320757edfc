import MBMLEngine

extension Reducer {
    /// The most `y v` puts on the clipboard; larger values are offered `y f` (a file) instead.
    static let clipboardLimit = 1 << 20

    static let copyPrompt = "Copy: v value (JSON) · k key · p expression · f value to a file"

    /// The key after `y` in the variable tree.
    static func copySelection(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard let row = selectedRow(state) else { return }
        switch KeyTable.command(for: key, in: .copyChoice) {
        case .copyValue?:
            guard let value = row.value else {
                state.status.message = "\(row.label) has no value to copy"
                return
            }
            if JSONSize.exceeds(value, limit: clipboardLimit) {
                state.status.message =
                    "The value of \(row.label) is over 1 MiB: too big for the clipboard (OSC 52). y f writes it to a file"
                return
            }
            send(copyText(value), what: "the value of \(row.label)", state: &state, effects: &effects)
        case .copyKey?:
            send(keyText(row.path.last), what: "the key", state: &state, effects: &effects)
        case .copyExpression?:
            guard let expression = PathExpression.expression(for: row.path) else {
                state.status.message = "No MBML expression reaches this node"
                return
            }
            send(expression, what: expression, state: &state, effects: &effects)
        case .writeValueFile?:
            guard let value = row.value else {
                state.status.message = "\(row.label) has no value to write"
                return
            }
            let name = fileName(for: row.path)
            effects.append(.outside(.writeValueFile(name: name, value: value)))
            state.status.message = "Writing the value of \(row.label) to ./\(name) (or a free name like it)…"
        default:
            state.status.message = "Copy cancelled"
        }
    }

    /// A value as copied: strings as their text, everything else as tagged JSON (`mbml eval`).
    static func copyText(_ value: Value) -> String {
        if case .string(let text) = value { return text }
        return JSONCodec.encode(value)
    }

    /// ``copyText(_:)`` written under the job `evaluation`'s budget.
    /// - Throws: the job's stop (``MemoryBudgetExceeded`` for a value too large as text).
    static func copyText(_ value: Value, within evaluation: Evaluation) throws -> String {
        if case .string(let text) = value { return text }
        return try evaluation.json(of: value)
    }

    private static func keyText(_ component: PathComponent?) -> String {
        switch component {
        case .variable(let name)?, .key(let name)?, .property(let name)?: return name
        case .index(let index)?, .member(let index)?: return String(index)
        case nil: return ""
        }
    }

    private static func send(
        _ text: String, what: String, state: inout InspectorState, effects: inout [InspectorEffect]
    ) {
        effects.append(.outside(.copyToClipboard(text)))
        let count = text.count == 1 ? "1 character" : "\(text.count) characters"
        state.status.message =
            "Sent \(count) (\(what)) via OSC 52 — the terminal must allow clipboard access (tmux: set -g set-clipboard on)"
    }

    /// `mbml-NAME.json` for a node (the variable and the last component), letters, digits, `-` and `_` only.
    static func fileName(for path: NodePath) -> String {
        let parts = [path.first, path.count > 1 ? path.last : nil].compactMap { $0 }.map { keyText($0) }
        let name = parts.joined(separator: "-").map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
        return "mbml-" + String(name.prefix(60)) + ".json"
    }
}

/// Whether a value's JSON would be longer than a limit, found without writing it: walks the value
/// adding up lengths (strings by their UTF-8 size, escapes not counted) and stops at the limit.
enum JSONSize {
    static func exceeds(_ value: Value, limit: Int) -> Bool {
        var total = 0
        return !fits(value, total: &total, limit: limit)
    }

    private static func fits(_ value: Value, total: inout Int, limit: Int) -> Bool {
        switch value {
        case .string(let text): total += text.utf8.count + 2
        case .array(let elements), .set(let elements):
            total += 2 + elements.count
            for element in elements where total <= limit {
                guard fits(element, total: &total, limit: limit) else { return false }
            }
        case .dictionary(let entries):
            total += 2
            for (key, element) in entries where total <= limit {
                total += key.utf8.count + 4
                guard fits(element, total: &total, limit: limit) else { return false }
            }
        case .data(let data): total += data.count * 4 / 3 + 12
        default: total += 24
        }
        return total <= limit
    }
}
