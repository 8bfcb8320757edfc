import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Ctrl-S asks before it replaces an existing file (issue 21).
final class PinsOverwriteTests: XCTestCase {
    private func saveAttempt(to path: String) -> (InspectorSession, BufferScreen) {
        let (session, screen) = makeSession()
        session.type("$cats.count")
        session.press(.control("p"))
        session.press(.control("s"))
        session.press(.control("u"))
        session.type(path)
        session.press(.enter)
        session.render(on: screen)
        return (session, screen)
    }

    func testAnExistingFileIsKeptUnlessTheAnswerIsY() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("keep me\n", to: "pins.jsonl", atomically: true).path
        let (session, screen) = saveAttempt(to: path)
        XCTAssertEqual(session.state.pins.overwritePrompt, path)
        XCTAssertNotNil(screen.firstRow(containing: "exists: overwrite it? y overwrites"), screen.text)
        session.press(.character("n"))
        XCTAssertNil(session.state.pins.overwritePrompt)
        XCTAssertEqual(session.state.status.message, "Not saved: \(path) is unchanged")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "keep me\n")
        XCTAssertEqual(session.state.editor.text, "$cats.count", "the answer never reached the editor")
    }

    func testYOverwrites() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("old\n", to: "pins.jsonl", atomically: true).path
        let (session, _) = saveAttempt(to: path)
        session.press(.character("y"))
        XCTAssertNil(session.state.pins.overwritePrompt)
        XCTAssertEqual(session.state.status.message, "Saved 1 pin to \(path) (mbml check runs it)")
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("$cats.count"))
    }

    func testANewFileIsWrittenWithoutAQuestion() throws {
        let folder = try ScratchFolder()
        let path = folder.url.appendingPathComponent("new.jsonl").path
        let (session, _) = saveAttempt(to: path)
        XCTAssertNil(session.state.pins.overwritePrompt)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }
}
