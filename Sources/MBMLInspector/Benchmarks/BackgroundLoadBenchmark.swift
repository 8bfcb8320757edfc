import Foundation
import MBMLEngine

/// Measures what a person sees when the inspector opens and reloads a big JSON file as
/// `mbml FILE.json` does, with loading in the background (milliseconds, into a ``BufferScreen``):
/// the first frame, the keys typed while a reload runs, and the UI thread's share of taking in the
/// reloaded space (the moment the worst key waits).
public enum BackgroundLoadBenchmark {
    public struct Result: Sendable {
        public var bytes: Int
        /// Start to the first frame (the space still loading).
        public var firstFrame: Double
        /// Start until the loaded values are on screen.
        public var valuesShown: Double
        /// Key to frame for each key typed while the reload ran.
        public var keysDuringReload: [Double]
        /// Taking in the reloaded space on the UI thread, and drawing it.
        public var takeIn: Double
        /// The whole reload, in the background.
        public var reload: Double

        public var lines: [String] {
            let sorted = keysDuringReload.sorted()
            let worst = sorted.last ?? 0
            return [
                String(format: "open and reload %.1f MB of JSON, loading in the background:", Double(bytes) / 1e6),
                String(format: "  first frame (still loading)                                %8.1f ms", firstFrame),
                String(format: "  values on screen                                           %8.1f ms", valuesShown),
                String(format: "  reload in the background                                   %8.1f ms", reload),
                String(
                    format: "  %d keys during the reload: worst %.1f ms; taking in the new space %.1f ms",
                    keysDuringReload.count, worst, takeIn),
            ]
        }
    }

    /// Generates a file of about `megabytes` MB in `directory`, measures, and removes it.
    public static func run(
        megabytes: Int, directory: URL = FileManager.default.temporaryDirectory,
        rows: Int = 40, columns: Int = 120
    ) throws -> Result {
        let url = directory.appendingPathComponent("mbml-load-bench-\(ProcessInfo.processInfo.processIdentifier).json")
        let (data, _) = BrowseBenchmark.generatedJSON(bytes: megabytes * 1_000_000)
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let screen = BufferScreen(rows: rows, columns: columns)
        var start = now()
        let engine = EngineController(source: .empty, dataFiles: [DataFileSpec(name: "data", path: url.path)])
        let session = InspectorSession(
            engine: engine, size: TerminalSize(rows: rows, columns: columns), mode: .background)
        session.start()
        session.render(on: screen)
        let firstFrame = since(start)
        waitForLoad(session)
        session.render(on: screen)
        let valuesShown = since(start)

        start = now()
        session.send(.filesChanged)
        var keys: [Double] = []
        var takeIn = 0.0
        var typed = 0
        while true {
            let key = now()
            session.deliverBackgroundAnswers()
            if !session.state.status.isLoading {
                session.render(on: screen)
                takeIn = since(key)
                break
            }
            session.press(.character(typed % 2 == 0 ? "x" : "y"))
            session.render(on: screen)
            keys.append(since(key))
            typed += 1
            Thread.sleep(forTimeInterval: 0.02)
        }
        let reload = since(start)
        return Result(
            bytes: data.count, firstFrame: firstFrame, valuesShown: valuesShown, keysDuringReload: keys,
            takeIn: takeIn, reload: reload)
    }

    private static func waitForLoad(_ session: InspectorSession) {
        while session.state.status.isLoading {
            Thread.sleep(forTimeInterval: 0.005)
            session.deliverBackgroundAnswers()
        }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func since(_ start: UInt64) -> Double { Double(now() - start) / 1e6 }
}
