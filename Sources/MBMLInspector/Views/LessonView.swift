import MBMLEngine

/// The lesson pane: `Lesson N/M: title`, the lesson's text, then its checklist (✓ for what the
/// learner has typed and seen give the expected result).
enum LessonView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let lessons = state.lessons
        guard let lesson = lessons.currentLesson else { return }
        let doneCount = lesson.items.filter { lessons.done.contains($0.id) }.count
        PaneChrome.title(
            "Lesson \(lessons.current + 1)/\(lessons.lessons.count): \(lesson.title)",
            note: "\(doneCount)/\(lesson.items.count) · Alt-N/Alt-P", focused: false, painter: painter)
        var row = 1
        let textLines = TextWrap.atSpaces(lesson.text, width: painter.width - 2)
        let itemRows = painter.height - 1
        let textRows = min(textLines.count, max(itemRows - lesson.items.count, 1))
        for line in textLines.prefix(textRows) where row < painter.height {
            painter.truncated(line, row: row, column: 1, role: .hint)
            row += 1
        }
        for item in lesson.items where row < painter.height {
            let isDone = lessons.done.contains(item.id)
            var column = painter.text(isDone ? "✓" : "·", row: row, column: 1, role: isDone ? .match : .dim) + 1
            let context = item.context == .string ? "" : "\(item.context.rawValue): "
            column = painter.truncated(
                "try " + item.expression, row: row, column: column, role: .syntaxVariable,
                maxWidth: max(painter.width * 3 / 5 - column, 8))
            column = painter.text(" → ", row: row, column: column, role: .dim)
            painter.truncated(context + expectedText(item), row: row, column: column, role: isDone ? .value : .dim)
            row += 1
        }
    }

    /// What the item should show: strings as they are, other values in the JSON encoding.
    private static func expectedText(_ item: Expectation) -> String {
        switch item.expected {
        case .value(.string(let text)): return text
        case .value(let value): return JSONCodec.encode(value)
        case .error: return "an error"
        case .watch: return "anything"
        }
    }
}
