import MBMLEngine

/// One lesson: a title, its text, and the expressions the learner should try, each with the
/// result it should give.
struct Lesson {
    var title: String
    /// The lesson's prose (the `note` of its first expectation), possibly empty.
    var text: String
    var items: [Expectation]
}

/// The lesson pane (`mbml tutorial`, `mbml inspect --lessons FILE.jsonl`, or a manifest with a
/// lesson file, see ``LessonFileLocator``): the current lesson's text and its checklist.
///
/// An item is ticked (see ``record(text:results:changedByReload:)``):
/// - when the learner's expression gives the item's expected value in the item's context, matched
///   as `mbml check` matches it (``ValueMatcher``), whatever its text: `^count($cats)` ticks
///   `$cats.count → 3`. This holds for the lesson on show, and for expressions that read something
///   (a `$`, a `^` or a `#(`), so that typing the answer itself ticks nothing;
/// - when the learner types the item's expression itself (spaces aside) and it gives the expected
///   result, in any lesson;
/// - for a watch item (no `expect`): when its expression is in the editor and a saved file
///   reloads and changes its value. That is the live-edit step of the tutorial.
///
/// What is ticked and the lesson on show are kept between runs (``LessonProgressStore``).
struct LessonsState {
    var lessons: [Lesson] = []
    var current = 0
    /// The ids of the items the learner has done.
    var done: Set<String> = []
    /// Where the progress is kept, if anywhere.
    var store: LessonProgressStore?
    /// Most rows the lesson pane takes (title included).
    static let maximumRows = 12

    init() {}

    /// Groups expectations into lessons by their `from` (in order of first appearance); the text of
    /// a lesson is the note of its first expectation. `progress` is restored, ids that name no item
    /// and a lesson index out of range are dropped.
    init(expectations: [Expectation], progress: LessonProgress = LessonProgress(), store: LessonProgressStore? = nil) {
        for expectation in expectations {
            let title = expectation.origin ?? "Checks"
            if let index = lessons.firstIndex(where: { $0.title == title }) {
                lessons[index].items.append(expectation)
            } else {
                lessons.append(Lesson(title: title, text: expectation.note ?? "", items: [expectation]))
            }
        }
        let ids = Set(expectations.map(\.id))
        done = progress.done.intersection(ids)
        current = lessons.isEmpty ? 0 : min(max(progress.current, 0), lessons.count - 1)
        self.store = store
    }

    var currentLesson: Lesson? { lessons.indices.contains(current) ? lessons[current] : nil }

    /// What is kept between runs.
    var progress: LessonProgress { LessonProgress(done: done, current: current) }

    /// Rows the lesson pane asks for at `width` columns: none without lessons.
    func paneRows(width: Int) -> Int {
        guard let lesson = currentLesson else { return 0 }
        let rows = LessonLines.lines(for: lesson, done: done, width: width).count
        return min(rows + 1, Self.maximumRows)
    }

    /// Moves to the next (`step` 1) or previous (-1) lesson, staying within the lessons.
    mutating func move(by step: Int) {
        guard !lessons.isEmpty else { return }
        current = min(max(current + step, 0), lessons.count - 1)
    }

    /// Ticks the items `text`, with these results, satisfies (see the type's description);
    /// `changedByReload` holds the contexts whose result a reload has just changed.
    /// - Returns: the ids ticked now that were not ticked before.
    @discardableResult
    mutating func record(
        text: String, results: [ExpressionContext: ContextResult], changedByReload: Set<ExpressionContext> = []
    ) -> [String] {
        let typed = Self.normalized(text)
        guard !typed.isEmpty else { return [] }
        let readsSomething = typed.contains("$") || typed.contains("^") || typed.contains("#(")
        var newlyDone: [String] = []
        for (index, lesson) in lessons.enumerated() {
            for item in lesson.items where !done.contains(item.id) {
                guard let result = results[item.context] else { continue }
                let isOwnText = Self.normalized(item.expression) == typed
                let ticks: Bool
                if item.isWatch {
                    ticks = isOwnText && changedByReload.contains(item.context) && result.error == nil
                } else if isOwnText {
                    ticks = Self.satisfies(item, result)
                } else {
                    ticks =
                        index == current && readsSomething && Self.isMatchedByValue(item)
                        && Self.satisfies(item, result)
                }
                if ticks, done.insert(item.id).inserted { newlyDone.append(item.id) }
            }
        }
        return newlyDone
    }

    /// True for items whose expected value says which result is right (not only its kind).
    private static func isMatchedByValue(_ item: Expectation) -> Bool {
        guard case .value = item.expected else { return false }
        return item.match != .type && item.match != .nonempty
    }

    /// Whether `result` is what `item` expects, as `mbml check` judges it.
    private static func satisfies(_ item: Expectation, _ result: ContextResult) -> Bool {
        let actual: ObservedOutcome
        switch result {
        // The inspector's string row holds the object result; the string context is its text.
        case .value(let value): actual = .value(item.context == .string ? .string(value.text) : value)
        case .noValue: actual = .value(nil)
        case .error(let error): actual = .error(Environment.logText(for: error))
        }
        return ExpectationChecker.judge(item, actual: actual).status == .passed
    }

    /// `text` with surrounding spaces removed and inner runs of spaces made one.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
    }
}
