import Foundation
import MBMLEngine

/// Measures keys with one big log entry: `^dump` of N records (one entry of about 10 lines a
/// record) is evaluated, then keys are timed from key to finished frame (rendering into a
/// ``BufferScreen``, evaluations excluded: they run in the background): the first frame after the
/// dump, keys in the variables pane, and scrolling keys in the log pane.
public enum LogBenchmark {
    /// Timings in milliseconds.
    public struct Result: Sendable {
        public var records: Int
        /// Rows of the log entry at the pane's width.
        public var entryRows: Int
        /// The frame that shows the new entry first (its lines are indexed then).
        public var firstFrame: Double
        /// j/k in the variables pane.
        public var variablesKeys: [Double]
        /// k, PgUp, g, PgDn, G in the log pane.
        public var logKeys: [Double]
        /// Wrapping the whole entry once: what every frame cost before entries were drawn lazily
        /// (and every log key twice more).
        public var wholeEntryWrap: Double

        public var lines: [String] {
            [
                String(format: "log pane with one ^dump of %d records (%d rows):", records, entryRows),
                String(format: "  first frame with the entry                                 %8.2f ms", firstFrame),
                String(
                    format: "  the whole entry wrapped (each frame's cost before: for reference) %8.2f ms",
                    wholeEntryWrap),
                String(
                    format: "  keys in the variables pane: p50 %.2f ms, max %.2f ms",
                    InspectorBenchmark.Result.percentile(0.5, of: variablesKeys), variablesKeys.max() ?? 0),
                String(
                    format: "  keys in the log pane (k PgUp g PgDn G): p50 %.2f ms, max %.2f ms",
                    InspectorBenchmark.Result.percentile(0.5, of: logKeys), logKeys.max() ?? 0),
            ]
        }
    }

    /// Generates `records` records as `$data.records`, dumps them and times the keys.
    public static func run(
        records: Int = 20_000, directory: URL = FileManager.default.temporaryDirectory,
        rows: Int = 40, columns: Int = 120
    ) throws -> Result {
        let url = directory.appendingPathComponent(
            "mbml-log-bench-\(ProcessInfo.processInfo.processIdentifier).json")
        let items = (0..<records).map { index in
            "{\"id\": \(index), \"name\": \"Record \(index)\", \"price\": \(Double(index) * 1.25), "
                + "\"tags\": [\"red\", \"green\"], \"active\": \(index % 2 == 0)}"
        }
        try Data(("{\"records\": [" + items.joined(separator: ",\n") + "]}").utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let screen = BufferScreen(rows: rows, columns: columns)
        let engine = EngineController(source: .empty, dataFiles: [DataFileSpec(name: "data", path: url.path)])
        let session = InspectorSession(engine: engine, size: TerminalSize(rows: rows, columns: columns))
        session.start()
        session.render(on: screen)
        session.type("^dump($data.records)")
        var start = now()
        session.render(on: screen)
        let firstFrame = since(start)
        let entryRows = session.state.log.evaluationLines.last.map {
            $0.rowCount(width: Layout.logTextWidth(paneWidth: session.state.layout.log.width))
        }

        session.press(.backTab)
        var variablesKeys: [Double] = []
        for key in [Key.character("j"), .character("j"), .character("k"), .down, .up] {
            start = now()
            session.press(key)
            session.render(on: screen)
            variablesKeys.append(since(start))
        }
        for _ in Pane.allCases where session.state.focus != .log { session.press(.function(6)) }
        var logKeys: [Double] = []
        for key in [Key.character("k"), .pageUp, .character("g"), .pageDown, .character("G")] {
            start = now()
            session.press(key)
            session.render(on: screen)
            logKeys.append(since(start))
        }
        let text = session.state.log.evaluationLines.last?.text ?? ""
        start = now()
        let wrapped = LogWindow.rows(of: text, width: Layout.logTextWidth(paneWidth: session.state.layout.log.width))
        let wholeEntryWrap = since(start)
        precondition(wrapped.count == entryRows, "the lazy rows differ from the whole entry's")
        return Result(
            records: records, entryRows: entryRows ?? 0, firstFrame: firstFrame, variablesKeys: variablesKeys,
            logKeys: logKeys, wholeEntryWrap: wholeEntryWrap)
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    private static func since(_ start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }
}
