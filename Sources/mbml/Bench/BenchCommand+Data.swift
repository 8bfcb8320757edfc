import Foundation
import MBMLEngine

/// The data rows of `mbml bench`: whole processes on generated JSON, beside jq and gojq, and the
/// cached evaluation of a path against a hand-written walk of the same values.
extension BenchCommand {
    /// The generator of person records, relative to the repository root.
    static let peopleGenerator = "Tools/generate-people.py"
    /// Peak memory holding a generated file as `$people`, and everyday queries beside jq and gojq
    /// (on `--query-data`, else on a generated file), as whole processes. Returns the held file (for ``measureJSONReading(_:into:)``), if any.
    func measureDataProcesses(in folder: URL, into table: inout BenchTable) throws -> (path: String, size: Int)? {
        if let duckdbData {
            let size = (try? FileManager.default.attributesOfItem(atPath: duckdbData)[.size] as? Int) ?? 0
            try measureDuckDB(on: (duckdbData, size), into: &table)
        }
        if let queryData {
            let size = (try? FileManager.default.attributesOfItem(atPath: queryData)[.size] as? Int) ?? 0
            try measureQuery(on: (queryData, size), mbml: Self.currentExecutable(), into: &table)
            if duckdbData == nil { try measureDuckDB(on: (queryData, size), into: &table) }
        }
        guard dataMegabytes > 0 || (queryMegabytes > 0 && queryData == nil) else { return nil }
        guard let python = Self.executable(named: "python3"),
            FileManager.default.fileExists(atPath: Self.peopleGenerator)
        else {
            table.addNote(
                "data rows skipped: they need python3 and \(Self.peopleGenerator) (run from the repository root)")
            return nil
        }
        let mbml = Self.currentExecutable()
        var held: (path: String, size: Int)?
        if dataMegabytes > 0 {
            let file = try generatePeople(megabytes: dataMegabytes, in: folder, python: python)
            try measureCount(of: file, mbml: mbml, into: &table)
            held = file
        }
        if queryMegabytes > 0, queryData == nil {
            let file = try generatePeople(megabytes: queryMegabytes, in: folder, python: python)
            try measureQuery(on: file, mbml: mbml, into: &table)
            if duckdbData == nil { try measureDuckDB(on: file, into: &table) }
        }
        return held
    }

    /// `$people.count` as a whole process beside `wc -l`, the floor of reading the same (cached)
    /// bytes: the data file is indexed, not decoded (``JSONDocument``). The two run in turns, five
    /// times each, and their medians are compared.
    private func measureCount(of file: (path: String, size: Int), mbml: String, into table: inout BenchTable) throws {
        let count = (mbml, ["eval", "--data", "people=\(file.path)", "--context", "number", "$people.count"])
        let wc = Self.executable(named: "wc")
        let (run, floor) = try ChildProcess.sideBySide(runs: 5, count, (wc?.path ?? "/bin/true", ["-l", file.path]))
        let ratio = Double(run.peakMemory) / Double(file.size)
        table.addSingle(
            "mbml: $people.count of \(Self.mebibytes(file.size)) JSON (median of 5)", run.seconds,
            note: "answer \(Self.answer(run)), peak RSS \(Self.mebibytes(run.peakMemory)), "
                + String(format: "%.2fx the file (goal: at most 1.2x)", ratio))
        guard wc != nil else {
            table.addNote("wc not found: the floor of reading the file is not shown")
            return
        }
        table.addSingle("wc -l: the same file, in turns with mbml (the floor)", floor.seconds)
        table.addNote(
            String(
                format: "$people.count: %.1fx the time of wc -l (goal: at most 5x)",
                run.seconds / max(floor.seconds, 1e-9)))
    }

    /// Reading a JSON file in this process: indexing it (what a data file gets) and decoding it
    /// whole into values (what `^fileContents`-style reads and expectation files get).
    func measureJSONReading(_ file: (path: String, size: Int), into table: inout BenchTable) throws {
        var start = DispatchTime.now().uptimeNanoseconds
        let indexed = try DataFileSpec(name: "people", path: file.path).load()
        let indexing = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        withExtendedLifetime(indexed) {} // freeing it is not reading
        table.addSingle(
            "index \(Self.mebibytes(file.size)) of JSON (a data file), in-process", indexing,
            note: String(format: "%.0f MB/s", Double(file.size) / 1e6 / max(indexing, 1e-9)))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
        start = DispatchTime.now().uptimeNanoseconds
        let values = try JSONCodec.decodePlain(bytes)
        let reading = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        withExtendedLifetime(values) {}
        table.addSingle(
            "decode \(Self.mebibytes(file.size)) of JSON whole into values, in-process", reading,
            note: String(format: "%.0f MB/s", Double(file.size) / 1e6 / max(reading, 1e-9)))
    }

    /// The CPU seconds after which a program's run of an everyday query is stopped: jq 1.6's `join`
    /// is quadratic (over ten minutes a run on 31 MB), and a bench that does not end answers nothing.
    static let queryCPULimit = 60

    /// Each everyday query (``EverydayQuery``) as a whole process, beside jq and gojq on the same
    /// file, run in turns (mbml, jq, gojq, then again; three times), with the answers compared and
    /// the median time against the faster peer's median; a run past ``queryCPULimit`` is stopped
    /// and that program left out of the comparison.
    private func measureQuery(on file: (path: String, size: Int), mbml: String, into table: inout BenchTable) throws {
        let peers = ["jq", "gojq"].compactMap { name in Self.executable(named: name).map { (name, $0.path) } }
        for name in ["jq", "gojq"] where !peers.contains(where: { $0.0 == name }) {
            table.addNote("\(name) not found: install it to compare")
        }
        for query in EverydayQuery.all {
            let label = "\(query.label) in \(Self.mebibytes(file.size))"
            let programs =
                [(mbml, ["eval", "--data", "people=\(file.path)", query.mbml])]
                + peers.map { ($0.1, ["-c", query.jq, file.path]) }
            let runs = try ChildProcess.inTurns(runs: 3, programs, cpuLimit: Self.queryCPULimit)
            let ours = runs[0]
            table.addSingle(
                "mbml: \(label) (median of 3)", ours.seconds,
                note: "answer \(Self.shortAnswer(ours)), peak RSS \(Self.mebibytes(ours.peakMemory))")
            var fastestPeer: (name: String, seconds: Double)?
            for ((peer, _), run) in zip(peers, runs.dropFirst()) {
                if run.passedCPULimit {
                    table.addNote(
                        "\(peer): \(label): stopped after \(Self.queryCPULimit) s of CPU time, not compared")
                    continue
                }
                let agrees =
                    Self.answer(run) == Self.answer(ours) ? "same answer" : "DIFFERENT answer \(Self.shortAnswer(run))"
                table.addSingle(
                    "\(peer): \(label) (median of 3)", run.seconds,
                    note: "\(agrees), peak RSS \(Self.mebibytes(run.peakMemory))")
                if fastestPeer.map({ run.seconds < $0.seconds }) ?? true { fastestPeer = (peer, run.seconds) }
            }
            if let peer = fastestPeer {
                table.addNote(
                    String(
                        format: "%@: mbml takes %.2fx the time of %@, the faster peer (goal: at most 0.3x)",
                        query.label, ours.seconds / max(peer.seconds, 1e-9), peer.name))
            }
        }
    }

    /// Cached evaluation of `$a.b[3].c` against a hand-written Swift walk of the same values.
    func measurePathWalk(into table: inout BenchTable) throws {
        let environment = Environment()
        environment.variables.declare("a", value: ["b": [0, 1, 2, ["c": 42]]])
        let expression = "$a.b[3].c"
        let rounds = 200_000
        var found = 0
        _ = try environment.evaluate(expression, in: .object)
        var start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds where try environment.evaluate(expression, in: .object) != nil { found += 1 }
        let evaluated = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds where Self.walk(environment.variables) != nil { found += 1 }
        let walked = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        table.addDistribution(
            "evaluate \(expression), cached", [Double](repeating: evaluated / Double(rounds), count: 1))
        table.addDistribution(
            "hand-written walk of the same values", [Double](repeating: walked / Double(rounds), count: 1))
        table.addNote(
            String(
                format: "%@: %.1fx the hand-written walk (goal: within 10x; %d of %d found)",
                expression, evaluated / max(walked, 1e-12), found, 2 * rounds))
    }

    private static func walk(_ variables: VariableSpace) -> Value? {
        guard case .dictionary(let a)? = variables["a"], case .array(let b)? = a["b"], b.count > 3,
            case .dictionary(let item) = b[3]
        else { return nil }
        return item["c"]
    }

    func generatePeople(megabytes: Int, in folder: URL, python: URL) throws -> (path: String, size: Int) {
        let path = folder.appendingPathComponent("people-\(megabytes).json").path
        let run = try ChildProcess.run(python.path, [Self.peopleGenerator, String(megabytes), path])
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard run.status == 0, size > 0 else { throw ChildProcessError(Self.peopleGenerator, EIO) }
        return (path, size)
    }

    /// The path of the running mbml, to measure it as a whole process.
    static func currentExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// ``answer(_:)``, cut to a length a table row can show.
    static func shortAnswer(_ run: ChildProcess) -> String {
        let answer = answer(run)
        return answer.count > 40 ? answer.prefix(40) + "…" : answer
    }

    static func answer(_ run: ChildProcess) -> String {
        run.output.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(
            in: CharacterSet(charactersIn: "\""))
    }

    static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}
