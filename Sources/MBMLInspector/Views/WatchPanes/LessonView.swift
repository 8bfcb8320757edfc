import MBMLEngine

/// The lesson pane: `Lesson N/M: title`, the lesson's text, then its checklist (✓ for what the
/// learner has done), wrapped to the pane's width (see ``LessonLines``); nothing is cut. When the
/// pane is shorter than the lesson, it shows the rows from ``LessonsState/scrollTop`` on and its
/// title says which (Tab to the pane, then ↑ ↓ PgUp PgDn scroll). On the built-in sample, which has
/// no lessons, it says how to open the tutorial with them.
enum LessonView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let lessons = state.lessons
        let focused = state.focus == .lesson
        let lines = lessons.lines(width: painter.width)
        let available = max(painter.height - 1, 0)
        let top = min(max(lessons.scrollTop, 0), max(lines.count - available, 0))
        let keys = (KeyTable.label(of: .nextLesson) ?? "").replacingOccurrences(of: " / ", with: "/")
        var scroll: [String] = []
        if lines.count > available {
            scroll = ["rows \(top + 1)–\(min(top + available, lines.count))/\(lines.count) " + (focused ? "↑↓" : "F6")]
        }
        if let lesson = lessons.currentLesson {
            let doneCount = lesson.items.filter { lessons.done.contains($0.id) }.count
            let number = "Lesson \(lessons.current + 1)/\(lessons.lessons.count)"
            let progress = "\(doneCount)/\(lesson.items.count)"
            // The richest title that fits: the lesson's name, then the lesson keys give way.
            let choices = [
                (number + ": " + lesson.title, [progress, keys] + scroll),
                (number, [progress, keys] + scroll),
                (number, [progress] + scroll),
            ]
            let fits = choices.first { TextWidth.of($0.0) + 3 + TextWidth.of(note($0.1)) < painter.width }
            let (title, parts) = fits ?? choices[choices.count - 1]
            PaneChrome.title(title, note: note(parts), focused: focused, painter: painter)
        } else {
            PaneChrome.title("Lessons: mbml tutorial", note: note(scroll), focused: focused, painter: painter)
        }
        for (index, line) in lines.dropFirst(top).prefix(available).enumerated() {
            var column = 1
            for span in line.spans {
                column = painter.text(span.text, row: index + 1, column: column, role: span.role)
            }
        }
    }

    private static func note(_ parts: [String]) -> String {
        parts.joined(separator: " · ")
    }
}
