import Foundation
import MBMLTestSupport
import XCTest

/// Runs every conformance case (Conformance/cases/*.jsonl against Conformance/fixture/manifest.xml)
/// through the engine, judged by the rules of the suite's reference runner. Every case must pass:
/// the clock-dependent ones (`^currentTime`, `^secondsSince`, `^secondsUntil`, `^formatTimeUntil`)
/// compare only the result's type, so none is skipped; the date-formatting cases were written for
/// UTC and the POSIX locale, so the run pins `TZ` and the locale variables to those.
final class ConformanceTests: XCTestCase {
    static var folder: URL {
        get throws {
            try XCTUnwrap(
                Bundle.module.url(forResource: "Conformance", withExtension: nil),
                "the Conformance resource folder is missing from the test bundle")
        }
    }

    /// UTC and the C locale (which the engine formats as `en_US_POSIX`), whatever the machine says.
    static let pinnedEnvironment: [String: String?] = ["TZ": "Etc/UTC", "LC_ALL": nil, "LC_TIME": nil, "LANG": nil]

    func testEveryCasePasses() throws {
        let folder = try Self.folder
        let cases = try ConformanceCase.load(folder: folder.appendingPathComponent("cases"))
        let runner = try ConformanceRunner(manifest: folder.appendingPathComponent("fixture/manifest.xml"))
        let report = ProcessEnvironment.with(Self.pinnedEnvironment) { runner.run(cases) }
        print(report.table.joined(separator: "\n"))
        print(report.summary)
        XCTAssertGreaterThanOrEqual(cases.count, 833, "case files went missing")
        let ids = cases.map(\.id)
        XCTAssertTrue(
            ids.contains("coremod.mbmlFileIsLoaded.01") && ids.contains("geo.distance.01"),
            "the repository's own case files (core-module.jsonl, geolocation.jsonl) went missing")
        XCTAssertEqual(Set(ids).count, ids.count, "case ids must be unique")
        XCTAssertTrue(
            report.failures.isEmpty,
            "\(report.summary); failing: \(report.failures.map(\.testCase.id).joined(separator: ", "))\n"
                + report.failureLines.joined(separator: "\n"))
    }
}
