import Foundation
import MBMLEngine

/// Measures browsing a big JSON file as `mbml FILE.json` does: a generated file of about N MB is
/// loaded as `$data` through the inspector's own load path, then the first frame, opening the
/// value viewer on the largest value, a search keystroke and a keystroke with a 400,000-line log
/// are timed (in milliseconds, rendering into a ``BufferScreen``).
public enum BrowseBenchmark {
    public struct Result: Sendable {
        public var bytes: Int
        public var elements: Int
        /// Start to first frame: reading and parsing the file, the snapshot, the first evaluation and render.
        public var firstFrame: Double
        /// `o` on `$data.products` until the viewer's frame is drawn.
        public var viewerOpen: Double
        /// `G` in that viewer (counts every line of the value).
        public var viewerEnd: Double
        /// Enter at the viewer's `/` prompt: what the UI thread does (the search runs in the background).
        public var viewerSearchKeystroke: Double
        /// That background search, to a match 100,000 products down.
        public var viewerSearchInBackground: Double
        /// A key typed at the `/` prompt: what the UI thread does (the search itself runs in the background).
        public var searchKeystroke: Double
        /// One whole background search over the space.
        public var searchInBackground: Double
        /// The same with a regular expression (`re:`).
        public var regexSearchInBackground: Double
        /// Key to frame with the log holding `logLines` lines, evaluation excluded (it runs in the background).
        public var logKeystrokes: [Double]
        public var logLines: Int

        public var lines: [String] {
            let p50 = InspectorBenchmark.Result.percentile(0.5, of: logKeystrokes)
            let p99 = InspectorBenchmark.Result.percentile(0.99, of: logKeystrokes)
            return [
                String(format: "browse %.1f MB JSON (%d products) opened as $data:", Double(bytes) / 1e6, elements),
                String(format: "  first frame (read + parse + snapshot + evaluate + render)  %8.1f ms", firstFrame),
                String(format: "  open the viewer on the largest value ($data.products)     %8.1f ms", viewerOpen),
                String(format: "  viewer G: count every line (background), show the end       %8.1f ms", viewerEnd),
                String(
                    format: "  viewer / Enter, UI thread                                  %8.1f ms",
                    viewerSearchKeystroke),
                String(
                    format: "  viewer search to line 900,000, in the background           %8.1f ms",
                    viewerSearchInBackground),
                String(
                    format: "  search keystroke, UI thread                                %8.1f ms", searchKeystroke),
                String(
                    format: "  search, whole space in the background                      %8.1f ms", searchInBackground),
                String(
                    format: "  re: search, whole space in the background                  %8.1f ms",
                    regexSearchInBackground),
                String(format: "  keystroke with a %d-line log: p50 %.2f ms, p99 %.2f ms", logLines, p50, p99),
            ]
        }
    }

    /// Generates the file in `directory`, measures, and removes it.
    public static func run(
        megabytes: Int, directory: URL = FileManager.default.temporaryDirectory,
        logLines: Int = 400_000, rows: Int = 40, columns: Int = 120
    ) throws -> Result {
        let url = directory.appendingPathComponent(
            "mbml-browse-bench-\(ProcessInfo.processInfo.processIdentifier).json")
        let (data, elements) = generatedJSON(bytes: megabytes * 1_000_000)
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let screen = BufferScreen(rows: rows, columns: columns)
        var start = now()
        let engine = EngineController(source: .empty, dataFiles: [DataFileSpec(name: "data", path: url.path)])
        let session = InspectorSession(engine: engine, size: TerminalSize(rows: rows, columns: columns))
        session.start()
        session.render(on: screen)
        let firstFrame = since(start)

        // The viewer on the largest value.
        session.press(.backTab)
        session.press(.character("g"))
        for _ in 0..<10 where session.state.tree.selection != [.variable("data")] { session.press(.down) }
        session.press(.right)
        session.press(.down)
        start = now()
        session.press(.character("o"))
        session.render(on: screen)
        let viewerOpen = since(start)
        start = now()
        session.press(.character("G"))
        session.render(on: screen)
        let viewerEnd = since(start)
        session.press(.character("g"))
        session.press(.character("/"))
        session.type("Product 100000\"")
        var viewerState = session.state
        start = now()
        var effects: [InspectorEffect]
        (viewerState, effects) = Reducer.reduce(viewerState, .key(.enter))
        InspectorRenderer.render(viewerState, on: screen)
        let viewerSearchKeystroke = since(start)
        start = now()
        for case .searching(.searchViewer(let request)) in effects { _ = request.run(on: request.lines.detached()) }
        let viewerSearchInBackground = since(start)
        session.press(.escape)
        session.press(.character("q"))

        // Search: the UI thread only updates the prompt and asks; the walk is timed on its own.
        session.press(.character("/"))
        var state = session.state
        state.tree.search.prompt = PromptLine("product 49999")
        start = now()
        state = Reducer.reduce(state, .key(.character("9"))).0
        InspectorRenderer.render(state, on: screen)
        let searchKeystroke = since(start)
        start = now()
        _ = TreeSearch.search(try SearchQuery("product 499999"), in: session.state.space)
        let searchInBackground = since(start)
        start = now()
        _ = TreeSearch.search(try SearchQuery("re:product 4999(98|99)"), in: session.state.space)
        let regexSearchInBackground = since(start)
        session.press(.escape)
        session.press(.escape)

        // A keystroke with a huge log.
        let log = (0..<logLines).map { "^log line \($0): some logged text that wraps in a narrow pane\tand has a tab" }
        session.send(
            .spaceLoaded(
                SpaceLoad(
                    snapshot: session.state.space, functions: session.state.functions,
                    manifestPath: nil, fileCount: 1, logLines: log, date: Date())))
        var samples: [Double] = []
        for key in "$data.settings.currency".map({ Key.character($0) }) + [.control("u")] {
            session.synchronousEvaluationTime = 0
            start = now()
            session.press(key)
            session.render(on: screen)
            samples.append(max(since(start) - session.synchronousEvaluationTime * 1000, 0))
        }
        return Result(
            bytes: data.count, elements: elements, firstFrame: firstFrame, viewerOpen: viewerOpen,
            viewerEnd: viewerEnd, viewerSearchKeystroke: viewerSearchKeystroke,
            viewerSearchInBackground: viewerSearchInBackground, searchKeystroke: searchKeystroke,
            searchInBackground: searchInBackground, regexSearchInBackground: regexSearchInBackground,
            logKeystrokes: samples, logLines: logLines)
    }

    /// `{"products": [...], "settings": {...}}` of about `bytes` bytes.
    static func generatedJSON(bytes: Int) -> (Data, Int) {
        var text = "{\"products\": ["
        text.reserveCapacity(bytes + 200)
        var count = 0
        while text.utf8.count < bytes {
            if count > 0 { text += "," }
            text +=
                "{\"id\":\(count),\"name\":\"Product \(count)\",\"price\":\(count % 1000).99,"
                + "\"inStock\":\(count % 3 == 0 ? "true" : "false"),\"tags\":[\"tag\(count % 17)\",\"\(count % 2 == 0 ? "even" : "odd")\"]}"
            count += 1
        }
        text += "], \"settings\": {\"currency\": \"EUR\", \"pageSize\": 50}}"
        return (Data(text.utf8), count)
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func since(_ start: UInt64) -> Double { Double(now() - start) / 1e6 }
}
