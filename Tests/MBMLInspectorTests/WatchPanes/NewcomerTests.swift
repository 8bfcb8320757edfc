import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// A newcomer's path: bare `mbml` (the built-in sample, which has no lessons) names `mbml tutorial`
/// and the lesson keys on its first screen and in F1.
final class NewcomerTests: XCTestCase {
    private func builtInSession(rows: Int = 40, columns: Int = 120) -> (InspectorSession, BufferScreen) {
        let engine = EngineController(source: .text(BuiltInSample.manifest, name: BuiltInSample.name))
        let session = InspectorSession(engine: engine, size: TerminalSize(rows: rows, columns: columns))
        session.start(now: Date(timeIntervalSince1970: 0))
        let screen = BufferScreen(rows: rows, columns: columns)
        session.render(on: screen)
        return (session, screen)
    }

    func testTheFirstScreenOfTheBuiltInSampleNamesTheTutorialAndTheLessonKeys() throws {
        for (rows, columns) in [(40, 120), (24, 80)] {
            let (session, screen) = builtInSession(rows: rows, columns: columns)
            let keys = try XCTUnwrap(KeyTable.label(of: .nextLesson))
            XCTAssertEqual(keys, "Alt-N / Alt-P")
            let text = (0..<rows).map(screen.line).joined(separator: "\n")
            let title = try XCTUnwrap(screen.firstRow(containing: "Lessons: mbml tutorial"), text)
            let rect = session.state.layout.lesson
            // The pane's rows, right of the separator, read as one text.
            let pane = (title.index + 1..<rect.row + rect.height).map {
                String(screen.line($0).dropFirst(rect.column)).trimmingCharacters(in: .whitespaces)
            }.joined(separator: " ")
            XCTAssertTrue(pane.contains("Run `mbml tutorial` to open it with its lessons"), text)
            XCTAssertTrue(pane.contains("(\(keys) move between lessons"), text)
        }
    }

    func testAnotherManifestHasNoInvitation() {
        let (session, screen) = makeSession()
        XCTAssertFalse(session.state.lessons.isShown)
        XCTAssertNil(screen.firstRow(containing: "mbml tutorial"))
    }

    func testF1NamesTheTutorialAndTheLessonKeys() throws {
        let (session, screen) = builtInSession()
        session.press(.function(1))
        guard case .help? = session.state.overlay else { return XCTFail("no help") }
        session.render(on: screen)
        let text = (0..<screen.size.rows).map(screen.line).joined(separator: "\n")
        XCTAssertTrue(text.contains("Start here"), text)
        XCTAssertTrue(text.contains("mbml tutorial"), text)
        XCTAssertTrue(text.contains("Alt-N / Alt-P"), text)
    }

    func testTheInvitationSurvivesLessonsBeingShownAndGivesWayToThem() throws {
        let (session, screen) = builtInSession()
        let file = try ExpectationFile(
            contentsOf: BuiltInSampleClaimsTests.samples.appendingPathComponent("tutorial/expectations.jsonl").path)
        session.send(.showLessons(file.expectations))
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Lesson 1/"))
        XCTAssertNil(screen.firstRow(containing: "Lessons: mbml tutorial"))
    }
}
