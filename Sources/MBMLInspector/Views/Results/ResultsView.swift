import Foundation
import MBMLEngine

/// The results pane: one row per context, the label then that context's result or error. While
/// the text is invalid the last valid results stay, drawn in the `stale` role.
enum ResultsView {
    static let labelWidth = 9

    static func draw(_ state: InspectorState, painter: Painter) {
        let results = state.results
        let focused = state.focus == .results
        var note = ""
        if results.isEvaluating {
            note = "evaluating…"
        } else if !state.invalidContexts.isEmpty {
            let names = state.invalidContexts.map(\.rawValue)
            note =
                names.count == ExpressionContext.allCases.count
                ? "invalid: last good results"
                : "invalid in \(names.joined(separator: ", ")): last good result"
        } else if focused {
            note = "Enter full value · y copies JSON"
        }
        PaneChrome.title(Pane.results.title, note: note, focused: focused, painter: painter)
        for (offset, context) in ExpressionContext.allCases.enumerated() {
            let row = offset + 1
            let isSelected = focused && results.selected == context
            let labelRole: StyleRole = isSelected ? .selection : .label
            painter.text(
                context.rawValue.padding(toLength: labelWidth - 1, withPad: " ", startingAt: 0),
                row: row, column: 0, role: labelRole)
            let stale = state.isInvalid(context)
            if !stale, results.isWaiting(for: context) {
                painter.text("…", row: row, column: labelWidth, role: .dim)
                continue
            }
            let (text, role, type) = describe(results.shown[context], context: context)
            guard results.shown[context] != nil || !stale else { continue }
            if context == .boolean, case .error(let error)? = results.shown[context] {
                drawBooleanFailure(error, row: row, stale: stale, painter: painter)
                continue
            }
            let valueRole = stale ? .stale : role
            let width = painter.width - labelWidth
            let typeNote = type.map { "  " + $0 } ?? ""
            let fitsType = TextWidth.of(text) + TextWidth.of(typeNote) <= width
            let changedNote = results.changedByReload.contains(context) ? "  ~ changed" : ""
            var end = painter.truncated(
                text, row: row, column: labelWidth, role: valueRole,
                maxWidth: max(width - TextWidth.of(changedNote), 1))
            if fitsType, !typeNote.isEmpty, end + TextWidth.of(typeNote + changedNote) <= painter.width {
                end = painter.text(typeNote, row: row, column: end, role: stale ? .stale : .dim)
            }
            if !changedNote.isEmpty { painter.text(changedNote, row: row, column: end, role: .changed) }
        }
    }

    /// A boolean evaluation that failed answers `false`, as the original's `asBoolean:` does (it
    /// logs the error and returns its default, NO): `false`, then the error dimmed.
    private static func drawBooleanFailure(_ error: ExpressionError, row: Int, stale: Bool, painter: Painter) {
        let end = painter.text("false", row: row, column: labelWidth, role: stale ? .stale : .value)
        painter.truncated(
            "  ✗ " + EditorView.errorMessage(error) + " (the original answers false)", row: row, column: end,
            role: .dim)
    }

    /// The text of a result row, its role, and (object context) a type note.
    static func describe(_ result: ContextResult?, context: ExpressionContext) -> (String, StyleRole, String?) {
        switch result {
        case nil, .noValue?:
            return ("(no value)", .dim, nil)
        case .error(let error)? where context == .number && error.isNotANumber:
            return ("not a number", .dim, nil)
        case .error(let error)?:
            return ("✗ " + EditorView.errorMessage(error), .error, nil)
        case .value(let value)?:
            switch context {
            case .object: return (ValueFormatter.summary(of: value), .value, ValueFormatter.typeDescription(of: value))
            case .string: return (ValueFormatter.stringContextLine(value), .value, nil)
            case .number: return (ValueFormatter.compact(value), .value, nil)
            case .boolean: return (ValueFormatter.boolean(value), .value, nil)
            }
        }
    }
}
