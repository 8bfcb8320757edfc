import Foundation
import MBMLEngine

/// The panes under the tokens: pins (evaluated, saved), the comparison of two spaces, the lessons.
extension InspectorSession {
    func performWatchPanes(_ effect: WatchPaneEffect) -> [InspectorAction] {
        switch effect {
        case .evaluatePins(let expectations, let generation, let afterReload):
            let environment = engine.environment
            return answer(
                on: .evaluation,
                engine.evaluationLaneJob { limits in
                    let checker = ExpectationChecker(environment: environment, isCancelled: limits.isCancelled)
                    return .pinsEvaluated(
                        expectations.map(checker.check), generation: generation, afterReload: afterReload)
                })
        case .compare(let text, let pins, let generation):
            guard let comparison = comparison else { return [] }
            let first = engine.environment, second = comparison.environment
            return answer(
                on: .evaluation,
                engine.evaluationLaneJob { limits in
                    .compared(
                        SpaceComparison.rows(text: text, pins: pins, first: first, second: second, limits: limits),
                        generation: generation)
                })
        case .savePins(let path, let text, let overwrites):
            if !overwrites, FileManager.default.fileExists(atPath: path) { return [.pinsFileExists(path: path)] }
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                return [.pinsSaved(path: path, error: nil)]
            } catch {
                return [.pinsSaved(path: path, error: error.localizedDescription)]
            }
        case .parseLessonItems(let items):
            // A few short texts: parsed at once, with the engine's functions (their input types
            // shape the trees).
            return [
                .lessonItemsParsed(Dictionary(items.map { ($0.id, engine.parse($0.expression)) }) { first, _ in first })
            ]
        case .saveLessonProgress(let progress, let store):
            try? store.save(progress)
            return []
        }
    }
}
