import Foundation
import XCTest

@testable import mbml

/// How `mbml bench` finds DuckDB (its shell or a Python with the module) and asks it the three
/// queries it compares with mbml.
final class DuckDBDetectionTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("duckdb-detection-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A stand-in program: `--version` prints `version`; `-c import duckdb` exits with `importStatus`.
    private func program(_ name: String, version: String, importStatus: Int) throws -> String {
        let url = folder.appendingPathComponent(name)
        let script = """
            #!/bin/sh
            if [ "$1" = "--version" ]; then echo "\(version)"; exit 0; fi
            if [ "$1" = "-c" ] && [ "$2" = "import duckdb" ]; then exit \(importStatus); fi
            exit 0
            """
        try script.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    func testAPythonThatImportsTheModuleIsUsedThroughIt() throws {
        let path = try program("python", version: "Python 3.11.2", importStatus: 0)
        let found = try XCTUnwrap(DuckDB.find(option: path))
        XCTAssertEqual(found.kind, .python)
        let command = found.command("select 1")
        XCTAssertEqual(command.executable, path)
        XCTAssertEqual(command.arguments.first, "-c")
        XCTAssertEqual(command.arguments.last, "select 1")
        XCTAssertTrue(command.arguments[1].contains("fetchall()[0][0]"), command.arguments[1])
        XCTAssertTrue(command.arguments[1].contains("enable_progress_bar = false"), command.arguments[1])
    }

    func testAPythonWithoutTheModuleIsNotDuckDB() throws {
        let path = try program("python3", version: "Python 3.11.2", importStatus: 1)
        XCTAssertNil(DuckDB.find(option: path))
    }

    func testTheShellIsAskedWithOneValuePerLine() throws {
        let path = try program("duckdb", version: "v1.1.3 19864453f7", importStatus: 1)
        let found = try XCTUnwrap(DuckDB.find(option: path))
        XCTAssertEqual(found.kind, .shell)
        XCTAssertEqual(
            found.command("select 1").arguments,
            ["-noheader", "-list", "-c", "SET enable_progress_bar = false; select 1"])
        XCTAssertEqual(found.label, "duckdb v1.1.3")
    }

    func testAMissingProgramIsNotFound() {
        XCTAssertNil(DuckDB.find(option: folder.appendingPathComponent("nothing-here").path))
    }

    func testTheQueriesReadTheFileAsAQuotedLiteral() {
        XCTAssertEqual(DuckDB.literal("it's.json"), "'it''s.json'")
        let sql = DuckDBQuery.all.map { $0.sql(on: "/data/o'brien.json") }
        XCTAssertEqual(sql.count, 3)
        for query in sql {
            XCTAssertTrue(query.contains("read_json('/data/o''brien.json')"), query)
            XCTAssertFalse(query.contains("FILE"), query)
        }
        XCTAssertEqual(
            DuckDBQuery.all.map(\.mbml),
            [
                "^count(^filter($people|$item.age > 30))", "^count(^unique(^list($people|$item.address.city)))",
                "^reduce($people|0|#($currentValue + $item.age))",
            ])
    }
}
