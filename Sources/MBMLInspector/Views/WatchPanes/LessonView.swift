import MBMLEngine

/// The lesson pane: `Lesson N/M: title`, the lesson's text, then its checklist (✓ for what the
/// learner has done), wrapped to the pane's width (see ``LessonLines``). When the pane is too
/// short, the text gives way to the checklist first.
enum LessonView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let lessons = state.lessons
        guard let lesson = lessons.currentLesson else { return }
        let doneCount = lesson.items.filter { lessons.done.contains($0.id) }.count
        PaneChrome.title(
            "Lesson \(lessons.current + 1)/\(lessons.lessons.count): \(lesson.title)",
            note: "\(doneCount)/\(lesson.items.count) · Alt-N/Alt-P", focused: false, painter: painter)
        let textRows = LessonLines.lines(
            for: Lesson(title: "", text: lesson.text, items: []), done: [], width: painter.width
        ).count
        var lines = LessonLines.lines(for: lesson, done: lessons.done, width: painter.width)
        let available = painter.height - 1
        if lines.count > available {
            // Drop text rows from the end of the text first (keeping at least one), then the checklist's tail.
            let keepText = max(min(textRows, 1), textRows - (lines.count - available))
            lines.removeSubrange(keepText..<textRows)
        }
        for (index, line) in lines.prefix(max(available, 0)).enumerated() {
            var column = 1
            for span in line.spans {
                column = painter.text(span.text, row: index + 1, column: column, role: span.role)
            }
        }
    }
}
