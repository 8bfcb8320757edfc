import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// Room to read: the lesson pane takes the rows its lesson needs (the tokens' spare rows first,
/// an empty log's last), scrolls when that is not enough, and takes focus in the Tab cycle.
final class LessonPaneTests: XCTestCase {
    private func tutorialSession(rows: Int, columns: Int) throws -> (InspectorSession, BufferScreen) {
        let (session, screen) = makeSession(manifest: BuiltInSample.manifest, rows: rows, columns: columns)
        let file = try ExpectationFile(
            contentsOf: BuiltInSampleClaimsTests.samples.appendingPathComponent("tutorial/expectations.jsonl").path)
        session.send(.showLessons(file.expectations))
        return (session, screen)
    }

    /// The text of each row of the current lesson, as the pane draws it (trailing spaces aside).
    private func lessonRows(_ session: InspectorSession) -> [String] {
        session.state.lessons.lines(width: session.state.watchPaneWidth).map {
            $0.text.trimmingCharacters(in: .whitespaces)
        }
    }

    private func screenText(_ screen: BufferScreen) -> [String] {
        (0..<screen.size.rows).map { screen.line($0) }
    }

    func testEveryTutorialLessonIsShownWholeAt140By40() throws {
        let (session, screen) = try tutorialSession(rows: 40, columns: 140)
        let count = session.state.lessons.lessons.count
        XCTAssertGreaterThanOrEqual(count, 9)
        for index in 0..<count {
            XCTAssertEqual(session.state.lessons.current, index)
            session.render(on: screen)
            let rows = lessonRows(session)
            let title = try XCTUnwrap(screen.firstRow(containing: "Lesson \(index + 1)/\(count):"))
            let shown = screenText(screen)
            for (offset, row) in rows.enumerated() {
                XCTAssertTrue(
                    shown[title.index + 1 + offset].contains(row),
                    "lesson \(index + 1), row \(offset + 1) of \(rows.count): \(row)\n" + shown.joined(separator: "\n"))
            }
            XCTAssertFalse(title.text.contains("rows "), "no scrolling needed: \(title.text)")
            XCTAssertTrue(title.text.contains("· Alt-N/Alt-P"), title.text)
            XCTAssertNotNil(screen.firstRow(containing: "Log (0)"), "the log keeps its title")
            session.press(.alt("n"))
        }
    }

    func testTheFiltersLessonTakesTheTokensSpareRowsBeforeTheEmptyLog() throws {
        let (session, screen) = try tutorialSession(rows: 40, columns: 140)
        for _ in 0..<5 { session.press(.alt("n")) }
        XCTAssertEqual(session.state.lessons.currentLesson?.title, "Step 6. FUNCTIONS")
        session.render(on: screen)
        let layout = session.state.layout
        let wanted = session.state.lessons.paneRows(width: session.state.watchPaneWidth)
        XCTAssertEqual(layout.lesson.height, wanted)
        XCTAssertEqual(layout.tokens.height, 4, "the empty token pane gave its spare rows")
        let full = Layout(size: TerminalSize(rows: 40, columns: 140), showsLog: true)
        XCTAssertEqual(layout.log.height, full.log.height - max(wanted - (full.tokens.height - 4), 0))
        XCTAssertGreaterThanOrEqual(layout.log.height, 2)
    }

    func testAt80By24EveryRowIsReachableByScrollingAndTheNoteIsReadable() throws {
        let (session, screen) = try tutorialSession(rows: 24, columns: 80)
        let count = session.state.lessons.lessons.count
        for index in 0..<count {
            XCTAssertEqual(session.state.lessons.current, index)
            session.render(on: screen)
            let rows = lessonRows(session).filter { !$0.isEmpty }
            let lesson = session.state.lessons.currentLesson
            // The note's first row is on the first screen.
            if let note = lesson?.text, !note.isEmpty, let first = rows.first {
                XCTAssertNotNil(screen.firstRow(containing: first), "lesson \(index + 1): \(first)")
            }
            var seen = Set(screenText(screen))
            var guardCount = 0
            while session.state.focus != .lesson, guardCount < 10 {
                session.press(.function(6))
                guardCount += 1
            }
            XCTAssertEqual(session.state.focus, .lesson)
            for _ in 0..<rows.count {
                session.press(.down)
                session.render(on: screen)
                seen.formUnion(screenText(screen))
            }
            for row in rows {
                XCTAssertTrue(seen.contains { $0.contains(row) }, "lesson \(index + 1): \(row) never shown")
            }
            session.press(.home)
            XCTAssertEqual(session.state.lessons.scrollTop, 0)
            session.press(.escape)
            XCTAssertEqual(session.state.focus, .editor)
            session.press(.alt("n"))
        }
    }

    func testALongLessonSaysItScrollsAndTheCompactLayoutGivesItTheWholeBody() throws {
        let (session, screen) = try tutorialSession(rows: 18, columns: 60)
        for _ in 0..<5 { session.press(.alt("n")) }
        session.render(on: screen)
        let title = try XCTUnwrap(screen.firstRow(containing: "Lesson 6/"))
        XCTAssertTrue(title.text.contains("rows 1–"), title.text)
        XCTAssertTrue(title.text.contains("F6"), title.text)
        for _ in 0..<10 where session.state.focus != .lesson { session.press(.function(6)) }
        session.render(on: screen)
        let layout = session.state.layout
        XCTAssertEqual(layout.lesson.height, 18 - 1 - layout.editor.height, "the lesson alone under the editor")
        let note = try XCTUnwrap(lessonRows(session).first)
        XCTAssertNotNil(screen.firstRow(containing: note))
        session.press(.pageDown)
        XCTAssertGreaterThan(session.state.lessons.scrollTop, 0)
        session.press(.alt("n"))
        XCTAssertEqual(session.state.lessons.current, 6)
        XCTAssertEqual(session.state.lessons.scrollTop, 0, "a new lesson shows from its first row")
    }

    func testTheLessonPaneIsInTheTabCycleOnlyWithLessons() {
        let (session, _) = makeSession()
        var visited: [Pane] = []
        for _ in 0..<8 {
            session.press(.function(6))
            visited.append(session.state.focus)
        }
        XCTAssertFalse(visited.contains(.lesson))
    }
}
