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
/// An item ticks when the learner's expression does what the item asks and gives the item's
/// expected result in the item's context (matched as `mbml check` matches it, ``ValueMatcher``).
/// What an item asks is read from the token trees of both texts in the item's context
/// (``ExpressionShape``), never from the value alone: `^count($cats)` gives 3 but does not tick
/// `$cats.count → 3`, and `$userName` does not tick a comparison whose boolean row is `true`.
/// - The item's own expression, up to spacing (the same tree, literal text included, spaces
///   aside; `==` and `-EQ` are one operator, the sides of `==`, `!=`, `-AND`, `-OR` either way
///   round) ticks it, in any lesson.
/// - The same construct with other literal words or numbers (`#(14 - 7)` for `#(10 - 3)`) ticks
///   it in the lesson on show, when the item reads something (a variable, a call, math, an
///   operator): typing the answer itself ticks nothing.
/// - A watch item (no `expect`) ticks when its own expression is in the editor and a saved file
///   reloads and changes its value. That is the live-edit step of the tutorial.
///
/// Until the engine has parsed the items (``itemParses``), only the item's own text, spaces
/// aside, ticks it. What is ticked and the lesson on show are kept between runs
/// (``LessonProgressStore``).
struct LessonsState {
    var lessons: [Lesson] = []
    var current = 0
    /// The ids of the items the learner has done.
    var done: Set<String> = []
    /// Where the progress is kept, if anywhere.
    var store: LessonProgressStore?
    /// Each item's expression parsed by the engine, by item id.
    var itemParses: [String: PreparedExpression] = [:]
    /// The first row of the lesson on show (the pane scrolls when it is shorter than the lesson).
    var scrollTop = 0
    /// Set on the built-in sample (bare `mbml`), which has no lessons: the pane then says how to
    /// open the tutorial with its lessons (``LessonLines/invitation(width:)``).
    var invitesToTutorial = false

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

    /// Whether the lesson pane is on screen: there are lessons, or the tutorial is suggested.
    var isShown: Bool { currentLesson != nil || invitesToTutorial }

    /// The rows under the pane's title at `width` columns: the lesson on show, wrapped, or the
    /// invitation to the tutorial.
    func lines(width: Int) -> [LessonLine] {
        if let lesson = currentLesson { return LessonLines.lines(for: lesson, done: done, width: width) }
        guard invitesToTutorial else { return [] }
        return LessonLines.invitation(width: width)
    }

    /// Rows the lesson pane asks for at `width` columns: its title and every row of the lesson (the
    /// layout gives what it can, the pane scrolls over the rest); none without lessons.
    func paneRows(width: Int) -> Int {
        guard isShown else { return 0 }
        return lines(width: width).count + 1
    }

    /// Moves to the next (`step` 1) or previous (-1) lesson, staying within the lessons, and shows
    /// it from its first row.
    mutating func move(by step: Int) {
        guard !lessons.isEmpty else { return }
        current = min(max(current + step, 0), lessons.count - 1)
        scrollTop = 0
    }

    /// Ticks the items `text`, with these results, satisfies (see the type's description);
    /// `parse` is the engine's parse of `text`, `changedByReload` holds the contexts whose result a
    /// reload has just changed.
    /// - Returns: the ids ticked now that were not ticked before.
    @discardableResult
    mutating func record(
        text: String, parse: PreparedExpression? = nil, results: [ExpressionContext: ContextResult],
        changedByReload: Set<ExpressionContext> = []
    ) -> [String] {
        guard !Self.normalized(text).isEmpty else { return [] }
        var newlyDone: [String] = []
        for (index, lesson) in lessons.enumerated() {
            for item in lesson.items where !done.contains(item.id) {
                guard let result = results[item.context] else { continue }
                let ticks: Bool
                if item.isWatch {
                    ticks =
                        isOwnExpression(item, text: text, parse: parse) && changedByReload.contains(item.context)
                        && result.error == nil
                } else {
                    let asked =
                        isOwnExpression(item, text: text, parse: parse)
                        || (index == current && isSameConstruct(item, parse: parse))
                    ticks = asked && Self.satisfies(item, result)
                }
                if ticks, done.insert(item.id).inserted { newlyDone.append(item.id) }
            }
        }
        return newlyDone
    }

    /// Whether `text` is the item's own expression up to spacing: the same token tree in the
    /// item's context, literal text included (the text itself, spaces aside, before the parses are in).
    func isOwnExpression(_ item: Expectation, text: String, parse: PreparedExpression?) -> Bool {
        guard let parse, parse.text == text, let itemParse = itemParses[item.id] else {
            return Self.normalized(item.expression) == Self.normalized(text)
        }
        guard let typed = parse.shape(in: item.context, literals: .kept) else { return false }
        return typed == itemParse.shape(in: item.context, literals: .kept)
    }

    /// Whether the parsed text is the item's construct with other literal words or numbers: the
    /// same tree in the item's context, literals aside, for an item that reads something.
    func isSameConstruct(_ item: Expectation, parse: PreparedExpression?) -> Bool {
        guard let parse, let itemParse = itemParses[item.id],
            let asked = itemParse.shape(in: item.context, literals: .ignored), asked.readsSomething
        else { return false }
        return parse.shape(in: item.context, literals: .ignored) == asked
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
