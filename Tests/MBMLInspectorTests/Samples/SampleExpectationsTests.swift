import Foundation
import MBMLEngine
import XCTest

/// Every sample has an expectation file (`expectations.jsonl` beside its manifest) holding exactly
/// the `try  EXPRESSION  →  RESULT` lines of its comments, and every expectation in it passes, as
/// `mbml check` runs it. The api-evolution sample's `screen.jsonl` passes against both versions.
final class SampleExpectationsTests: XCTestCase {
    private static let samples = BuiltInSampleClaimsTests.samples
    private static let root = BuiltInSampleClaimsTests.repositoryRoot

    func testEverySampleHasAnExpectationFileMatchingItsClaims() throws {
        for manifest in try BuiltInSampleClaimsTests.sampleManifests() {
            let name = manifest.path.replacingOccurrences(of: Self.samples.path + "/", with: "")
            let file = try ExpectationFile(
                contentsOf: manifest.deletingLastPathComponent()
                    .appendingPathComponent("expectations.jsonl").path)
            XCTAssertEqual(file.problems.map(\.description), [], name)
            let loaded = try ManifestLoader().load(manifestAt: manifest)
            var claims: [SampleClaim] = []
            for included in loaded.files {
                claims += SampleClaim.parse(
                    try String(contentsOf: included, encoding: .utf8), file: included.lastPathComponent)
            }
            // Watches (the tutorial's live-edit lesson) state no result: they are not claims.
            XCTAssertEqual(
                file.expectations.filter { !$0.isWatch }.count, claims.count, "\(name): one expectation a claim")
            for claim in claims {
                XCTAssertTrue(
                    file.expectations.contains { Self.states(claim, $0) },
                    "\(name): no expectation for \(claim.file):\(claim.line) `\(claim.expression)` → \(claim.expected)")
            }
        }
    }

    func testEverySampleExpectationPasses() throws {
        for manifest in try BuiltInSampleClaimsTests.sampleManifests() {
            let directory = manifest.deletingLastPathComponent()
            let file = try ExpectationFile(contentsOf: directory.appendingPathComponent("expectations.jsonl").path)
            let checker = ExpectationChecker(environment: try Self.environment(for: manifest))
            for expectation in file.expectations {
                let result = checker.check(expectation)
                XCTAssertEqual(
                    result.status, expectation.isWatch ? .watched : .passed,
                    "\(expectation.id) `\(expectation.expression)`: \(result.reason ?? "")")
            }
        }
    }

    func testTheScreenValuesAgreeInBothAPIVersions() throws {
        let screen = try ExpectationFile(
            contentsOf: Self.samples.appendingPathComponent("api-evolution/screen.jsonl").path)
        XCTAssertEqual(screen.problems, [])
        XCTAssertGreaterThanOrEqual(screen.expectations.count, 8)
        XCTAssertTrue(screen.expectations.contains { $0.expression == "$card" })
        for version in ["v1", "v2"] {
            let manifest = Self.samples.appendingPathComponent("api-evolution/\(version)/manifest.xml")
            let checker = ExpectationChecker(environment: try Self.environment(for: manifest))
            for expectation in screen.expectations {
                let result = checker.check(expectation)
                XCTAssertEqual(result.status, .passed, "\(version) \(expectation.id): \(result.reason ?? "")")
            }
        }
    }

    /// True when `expectation` states what `claim` states: the same expression, in the claim's row's
    /// context, expecting the text the row shows.
    private static func states(_ claim: SampleClaim, _ expectation: Expectation) -> Bool {
        guard expectation.expression == claim.expression, expectation.context.rawValue == claim.row.rawValue,
            expectation.match == .exact, case .value(let value) = expectation.expected
        else { return false }
        switch value {
        case .string(let text): return claim.row != .number && claim.row != .boolean && text == claim.expected
        default: return JSONCodec.encode(value) == claim.expected
        }
    }

    /// The sample's manifest with the data files its `openCommand` names.
    private static func environment(for manifest: URL) throws -> Environment {
        let environment = try ManifestLoader().load(manifestAt: manifest).environment
        let words = (environment.variables["openCommand"]?.stringValue ?? "").split(separator: " ").map(String.init)
        for (index, word) in words.enumerated() where word == "--data" && index + 1 < words.count {
            try DataFileSpec(parsing: words[index + 1]).declare(in: environment, relativeTo: root)
        }
        return environment
    }
}
