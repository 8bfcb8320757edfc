import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// Pins are never lost without a word (issue 32): quitting with pins not saved asks first.
final class QuitWithPinsTests: XCTestCase {
    func testQuittingWithAPinNotSavedAsksFirst() {
        let (session, _) = makeSession()
        session.type("$name")
        session.press(.control("p"))
        session.press(.control("c"))
        XCTAssertFalse(session.state.shouldQuit)
        XCTAssertEqual(
            session.state.status.message,
            "1 pin is not saved: Ctrl-S saves them, q or Ctrl-C quits without them, Esc stays")
        session.press(.escape)
        XCTAssertFalse(session.state.shouldQuit)
        XCTAssertEqual(session.state.status.message, "Not quitting")
        XCTAssertEqual(session.state.editor.text, "$name", "the answer is not typed into the editor")
        session.press(.control("c"))
        session.press(.control("c"))
        XCTAssertTrue(session.state.shouldQuit, "Ctrl-C twice quits")
    }

    func testSavingFromTheQuestionSavesThenQuits() throws {
        let folder = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (session, _) = makeSession()
        session.type("$name")
        session.press(.control("p"))
        session.press(.control("c"))
        session.press(.control("s"))
        XCTAssertNotNil(session.state.pins.savePrompt)
        session.press(.control("u"))
        session.type(folder.appendingPathComponent("p.jsonl").path)
        session.press(.enter)
        XCTAssertTrue(session.state.shouldQuit)
        let saved = try String(contentsOf: folder.appendingPathComponent("p.jsonl"), encoding: .utf8)
        XCTAssertTrue(saved.contains("\"expr\":\"$name\""), saved)
    }

    func testSavedOrLoadedPinsQuitAtOnce() {
        let (session, _) = makeSession()
        session.send(.addPins([Expectation(id: "a", expression: "$name", expected: .watch)]))
        session.press(.control("c"))
        XCTAssertTrue(session.state.shouldQuit, "pins read from a file are saved")
        let (other, _) = makeSession()
        other.type("$name")
        other.press(.control("p"))
        other.press(.control("p")) // unpinned again: nothing to lose
        other.press(.control("c"))
        XCTAssertTrue(other.state.shouldQuit)
    }
}
