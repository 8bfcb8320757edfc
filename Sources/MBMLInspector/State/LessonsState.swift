import MBMLEngine

/// One lesson: a title, its text, and the expressions the learner should try, each with the
/// result it should give.
struct Lesson {
    var title: String
    /// The lesson's prose (the `note` of its first expectation), possibly empty.
    var text: String
    var items: [Expectation]
}

/// The lesson pane (`mbml tutorial`, `mbml inspect --lessons FILE.jsonl`): the current lesson's text
/// and its checklist. An item is ticked once the learner has typed its expression and it gave the
/// expected result.
struct LessonsState {
    var lessons: [Lesson] = []
    var current = 0
    /// The ids of the items the learner has done.
    var done: Set<String> = []
    /// Most rows the lesson pane takes (title included).
    static let maximumRows = 12

    init() {}

    /// Groups expectations into lessons by their `from` (in order of first appearance); the text of
    /// a lesson is the note of its first expectation.
    init(expectations: [Expectation]) {
        for expectation in expectations {
            let title = expectation.origin ?? "Checks"
            if let index = lessons.firstIndex(where: { $0.title == title }) {
                lessons[index].items.append(expectation)
            } else {
                lessons.append(Lesson(title: title, text: expectation.note ?? "", items: [expectation]))
            }
        }
    }

    var currentLesson: Lesson? { lessons.indices.contains(current) ? lessons[current] : nil }

    /// Rows the lesson pane asks for: none without lessons.
    var paneRows: Int {
        guard let lesson = currentLesson else { return 0 }
        let textRows = (lesson.text.count + 59) / 60
        return min(lesson.items.count + 1 + textRows, Self.maximumRows)
    }

    /// Moves to the next (`step` 1) or previous (-1) lesson, staying within the lessons.
    mutating func move(by step: Int) {
        guard !lessons.isEmpty else { return }
        current = min(max(current + step, 0), lessons.count - 1)
    }

    /// Ticks every item whose expression is `text` (ignoring surrounding spaces) and whose context's
    /// result is the expected one.
    /// - Returns: the ids ticked now that were not ticked before.
    @discardableResult
    mutating func record(text: String, results: [ExpressionContext: ContextResult]) -> [String] {
        let typed = text.trimmingCharacters(in: .whitespaces)
        var newlyDone: [String] = []
        for lesson in lessons {
            for item in lesson.items where item.expression.trimmingCharacters(in: .whitespaces) == typed {
                guard let result = results[item.context] else { continue }
                let actual: ObservedOutcome
                switch result {
                // The inspector's string row holds the object result; the string context is its text.
                case .value(let value): actual = .value(item.context == .string ? .string(value.text) : value)
                case .noValue: actual = .value(nil)
                case .error(let error): actual = .error(Environment.logText(for: error))
                }
                if ExpectationChecker.judge(item, actual: actual).status == .passed, done.insert(item.id).inserted {
                    newlyDone.append(item.id)
                }
            }
        }
        return newlyDone
    }
}
