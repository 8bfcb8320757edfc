import ArgumentParser
import Foundation
import MBMLEngine
import MBMLInspector

/// `mbml bench`: expression timings over conformance cases, and manifest load time against xmllint.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure expression evaluation and manifest loading.",
        discussion: """
            Times parse+evaluate of every case in a conformance case file, cold (expression cache cleared \
            before each case) and cached, and the load of a generated manifest with N <Var>s, compared \
            with `xmllint --stream --noout` (libxml2's streaming floor) and `xmllint --noout` on the same file when xmllint is installed, and the inspector's \
            keystroke-to-frame time (four evaluations plus a full render) on a generated space of \
            --nodes nodes, and browsing a generated JSON file of --browse-megabytes MB as $data (first \
            frame, the value viewer on the largest value, a search keystroke, a keystroke with a \
            400,000-line log), and whole processes on generated person records (Tools/generate-people.py): \
            peak memory holding --data-megabytes MB as $people, and everyday queries on --query-megabytes MB \
            beside jq and gojq when installed (or on --query-data FILE), and a filter count, a count of distinct cities and a sum of \
            ages beside DuckDB's read_json when DuckDB is installed (its shell, or its Python package: \
            --duckdb PATH, or a duckdb on PATH, or a python3 on PATH that imports duckdb), on the \
            --query-megabytes file or --duckdb-data FILE, and a dozen everyday queries on a large file \
            (--large-data FILE, or --large-megabytes MB generated) under the default memory budget, each answer \
            checked against Tools/people-answers.py. Without --manifest, the fixture manifest beside the case folder \
            (../fixture/manifest.xml) is loaded if it exists.
            """
    )

    @OptionGroup var engine: EngineOptions

    @Option(
        name: .long,
        help: "The case file (default: the core conformance cases, Tests/MBMLEngineTests/Conformance/cases/core.jsonl)."
    )
    var cases: String?

    @Option(name: .long, help: "Number of <Var>s in the generated manifest (0 skips the manifest benchmark).")
    var vars = 100_000

    @Option(name: .long, help: "Times every case is evaluated per measurement.")
    var rounds = 5

    @Option(name: .long, help: "Nodes in the inspector benchmark's generated space (0 skips it).")
    var nodes = 100_000

    @Option(name: .long, help: "Keystrokes replayed by the inspector benchmark.")
    var keystrokes = 500

    @Option(name: .long, help: "Records ^dump writes into one log entry in the log pane benchmark (0 skips it).")
    var logRecords = 20_000

    @Option(name: .long, help: "Megabytes of generated JSON the browsing benchmark opens as $data (0 skips it).")
    var browseMegabytes = 50

    @Option(
        name: .long,
        help: "Repetitions in the slow dynamic variable measured in the inspector against eval (0 skips it).")
    var dynamicRepetitions = 300_000

    @Option(
        name: .long,
        help: "Megabytes of generated person records whose peak memory is measured as $people (0 skips it).")
    var dataMegabytes = 47

    @Option(
        name: .long, help: "Megabytes of generated person records for the filter query beside jq and gojq (0 skips it)."
    )
    var queryMegabytes = 31

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON file of person records (Tools/generate-people.py's) for the everyday queries beside jq and gojq, instead of generating --query-megabytes MB.",
            valueName: "file"))
    var queryData: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON file of person records (a gigabyte, say) to run the large-file queries on, each checked against Tools/people-answers.py.",
            valueName: "file"))
    var largeData: String?

    @Option(
        name: .long,
        help:
            "Megabytes of generated person records for the large-file queries, when --large-data is not given (0 skips them)."
    )
    var largeMegabytes = 0

    @Option(
        name: .customLong("duckdb"),
        help: ArgumentHelp(
            "DuckDB to compare with: its `duckdb` shell or a Python that can `import duckdb` (default: `duckdb`, then `python3`, on PATH).",
            valueName: "path"))
    var duckdbExecutable: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON file of person records for the DuckDB rows (default: the --query-megabytes file).",
            valueName: "file"))
    var duckdbData: String?

    func validate() throws {
        if vars < 0 { throw ValidationError("--vars must be 0 or more.") }
        if rounds < 1 { throw ValidationError("--rounds must be 1 or more.") }
        if browseMegabytes < 0 || dataMegabytes < 0 || queryMegabytes < 0 || largeMegabytes < 0 {
            throw ValidationError(
                "--browse-megabytes, --data-megabytes, --query-megabytes and --large-megabytes must be 0 or more.")
        }
        if nodes < 0 || keystrokes < 1 {
            throw ValidationError("--nodes must be 0 or more and --keystrokes 1 or more.")
        }
    }

    func run() throws {
        let caseURL = try locateCases()
        let benchCases: [BenchCase]
        do {
            benchCases = try BenchCase.load(from: caseURL)
        } catch {
            StandardStream.error.writeLine("error: \(error)")
            throw ExitCode.failure
        }
        var options = engine
        let fixture = caseURL.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixture/manifest.xml")
        if options.manifest.isEmpty, FileManager.default.fileExists(atPath: fixture.path) {
            options.manifest = [fixture.path]
        }
        let environment = try withCurrentDirectory(of: options.manifest.first) {
            try options.makeEnvironment(log: LogSink())
        }
        var table = BenchTable()
        StandardStream.report.writeLine("cases: \(caseURL.path) (\(benchCases.count) expressions, \(rounds) rounds)")
        if let manifest = options.manifest.first { StandardStream.report.writeLine("manifest: \(manifest)") }
        StandardStream.report.writeLine("binary: \(RuntimeLinkage.current.rawValue)")
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("mbml-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Whole processes first, while this one is small: the kernel counts into a child's peak memory
        // what its parent held when it started the child.
        let manifest = vars > 0 ? try writeGeneratedManifest(in: scratch) : nil
        if let manifest { try measureManifestProcesses(manifest, into: &table) }
        let people = try measureDataProcesses(in: scratch, into: &table)
        try measureLargeQueries(in: scratch, into: &table)
        // Then in this process.
        do {
            // Figures measured over a data file that changed while it was mapped are not shown.
            try environment.answer {
                withCurrentDirectory(of: options.manifest.first) {
                    measureExpressions(benchCases, in: environment, into: &table)
                }
            }
        } catch {
            StandardStream.error.writeLine("error: " + TerminalSafeText.escaping(ResultFormatter.message(of: error)))
            throw ExitCode.failure
        }
        if let manifest { try measureManifestLoad(manifest, into: &table) }
        measureJSONWriter(into: &table)
        try measurePathWalk(into: &table)
        if let people { try measureJSONReading(people, into: &table) }
        StandardStream.report.writeLine("")
        table.lines.forEach(StandardStream.report.writeLine)
        if nodes > 0 {
            let result = InspectorBenchmark.keystrokeToFrame(nodes: nodes, keystrokes: keystrokes)
            StandardStream.report.writeLine("")
            StandardStream.report.writeLine(result.description)
            StandardStream.report.writeLine(try InspectorBenchmark.reloadToFrame(nodes: nodes).description)
        }
        if logRecords > 0 {
            StandardStream.output.writeLine("")
            try LogBenchmark.run(records: logRecords).lines.forEach(StandardStream.output.writeLine)
        }
        if dynamicRepetitions > 0 {
            StandardStream.report.writeLine("")
            try DynamicVariableBenchmark.run(repetitions: dynamicRepetitions).lines.forEach(
                StandardStream.report.writeLine)
        }
        if browseMegabytes > 0 {
            let result = try BrowseBenchmark.run(megabytes: browseMegabytes)
            StandardStream.report.writeLine("")
            result.lines.forEach(StandardStream.report.writeLine)
            let loading = try BackgroundLoadBenchmark.run(megabytes: browseMegabytes)
            StandardStream.report.writeLine("")
            loading.lines.forEach(StandardStream.report.writeLine)
        }
    }

    private func measureExpressions(
        _ benchCases: [BenchCase], in environment: Environment, into table: inout BenchTable
    ) {
        var cold: [Double] = []
        var cached: [Double] = []
        for benchCase in benchCases {
            var coldTotal = 0.0
            var cachedTotal = 0.0
            for _ in 0..<rounds {
                environment.clearCache()
                coldTotal += benchCase.time(in: environment)
                cachedTotal += benchCase.time(in: environment)
            }
            cold.append(coldTotal / Double(rounds))
            cached.append(cachedTotal / Double(rounds))
        }
        table.addDistribution("parse+evaluate, cold", cold)
        table.addDistribution("parse+evaluate, cached", cached)
    }

    /// The core conformance cases, relative to the repository root.
    static let defaultCases = "Tests/MBMLEngineTests/Conformance/cases/core.jsonl"

    private func locateCases() throws -> URL {
        if let cases = cases { return URL(fileURLWithPath: cases).standardizedFileURL }
        let candidates = [Self.defaultCases]
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
            return URL(fileURLWithPath: candidate).standardizedFileURL
        }
        throw ValidationError(
            "No case file found at \(Self.defaultCases) (run from the repository root); pass --cases FILE.jsonl.")
    }

    /// Runs `body` with the current directory set to the folder of `manifest` (cases assume it).
    private func withCurrentDirectory<T>(of manifest: String?, _ body: () throws -> T) rethrows -> T {
        guard let manifest = manifest else { return try body() }
        let previous = FileManager.default.currentDirectoryPath
        let folder = URL(fileURLWithPath: manifest).standardizedFileURL.deletingLastPathComponent().path
        _ = FileManager.default.changeCurrentDirectoryPath(folder)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        return try body()
    }

    static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
