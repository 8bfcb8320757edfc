import MBMLTestSupport
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

final class CopyTests: XCTestCase {
    private func selectInTree(_ session: InspectorSession, _ path: NodePath) {
        if session.state.focus != .variables { session.press(.backTab) }
        session.press(.character("g"))
        var guardCount = 0
        while session.state.tree.selection != path, guardCount < 50 {
            let current = session.state.tree.selection ?? []
            if path.starts(with: current), current.count < path.count {
                session.press(.right)
                session.press(.down)
            } else {
                session.press(.down)
            }
            guardCount += 1
        }
        XCTAssertEqual(session.state.tree.selection, path)
    }

    func testCopyValueKeyAndPath() {
        let (session, _) = makeSession()
        var copied: [String] = []
        session.clipboard = { copied.append($0) }
        selectInTree(session, [.variable("catGenders")])
        session.type("yv")
        XCTAssertEqual(copied.last, #"{"Barrett":"female","Duncan":"male","Cooper":"male"}"#)
        XCTAssertEqual(
            session.state.status.message?.hasPrefix(
                "Sent 52 characters (the value of catGenders) via OSC 52 — the terminal must allow clipboard access"),
            true,
            session.state.status.message ?? "")
        selectInTree(session, [.variable("Barrett Test"), .key("species")])
        session.type("yv")
        XCTAssertEqual(copied.last, "cat", "strings are copied raw")
        session.type("yk")
        XCTAssertEqual(copied.last, "species")
        session.type("yp")
        XCTAssertEqual(copied.last, "$[Barrett Test].species")
        session.type("yx")
        XCTAssertEqual(session.state.status.message, "Copy cancelled")
        XCTAssertEqual(copied.count, 4)
    }

    func testValuesOverOneMebibyteAreRefusedAndWrittenToAFile() throws {
        let folder = try ScratchFolder()
        let environment = Environment()
        let big = Value.array((0..<40_000).map { .string("element number \($0) with some padding") })
        environment.variables.declare("big", value: big)
        let (session, _) = makeSession(environment: environment)
        session.directory = folder.url
        var copied: [String] = []
        session.clipboard = { copied.append($0) }
        selectInTree(session, [.variable("big")])
        session.type("yv")
        XCTAssertTrue(copied.isEmpty)
        XCTAssertEqual(session.state.status.message?.contains("over 1 MiB"), true)
        XCTAssertEqual(session.state.status.message?.contains("y f"), true)
        session.type("yf")
        XCTAssertEqual(session.state.status.message?.hasPrefix("Wrote "), true, session.state.status.message ?? "")
        let file = folder.url.appendingPathComponent("mbml-big.json")
        XCTAssertEqual(try JSONCodec.decodeTagged(String(contentsOf: file, encoding: .utf8)), big)
        // A second write never replaces the first.
        session.type("yf")
        XCTAssertEqual(
            session.state.status.message?.hasSuffix("to ./mbml-big-2.json"), true, session.state.status.message ?? "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
    }

    func testWritingAFileRunsInTheBackground() throws {
        let folder = try ScratchFolder()
        let environment = Environment()
        environment.variables.declare("list", value: .array([.integer(1), .string("two")]))
        let session = InspectorSession(
            engine: EngineController(environment: environment),
            size: TerminalSize(rows: 30, columns: 100), mode: .background)
        session.directory = folder.url
        session.start()
        selectInTree(session, [.variable("list")])
        session.type("yf")
        XCTAssertEqual(session.state.status.message?.hasPrefix("Writing the value of list to ./mbml-list.json"), true)
        session.waitForBackgroundWork()
        XCTAssertEqual(session.state.status.message, "Wrote 9 bytes to ./mbml-list.json")
        XCTAssertEqual(
            try String(contentsOf: folder.url.appendingPathComponent("mbml-list.json"), encoding: .utf8), #"[1,"two"]"#)
    }

    func testSizeEstimateStopsEarly() {
        XCTAssertFalse(JSONSize.exceeds(.string("abc"), limit: 10))
        XCTAssertTrue(JSONSize.exceeds(.string(String(repeating: "x", count: 20)), limit: 10))
        XCTAssertTrue(JSONSize.exceeds(.array(Array(repeating: .integer(1), count: 100)), limit: 100))
    }
}
