import MBMLTestSupport
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Background evaluation, cancellation, data files and the benchmark harness.
final class EvaluationTests: XCTestCase {
    /// A function that runs until it is cancelled (or 20 s pass).
    private func spinningEnvironment() -> Environment {
        let environment = Environment()
        environment.declare(
            FunctionDefinition(
                "spin", input: .none, signature: "^spin()", category: .debug,
                summary: "Runs until cancelled."
            ) { call in
                let deadline = Date().addingTimeInterval(20)
                while Date() < deadline { try call.checkCancellation() }
                return .string("finished")
            })
        environment.variables.declare("n", value: .integer(7))
        return environment
    }

    func testSlowEvaluationIsCancelledWhenTheTextChanges() {
        let session = InspectorSession(
            engine: EngineController(environment: spinningEnvironment()),
            size: TerminalSize(rows: 30, columns: 100), mode: .background)
        session.start()
        let started = Date()
        session.type("^spin()")
        // Typing goes on while ^spin runs in the background.
        XCTAssertTrue(session.state.results.isEvaluating)
        session.press(.control("u"))
        session.type("$n")
        session.waitForBackgroundWork()
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "the spinning evaluation was not cancelled")
        XCTAssertFalse(session.state.results.isEvaluating)
        XCTAssertEqual(session.state.results.shownText, "$n")
        XCTAssertEqual(session.state.results.shown[.number], .value(.integer(7)))
    }

    func testEscapeCancelsARunningEvaluation() {
        let session = InspectorSession(
            engine: EngineController(environment: spinningEnvironment()),
            size: TerminalSize(rows: 30, columns: 100), mode: .background)
        session.start()
        session.type("^spin()")
        session.press(.escape)
        XCTAssertFalse(session.state.results.isEvaluating)
        XCTAssertEqual(session.state.status.message, "Evaluation cancelled (results are of an earlier text)")
        let started = Date()
        session.waitForBackgroundWork()
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertNotEqual(session.state.results.shownText, "^spin()")
    }

    func testBackgroundResultsArriveThroughTheWakeDescriptor() {
        let (environment, _) = InspectorBenchmark.generatedSpace(nodes: 700)
        let session = InspectorSession(
            engine: EngineController(environment: environment),
            size: TerminalSize(rows: 30, columns: 100), mode: .background)
        session.start()
        XCTAssertGreaterThanOrEqual(session.wakeFileDescriptor, 0)
        session.type("$products.count")
        session.waitForBackgroundWork()
        XCTAssertEqual(session.state.results.shown[.number], .value(.integer(100)))
    }

    func testDataFilesAreLoadedAndWatched() throws {
        let folder = try ScratchFolder(prefix: "mbml-inspector")
        let data = try folder.write(#"{"number": "102686", "items": [1, 2, 3]}"#, to: "order.json", atomically: true)
        let manifest = try folder.write(catsManifest, to: "manifest.xml", atomically: true)
        let engine = EngineController(
            source: .manifest(manifest), dataFiles: [DataFileSpec(name: "order", path: data.path)])
        let session = InspectorSession(engine: engine, size: TerminalSize(rows: 30, columns: 100))
        session.start()
        XCTAssertTrue(session.state.watchList.all.map(\.lastPathComponent).contains("order.json"))
        XCTAssertTrue(session.state.watchList.all.map(\.lastPathComponent).contains("manifest.xml"))
        session.type("$order.items.count")
        XCTAssertEqual(session.state.results.shown[.number], .value(.integer(3)))
        try folder.write(#"{"number": "1", "items": [1]}"#, to: "order.json", atomically: true)
        session.send(.filesChanged)
        XCTAssertEqual(session.state.results.shown[.number], .value(.integer(1)))
        // Broken JSON is one error among the diagnostics: the manifest's variables still load.
        try folder.write("{\n  \"number\": \n}", to: "order.json", atomically: true)
        session.send(.filesChanged)
        XCTAssertEqual(session.state.results.shown[.number], .noValue)
        XCTAssertNil(session.state.status.loadError)
        XCTAssertNotNil(session.state.space.value(of: "cats"))
        let error = try XCTUnwrap(session.state.status.diagnostics.first)
        XCTAssertTrue(error.description.hasPrefix(data.path + ":3:"), error.description)
        XCTAssertEqual(session.state.status.diagnosticCounts, "1 error")
    }

    func testIncludedFilesAreWatched() throws {
        let folder = try ScratchFolder(prefix: "mbml-inspector")
        try folder.write("<MBML><Var name=\"extra\" literal=\"yes\"/></MBML>", to: "more.xml", atomically: true)
        let manifest = try folder.write(
            "<MBML><Include file=\"more.xml\"/></MBML>", to: "manifest.xml", atomically: true)
        let engine = EngineController(source: .manifest(manifest))
        let session = InspectorSession(engine: engine, size: TerminalSize(rows: 30, columns: 100))
        session.start()
        XCTAssertEqual(Set(session.state.watchList.all.map(\.lastPathComponent)), ["manifest.xml", "more.xml"])
        XCTAssertEqual(session.state.status.fileCount, 2)
        XCTAssertNotNil(session.state.space.value(of: "extra"))
    }

    func testBenchmarkReportsPercentiles() {
        let result = InspectorBenchmark.keystrokeToFrame(nodes: 7_000, keystrokes: 40, rows: 24, columns: 80)
        XCTAssertEqual(result.samples.count, 40)
        XCTAssertGreaterThan(result.nodes, 6_900)
        XCTAssertLessThanOrEqual(result.p50, result.p99)
        XCTAssertLessThanOrEqual(result.p99, result.maximum)
        XCTAssertTrue(result.description.contains("p99"))
        let fixed = InspectorBenchmark.Result(nodes: 1, samples: (1...100).map(Double.init))
        XCTAssertEqual(fixed.p50, 50)
        XCTAssertEqual(fixed.p99, 99)
    }

    func testBenchmarkExpressionsEvaluateWithoutErrors() throws {
        let (environment, _) = InspectorBenchmark.generatedSpace(nodes: 700)
        for expression in InspectorBenchmark.expressions {
            XCTAssertNoThrow(try environment.evaluate(expression, in: .object), expression)
        }
        XCTAssertEqual(try environment.evaluate("$products[42].name", in: .string), .string("Product 42"))
    }
}
