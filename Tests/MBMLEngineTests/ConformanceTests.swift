import Foundation
import MBMLTestSupport
import XCTest

/// Runs every conformance case (Conformance/cases/*.jsonl against Conformance/fixture/manifest.xml)
/// through the engine, judged by the rules of the suite's reference runner. Every case must pass:
/// the clock-dependent ones (`^currentTime`, `^secondsSince`, `^secondsUntil`, `^formatTimeUntil`)
/// compare only the result's type, so none is skipped.
final class ConformanceTests: XCTestCase {
    static var folder: URL {
        get throws {
            try XCTUnwrap(Bundle.module.url(forResource: "Conformance", withExtension: nil),
                          "the Conformance resource folder is missing from the test bundle")
        }
    }

    func testEveryCasePasses() throws {
        let folder = try Self.folder
        let cases = try ConformanceCase.load(folder: folder.appendingPathComponent("cases"))
        let runner = try ConformanceRunner(manifest: folder.appendingPathComponent("fixture/manifest.xml"))
        let report = runner.run(cases)
        print(report.table.joined(separator: "\n"))
        print(report.summary)
        XCTAssertGreaterThanOrEqual(cases.count, 802, "case files went missing")
        let ids = cases.map(\.id)
        XCTAssertEqual(Set(ids).count, ids.count, "case ids must be unique")
        XCTAssertTrue(report.failures.isEmpty,
                      "\(report.summary); failing: \(report.failures.map(\.testCase.id).joined(separator: ", "))\n"
                          + report.failureLines.joined(separator: "\n"))
    }
}
