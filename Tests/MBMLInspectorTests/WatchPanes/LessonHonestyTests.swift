import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// Honest lessons: on every lesson of the tutorial, an item ticks when the typed expression does
/// what it asks (its own expression up to spacing, or the same construct with other literals),
/// never because another expression lands on the same value.
final class LessonHonestyTests: XCTestCase {
    /// The tutorial's engine, its lessons with every item parsed, and what each candidate text gives.
    private struct Tutorial {
        let engine: EngineController
        let lessons: LessonsState

        init() throws {
            let engine = EngineController(source: .text(BuiltInSample.manifest, name: BuiltInSample.name))
            _ = engine.load(now: Date(timeIntervalSince1970: 0))
            self.engine = engine
            let file = try ExpectationFile(
                contentsOf: BuiltInSampleClaimsTests.samples.appendingPathComponent("tutorial/expectations.jsonl").path)
            var lessons = LessonsState(expectations: file.expectations)
            lessons.itemParses = Dictionary(
                uniqueKeysWithValues: file.expectations.map { ($0.id, engine.parse($0.expression)) })
            self.lessons = lessons
        }

        var items: [Expectation] { lessons.lessons.flatMap(\.items) }

        /// The ids `text` ticks with lesson `index` on show and nothing done before.
        func ticks(_ text: String, lesson index: Int) -> Set<String> {
            var state = lessons
            state.current = index
            let parse = engine.parse(text)
            engine.request(1)
            guard let outcome = engine.evaluate(parse, generation: 1) else {
                XCTFail("\(text) was not evaluated")
                return []
            }
            return Set(state.record(text: text, parse: parse, results: outcome.results))
        }

        /// `$name` for every variable the tutorial declares, and the standard ones it mentions.
        var plainReferences: [String] {
            let pattern = try? NSRegularExpression(pattern: #"<Var name="([A-Za-z][A-Za-z0-9 ]*)""#)
            let text = BuiltInSample.manifest
            let names = (pattern?.matches(in: text, range: NSRange(text.startIndex..., in: text)) ?? []).compactMap {
                Range($0.range(at: 1), in: text).map { String(text[$0]) }
            }
            return Array(Set(names.map { $0.contains(" ") ? "$(\($0))" : "$" + $0 })).sorted()
        }
    }

    /// Spaces made one, ends trimmed: what "the same text up to spacing" compares.
    private func spaced(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testNoExpressionTicksAnItemItDoesNotDoOnAnyLesson() throws {
        let tutorial = try Tutorial()
        let items = tutorial.items
        XCTAssertGreaterThanOrEqual(tutorial.lessons.lessons.count, 9)
        let answers = items.map { LessonLines.expectedText($0) }
        let candidates = Array(Set(items.map(\.expression) + tutorial.plainReferences + answers)).sorted()
        XCTAssertGreaterThan(tutorial.plainReferences.count, 10, "\(tutorial.plainReferences)")
        var checked = 0
        for index in tutorial.lessons.lessons.indices {
            for text in candidates {
                let ticked = tutorial.ticks(text, lesson: index)
                for id in ticked {
                    let item = try XCTUnwrap(items.first { $0.id == id })
                    XCTAssertEqual(
                        spaced(item.expression), spaced(text),
                        "lesson \(index + 1): typing \(text) ticked \(id) (\(item.expression))")
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, tutorial.lessons.lessons.count * candidates.count)
        // The walk is not vacuous: each item's own expression is among the candidates and ticks it.
        XCTAssertTrue(tutorial.ticks("$cats.count == 3", lesson: 0).contains("tutorial.step5.01"))
    }

    func testEveryItemStillTicksWithItsOwnExpressionOnItsLesson() throws {
        let tutorial = try Tutorial()
        for (index, lesson) in tutorial.lessons.lessons.enumerated() {
            for item in lesson.items where !item.isWatch {
                XCTAssertTrue(
                    tutorial.ticks(item.expression, lesson: index).contains(item.id), "\(item.id): \(item.expression)")
                XCTAssertTrue(
                    tutorial.ticks(item.expression, lesson: (index + 1) % tutorial.lessons.lessons.count)
                        .contains(item.id), "\(item.id) ticks with another lesson on show too")
            }
        }
    }

    func testSpacingAroundOperatorsDoesNotMatter() throws {
        let tutorial = try Tutorial()
        for (index, lesson) in tutorial.lessons.lessons.enumerated() {
            for item in lesson.items where !item.isWatch && item.context == .boolean {
                let respaced = "  " + item.expression.replacingOccurrences(of: " ", with: "   ") + " "
                XCTAssertTrue(tutorial.ticks(respaced, lesson: index).contains(item.id), "\(item.id): \(respaced)")
            }
        }
    }

    func testTheSameConstructWithOtherLiteralsTicksOnTheLessonOnShow() throws {
        let tutorial = try Tutorial()
        let math = try XCTUnwrap(tutorial.lessons.lessons.firstIndex { $0.title.contains("MATH") })
        XCTAssertTrue(tutorial.ticks("#(14 - 7)", lesson: math).contains("tutorial.step4.01"))
        XCTAssertFalse(tutorial.ticks("#(14 - 7)", lesson: 0).contains("tutorial.step4.01"), "not on show")
        XCTAssertFalse(tutorial.ticks("#(3 + 4)", lesson: math).contains("tutorial.step4.01"), "an addition")
        let comparisons = try XCTUnwrap(tutorial.lessons.lessons.firstIndex { $0.title.contains("COMPARISONS") })
        XCTAssertEqual(tutorial.ticks("3 == $cats.count", lesson: comparisons), ["tutorial.step5.01"])
        XCTAssertEqual(tutorial.ticks("$cats.count -EQ 3", lesson: comparisons), ["tutorial.step5.01"])
        XCTAssertEqual(tutorial.ticks("$cats.count >= 1", lesson: comparisons), ["tutorial.step5.02"])
    }

    /// The issue's example, through the whole inspector: `$userName` in the comparisons lesson.
    func testAReferenceWhoseBooleanIsTrueTicksNoComparison() throws {
        let (session, _) = makeSession(manifest: BuiltInSample.manifest)
        let file = try ExpectationFile(
            contentsOf: BuiltInSampleClaimsTests.samples.appendingPathComponent("tutorial/expectations.jsonl").path)
        session.send(.showLessons(file.expectations))
        for _ in 0..<4 { session.press(.alt("n")) }
        XCTAssertEqual(session.state.lessons.currentLesson?.title, "Step 5. BOOLEAN COMPARISONS")
        session.send(.setExpression("$userName"))
        XCTAssertEqual(session.state.results.shown[.boolean], .value(.boolean(true)))
        XCTAssertEqual(session.state.lessons.done, [])
        session.send(.setExpression("#(1 + 2)"))
        XCTAssertEqual(session.state.results.shown[.number], .value(.integer(3)))
        XCTAssertEqual(session.state.lessons.done, [], "3, but no item asks for an addition")
        session.send(.setExpression("$cats.count == 3"))
        XCTAssertEqual(session.state.lessons.done, ["tutorial.step5.01"])
    }
}
