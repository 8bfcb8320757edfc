import Foundation
import MBMLEngine

/// What a slow dynamic variable costs in the inspector against `mbml eval` (milliseconds): the
/// variable is `^if(^repeatBool(N|T)|done|no)`, read once by `mbml eval`; the inspector computes it
/// for the tree after each load and for the editor when `$slow` is typed, and again after a reload.
public enum DynamicVariableBenchmark {
    public struct Result: Sendable {
        public var repetitions: Int
        /// `mbml eval '$slow'`: one read.
        public var eval: Double
        /// The inspector's first load with the tree's value (the manifest is tiny: this is the tree's computation).
        public var treeValue: Double
        /// The last key of `$slow` typed in the editor, to its results in every context.
        public var typed: Double
        /// A reload with `$slow` in the editor: load, the tree's value and the editor's results.
        public var reload: Double

        public var lines: [String] {
            [
                "a slow dynamic variable (^repeatBool(\(repetitions)|T)), inspector against mbml eval:",
                String(format: "  mbml eval '$slow' (one read)                               %8.1f ms", eval),
                String(
                    format: "  inspector: load and the tree's value                       %8.1f ms  (%.1f×)", treeValue,
                    treeValue / eval),
                String(
                    format: "  inspector: `$slow` typed, results in every context         %8.1f ms  (%.1f×)", typed,
                    typed / eval),
                String(
                    format: "  inspector: reload with `$slow` in the editor               %8.1f ms  (%.1f×)", reload,
                    reload / eval),
            ]
        }
    }

    /// Measures with a variable repeating its work `repetitions` times (written to a scratch
    /// folder, removed afterwards).
    public static func run(repetitions: Int = 300_000) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mbml-dynamic-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("manifest.xml")
        try Data(
            """
            <MBML><Var name="quick" literal="here"/>\
            <Var name="slow" type="dynamic" expression="^if(^repeatBool(\(repetitions)|T)|done|no)"/></MBML>
            """.utf8
        ).write(to: manifest)

        let environment = try ManifestLoader().load(manifestAt: manifest).environment
        let eval = milliseconds { _ = try? environment.evaluate("$slow", in: .object) }

        let session = InspectorSession(
            engine: EngineController(source: .manifest(manifest)), size: TerminalSize(rows: 40, columns: 120))
        let treeValue = milliseconds { session.start() }
        session.type("$slo")
        let typed = milliseconds { session.type("w") }
        let reload = milliseconds { session.send(.filesChanged) }
        return Result(repetitions: repetitions, eval: eval, treeValue: treeValue, typed: typed, reload: reload)
    }

    private static func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }
}
