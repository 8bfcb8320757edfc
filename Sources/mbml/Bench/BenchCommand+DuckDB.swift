import Foundation

/// The DuckDB rows of `mbml bench`: the three queries of ``DuckDBQuery`` on the same file, mbml and
/// DuckDB each as a whole process.
extension BenchCommand {
    /// Runs the DuckDB comparison on `file` (the `--duckdb-data` file, or the generated query file).
    func measureDuckDB(on file: (path: String, size: Int), into table: inout BenchTable) throws {
        guard let duckdb = DuckDB.find(option: duckdbExecutable) else {
            table.addNote(
                duckdbExecutable.map { "DuckDB not usable at \($0): neither a duckdb shell nor a Python with duckdb" }
                    ?? "DuckDB not found: install its shell or `pip install duckdb` (or pass --duckdb PATH) to compare")
            return
        }
        let mbml = Self.currentExecutable()
        let name = duckdb.label
        // A gigabyte takes seconds a run: the best of three only for smaller files.
        let runs = file.size > 256 << 20 ? 1 : 3
        for query in DuckDBQuery.all {
            let label = "\(query.label) in \(Self.mebibytes(file.size))"
            // No deadline, as DuckDB has none (a gigabyte on a busy machine can pass the default 30 s);
            // the memory budget stays the default one.
            let ours = try ChildProcess.best(
                of: runs, mbml, ["eval", "--timeout", "0", "--data", "people=\(file.path)", query.mbml])
            let answer = ours.status == 0 ? "answer \(Self.shortAnswer(ours))" : "FAILED (exit status \(ours.status))"
            table.addSingle(
                "mbml: \(label)", ours.seconds, note: "\(answer), peak RSS \(Self.mebibytes(ours.peakMemory))")
            let command = duckdb.command(query.sql(on: file.path))
            let theirs = try ChildProcess.best(of: runs, command.executable, command.arguments)
            let agrees =
                theirs.status != 0
                ? "FAILED (exit status \(theirs.status))"
                : Self.answer(theirs) == Self.answer(ours)
                    ? "same answer" : "DIFFERENT answer \(Self.shortAnswer(theirs))"
            table.addSingle(
                "\(name): \(label)", theirs.seconds,
                note: "\(agrees), peak RSS \(Self.mebibytes(theirs.peakMemory))")
            table.addNote(
                String(
                    format: "%@: mbml takes %.2fx the time of DuckDB (goal: at most 1.0x; best of %d)",
                    query.label, ours.seconds / max(theirs.seconds, 1e-9), runs))
        }
    }
}
