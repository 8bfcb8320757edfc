import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// Data inputs (issue 32): JSON held in memory (`--data NAME=-`) loads like a file, problems name a
/// data file as the user gave it, and a node of a lazily read file knows its line.
final class DataInputTests: XCTestCase {
    func testJSONTextLoadsIntoItsVariable() throws {
        let builder = EnvironmentBuilder(options: EnvironmentOptions(), log: LogSink())
        let load = builder.build([
            .dataText(name: "piped", bytes: Data(#"{"a":[1,2]}"#.utf8), label: "<stdin>"),
            .dataText(name: "lines", bytes: Data("{\"n\":1}\n{\"n\":2}\n".utf8), label: "<stdin>"),
        ])
        XCTAssertFalse(load.hasFailures)
        XCTAssertEqual(try load.environment.evaluate("$piped.a.count", in: .number), .integer(2))
        XCTAssertEqual(try load.environment.evaluate("$lines[1].n", in: .number), .integer(2))
    }

    func testBadJSONTextIsADiagnosticAtItsPlace() {
        let builder = EnvironmentBuilder(options: EnvironmentOptions(), log: LogSink())
        let load = builder.build([.dataText(name: "piped", bytes: Data("{\n  oops".utf8), label: "<stdin>")])
        XCTAssertTrue(load.hasFailures)
        XCTAssertEqual(load.diagnostics.first?.file, "<stdin>")
        XCTAssertEqual(load.diagnostics.first?.line, 2)
    }

    func testADataFileIsNamedAsTheUserGaveIt() throws {
        let folder = try ScratchFolder(prefix: "mbml-data-path")
        _ = try folder.write("{\n  \"a\": [1,,2]\n}\n", to: "broken.json", atomically: true)
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder.url.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        for spec in [DataFileSpec(name: "x", path: "broken.json"), DataFileSpec(name: "x", path: "./missing.json")] {
            XCTAssertThrowsError(try spec.load()) { error in
                let description = String(describing: error)
                XCTAssertTrue(description.hasPrefix(spec.path + ":"), description)
                XCTAssertFalse(description.contains(folder.url.path), description)
            }
        }
    }

    func testANodeKnowsItsLine() throws {
        let folder = try ScratchFolder(prefix: "mbml-json-lines")
        let url = try folder.write(
            "{\n \"a\": 1,\n \"b\": [\n  10,\n  {\"c\": 2}\n ]\n}\n", to: "d.json", atomically: true)
        guard let root = try DataFileSpec(name: "d", path: url.path).load().jsonNode else {
            return XCTFail("not read lazily")
        }
        XCTAssertEqual(root.line, 1)
        XCTAssertEqual(root.line(ofKey: "a"), 2)
        XCTAssertEqual(root.line(ofKey: "b"), 3)
        XCTAssertNil(root.line(ofKey: "z"))
        guard let list = root.value(forKey: "b")?.jsonNode else { return XCTFail("b is a node") }
        XCTAssertEqual(list.line, 3)
        XCTAssertEqual(list.line(ofElement: 0), 4)
        XCTAssertEqual(list.line(ofElement: 1), 5)
        XCTAssertNil(list.line(ofElement: 2))
    }
}
