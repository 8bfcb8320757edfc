import MBMLEngine

/// The pins, the comparison and the lessons (``InspectorEffect/watchPanes(_:)``).
enum WatchPaneEffect: Equatable {
    /// Evaluate the pins (answer with `.pinsEvaluated`).
    case evaluatePins([Expectation], generation: Int, afterReload: Bool)
    /// Evaluate the text and the pins in both spaces (answer with `.compared`).
    case compare(text: String, pins: [Expectation], generation: Int)
    /// Write the pins' expectation file (answer with `.pinsSaved`); an existing file is only
    /// replaced when `overwrites` (else the answer is `.pinsFileExists`).
    case savePins(path: String, text: String, overwrites: Bool)
    /// Parse the lesson items' expressions (answer with `.lessonItemsParsed`).
    case parseLessonItems([Expectation])
    /// Keep the lessons' progress (no answer: progress that cannot be written is only not kept).
    case saveLessonProgress(LessonProgress, store: LessonProgressStore)
}
