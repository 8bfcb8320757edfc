import Foundation

/// DuckDB as `mbml bench` finds it: its command-line shell, or a Python interpreter that can
/// `import duckdb` (DuckDB's PyPI package, often installed in a virtual environment).
///
/// Found, in order: the `--duckdb` option (either of the two; which one is told by what it says to
/// `--version`), a `duckdb` shell on `PATH`, then `python3` on `PATH` when it imports the module
/// (so an activated virtual environment is found). Each query runs as a whole process, start-up
/// included, as mbml's own rows do.
struct DuckDB {
    enum Kind {
        /// The `duckdb` command-line shell.
        case shell
        /// A Python interpreter with the `duckdb` module.
        case python
    }

    /// The executable run for each query.
    let executable: String
    let kind: Kind

    /// DuckDB as named by `option` (nil: looked for on `PATH`), or nil when there is none.
    static func find(option: String?) -> DuckDB? {
        if let option {
            let path = option.contains("/") ? option : BenchCommand.executable(named: option)?.path ?? option
            guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
            let version = (try? ChildProcess.run(path, ["--version"]))?.output ?? ""
            let candidate = DuckDB(executable: path, kind: version.hasPrefix("Python") ? .python : .shell)
            return candidate.kind == .shell || candidate.importsModule ? candidate : nil
        }
        if let shell = BenchCommand.executable(named: "duckdb") { return DuckDB(executable: shell.path, kind: .shell) }
        if let python = BenchCommand.executable(named: "python3") {
            let candidate = DuckDB(executable: python.path, kind: .python)
            if candidate.importsModule { return candidate }
        }
        return nil
    }

    /// Whether the Python interpreter imports `duckdb`.
    private var importsModule: Bool {
        (try? ChildProcess.run(executable, ["-c", "import duckdb"]))?.status == 0
    }

    /// What the rows call it: `duckdb 1.2.0` or `duckdb 2.0.1 (python)`.
    var label: String {
        let version: String
        switch kind {
        case .shell:
            version = (try? ChildProcess.run(executable, ["--version"]))?.output ?? ""
        case .python:
            version =
                (try? ChildProcess.run(executable, ["-c", "import duckdb; print(duckdb.__version__)"]))?.output ?? ""
        }
        let number = version.split(separator: " ").first.map(String.init)?.trimmingCharacters(
            in: .whitespacesAndNewlines)
        return "duckdb" + (number.map { " " + $0 } ?? "") + (kind == .python ? " (python)" : "")
    }

    /// The program and arguments that print the one value `sql` selects.
    func command(_ sql: String) -> (executable: String, arguments: [String]) {
        // The progress bar DuckDB draws for a long query would land in the answer.
        switch kind {
        case .shell:
            return (executable, ["-noheader", "-list", "-c", "SET enable_progress_bar = false; " + sql])
        case .python:
            // `fetchall`: DuckDB 2 relations have no `fetchone`.
            return (
                executable,
                [
                    "-c",
                    "import duckdb, sys; duckdb.execute('SET enable_progress_bar = false'); "
                        + "print(duckdb.sql(sys.argv[1]).fetchall()[0][0])",
                    sql,
                ]
            )
        }
    }

    /// `text` as an SQL string literal.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}

/// A question both mbml and DuckDB's `read_json` answer about the person records.
struct DuckDBQuery {
    let label: String
    /// The expression `mbml eval` answers, on `$people`.
    let mbml: String
    /// The query, with `FILE` where the file's `read_json(…)` goes.
    let sql: String

    /// The three of issue #30: a filtered count, a count of distinct values and a sum.
    static let all: [DuckDBQuery] = [
        DuckDBQuery(
            label: "filter count (age > 30)", mbml: "^count(^filter($people|$item.age > 30))",
            sql: "select count(*) from FILE where age > 30"),
        DuckDBQuery(
            label: "count-distinct cities", mbml: "^count(^unique(^list($people|$item.address.city)))",
            sql: "select count(distinct address.city) from FILE"),
        DuckDBQuery(
            label: "sum of ages", mbml: "^reduce($people|0|#($currentValue + $item.age))",
            sql: "select sum(age) from FILE"),
    ]

    /// The query on the JSON file at `path`.
    func sql(on path: String) -> String {
        sql.replacingOccurrences(of: "FILE", with: "read_json(\(DuckDB.literal(path)))")
    }
}
