import Foundation
import MBMLEngine

extension InspectorBenchmark {
    /// Reload-to-frame times: a manifest and a JSON data file holding a generated space are
    /// reloaded after each edit of one literal; each sample is the load, the diff against the
    /// previous space and a full render (what a save costs before the screen shows it).
    public struct ReloadResult: Sendable, CustomStringConvertible {
        public var nodes: Int
        /// Load + diff + render, in milliseconds.
        public var samples: [Double]
        /// The environment build alone, in milliseconds.
        public var loadSamples: [Double]

        /// Everything but the load (diff, snapshot, reducer, render), in milliseconds.
        public var beyondLoad: [Double] { zip(samples, loadSamples).map { max($0 - $1, 0) } }

        public var description: String {
            let p = Result.percentile
            return String(
                format:
                    "inspector reload-to-frame (%d nodes, %d reloads): p50 %.1f ms, p99 %.1f ms; the load alone p50 %.1f ms; beyond the load p50 %.1f ms, p99 %.1f ms",
                nodes, samples.count, p(0.5, samples), p(0.99, samples), p(0.5, loadSamples),
                p(0.5, beyondLoad), p(0.99, beyondLoad))
        }
    }

    /// Measures `rounds` reloads of a generated space of about `nodes` nodes (written to a scratch
    /// folder, removed afterwards).
    public static func reloadToFrame(
        nodes: Int = 100_000, rounds: Int = 20, rows: Int = 40,
        columns: Int = 120
    ) throws -> ReloadResult {
        let (environment, count) = generatedSpace(nodes: nodes)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mbml-reload-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appendingPathComponent("products.json")
        try Data(JSONCodec.encode(environment.variables["products"]).utf8).write(to: data)
        let manifest = folder.appendingPathComponent("manifest.xml")
        func writeManifest(_ round: Int) throws {
            try Data(
                #"<MBML><Var name="round" literal="\#(round)"/><Var name="label" value="Round $round"/></MBML>"#.utf8
            )
            .write(to: manifest)
        }
        try writeManifest(0)
        let spec = DataFileSpec(name: "products", path: data.path)
        let engine = EngineController(source: .manifest(manifest), dataFiles: [spec])
        let session = InspectorSession(engine: engine, size: TerminalSize(rows: rows, columns: columns))
        session.start()
        session.type("$label has $products.count products")
        let screen = BufferScreen(rows: rows, columns: columns)
        session.render(on: screen)
        var samples: [Double] = []
        var loads: [Double] = []
        for round in 1...max(rounds, 1) {
            try writeManifest(round)
            let loadStart = DispatchTime.now().uptimeNanoseconds
            _ = EnvironmentBuilder().build(engine.inputs)
            loads.append(Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1_000_000)
            let start = DispatchTime.now().uptimeNanoseconds
            session.send(.filesChanged)
            session.render(on: screen)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        return ReloadResult(nodes: count, samples: samples, loadSamples: loads)
    }
}
