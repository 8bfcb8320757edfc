import Foundation
import Glibc
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// The event loop driven without a terminal: scripted keys (``ScriptedTerminal``), scripted folder
/// events (``ScriptedDirectoryEvents``), and the real background lanes.
final class EventLoopTests: XCTestCase {
    private let rows = 30
    private let columns = 100

    func testTypingAndAScriptedFileChangeGoThroughTheLoop() throws {
        let folder = try ScratchFolder(prefix: "EventLoopTests")
        let manifest = try folder.write(#"<MBML><Var name="a" literal="one"/></MBML>"#, to: "manifest.xml")
        let session = InspectorSession(
            engine: EngineController(source: .manifest(manifest)),
            size: TerminalSize(rows: rows, columns: columns), mode: .background)
        let events = ScriptedDirectoryEvents()
        let watcher = FileWatcher(paths: [], debounce: 0, pollInterval: 60, events: events)
        session.watcher = watcher
        session.start()
        XCTAssertTrue(session.state.status.isLoading, "the load runs off the UI thread")
        let terminal = ScriptedTerminal(
            rows: rows, columns: columns,
            steps: [
                .waitUntil("the space loaded") { session.state.space.value(of: "a") != nil },
                ScriptedTerminal.type("$a"),
                .waitUntil("$a evaluated") { session.state.results.shown[.object] == .value(.string("one")) },
                .perform {
                    _ = try? folder.write(#"<MBML><Var name="a" literal="two"/></MBML>"#, to: "manifest.xml")
                    events.queue(IN_CLOSE_WRITE, "manifest.xml", in: folder.url.path)
                },
                .waitUntil("the reload evaluated $a again") {
                    session.state.results.shown[.object] == .value(.string("two"))
                },
                ScriptedTerminal.type("\u{3}"),
            ])
        let signal = EventLoop(session: session, terminal: terminal, watcher: watcher).run()
        XCTAssertNil(signal)
        XCTAssertEqual(terminal.failures, [])
        XCTAssertTrue(session.state.shouldQuit)
        XCTAssertEqual(watcher.watchedFiles.map(\.lastPathComponent), ["manifest.xml"], "the load asked to watch it")
        XCTAssertEqual(terminal.screen.resultRow("object"), "\"two\"  String  ~ changed", terminal.screen.text)
        XCTAssertNotNil(terminal.screen.firstRow(containing: "› $a"), terminal.screen.text)
    }

    func testEscapeStopsARunningEvaluationQuickly() throws {
        let stopped = Mutex<Date?>(nil)
        let environment = Environment()
        environment.declare(
            FunctionDefinition(
                "spin", input: .none, signature: "^spin()", category: .debug,
                summary: "Runs until cancelled."
            ) { call in
                defer { stopped.withLock { $0 = Date() } }
                let deadline = Date().addingTimeInterval(20)
                while Date() < deadline { try call.checkCancellation() }
                return .string("finished")
            })
        let session = InspectorSession(
            engine: EngineController(environment: environment),
            size: TerminalSize(rows: rows, columns: columns), mode: .background)
        let watcher = FileWatcher(paths: [], debounce: 0, pollInterval: 60, events: ScriptedDirectoryEvents())
        session.start()
        let terminal = ScriptedTerminal(
            rows: rows, columns: columns,
            steps: [
                ScriptedTerminal.type("^spin()"),
                .waitUntil("evaluating") { session.state.results.isEvaluating },
                .input([.character(27)]),
                .waitUntil("the evaluation stopped") { stopped.withLock { $0 } != nil },
                .waitUntil("the status line says so") {
                    session.state.status.message == "Evaluation cancelled (results are of an earlier text)"
                },
                ScriptedTerminal.type("\u{3}"),
            ])
        XCTAssertNil(EventLoop(session: session, terminal: terminal, watcher: watcher).run())
        XCTAssertEqual(terminal.failures, [])
        let escape = try XCTUnwrap(terminal.inputTimes.dropFirst().first)
        let stop = try XCTUnwrap(stopped.withLock { $0 })
        // Esc waits 25 ms for the rest of an escape sequence, then cancels.
        XCTAssertLessThan(stop.timeIntervalSince(escape), 0.1)
        XCTAssertFalse(session.state.results.isEvaluating)
        XCTAssertNotEqual(session.state.results.shownText, "^spin()")
    }
}
