import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// Every sample under Samples/ loads without diagnostics, its `openCommand` names real files, and
/// every `try  EXPRESSION  →  RESULT` line in its comments (and in the files it includes) is true.
///
/// A claim reads: type EXPRESSION, and the `string` row shows RESULT; `→ number: R`,
/// `→ boolean: R` and `→ object: R` name another row.
final class BuiltInSampleClaimsTests: XCTestCase {
    /// The repository root (``RepositoryFile/root``).
    static let repositoryRoot = RepositoryFile.root
    static let samples = repositoryRoot.appendingPathComponent("Samples")

    /// Every `manifest.xml` under Samples/, sorted.
    static func sampleManifests() throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: samples, includingPropertiesForKeys: nil)
        let all = (enumerator?.allObjects as? [URL]) ?? []
        return all.filter { $0.lastPathComponent == "manifest.xml" }
            .map { $0.standardizedFileURL }
            .sorted { $0.path < $1.path }
    }

    func testThereAreAtLeastFourSampleManifests() throws {
        let names = try Self.sampleManifests().map {
            $0.path.replacingOccurrences(of: Self.samples.path + "/", with: "")
        }
        XCTAssertEqual(
            names,
            [
                "api-evolution/v1/manifest.xml", "api-evolution/v2/manifest.xml",
                "store/manifest.xml", "tutorial/manifest.xml",
            ])
    }

    func testTutorialClaimsCatsCountIsThree() throws {
        let text = try String(contentsOf: Self.samples.appendingPathComponent("tutorial/manifest.xml"), encoding: .utf8)
        let claims = SampleClaim.parse(text, file: "tutorial/manifest.xml")
        XCTAssertTrue(claims.contains { $0.expression == "$cats.count" && $0.row == .string && $0.expected == "3" })
        XCTAssertGreaterThan(claims.count, 40, "the tutorial suggests an expression for every concept")
    }

    func testEverySampleLoadsCleanlyAndKeepsItsPromises() throws {
        let manifests = try Self.sampleManifests()
        XCTAssertFalse(manifests.isEmpty)
        for manifest in manifests {
            try checkSample(manifest)
        }
    }

    func testReadmeGivesEveryOpenCommand() throws {
        let readme = try String(contentsOf: Self.samples.appendingPathComponent("README.md"), encoding: .utf8)
        for manifest in try Self.sampleManifests() {
            let result = try ManifestLoader().load(manifestAt: manifest)
            let relative = "Samples/" + manifest.path.replacingOccurrences(of: Self.samples.path + "/", with: "")
            let command = result.environment.variables["openCommand"]?.stringValue ?? "mbml inspect \(relative)"
            XCTAssertTrue(readme.contains(command), "Samples/README.md should give the command \(command)")
        }
    }

    func testClaimParsing() {
        let claims = SampleClaim.parse(
            """
              try  $a.count            →  3
            try ^join($x|, )  →  a, b
              try  $b == 1   →  boolean: false
              type this: not a claim → nothing
            """, file: "f.xml")
        XCTAssertEqual(claims.map(\.expression), ["$a.count", "^join($x|, )", "$b == 1"])
        XCTAssertEqual(claims.map(\.expected), ["3", "a, b", "false"])
        XCTAssertEqual(claims.map(\.row), [.string, .string, .boolean])
        XCTAssertEqual(claims.map(\.line), [1, 2, 3])
    }

    // MARK: - Checking one sample

    private func checkSample(_ manifest: URL) throws {
        let name = manifest.path.replacingOccurrences(of: Self.samples.path + "/", with: "")
        let result = try ManifestLoader().load(manifestAt: manifest)
        // Loaded alone, a manifest may refer to the data its open command adds: those names must
        // then exist. Anything else is a problem.
        let awaited = result.warnings.filter { $0.message.hasSuffix("but nothing declares it") }
        XCTAssertEqual(
            result.diagnostics.filter { !awaited.contains($0) }.map(\.description), [],
            "\(name) should load without diagnostics")
        let environment = result.environment
        try loadData(named: result.environment.variables["openCommand"]?.stringValue, for: name, into: environment)
        for warning in awaited {
            let variable = warning.message.dropFirst().prefix { $0 != " " }
            XCTAssertNotNil(environment.variables.declaration(of: String(variable)), "\(name): \(warning)")
        }

        var checked = 0
        for file in result.files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for claim in SampleClaim.parse(text, file: file.lastPathComponent) {
                let shown = claim.row.show(claim.expression, in: environment)
                XCTAssertEqual(
                    shown, claim.expected,
                    "\(name) (\(claim.file):\(claim.line)): `\(claim.expression)` in the \(claim.row) row")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 5, "\(name) should suggest expressions to try")
    }

    /// Loads the `--data NAME=FILE` files of a sample's `openCommand` (paths relative to the
    /// repository root) and checks the command opens this very manifest.
    private func loadData(named command: String?, for name: String, into environment: Environment) throws {
        guard let command else { return }
        let words = command.split(separator: " ").map(String.init)
        XCTAssertEqual(Array(words.prefix(3)), ["mbml", "inspect", "Samples/" + name], "openCommand of \(name)")
        for (index, word) in words.enumerated() where word == "--data" && index + 1 < words.count {
            let spec = try DataFileSpec(parsing: words[index + 1])
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: spec.url(relativeTo: Self.repositoryRoot).path),
                "\(name): data file \(spec.path)")
            try spec.declare(in: environment, relativeTo: Self.repositoryRoot)
        }
    }
}

/// One `try  EXPRESSION  →  RESULT` line from a sample's comments.
struct SampleClaim: Equatable {
    /// The results-pane row a claim is about.
    enum Row: String {
        case object, string, number, boolean

        /// The text the inspector's row shows for `expression`: the value's text form, `true` or
        /// `false` for the boolean row, or `error: …`.
        func show(_ expression: String, in environment: Environment) -> String {
            do {
                switch self {
                case .boolean:
                    return try environment.evaluateBoolean(expression) ? "true" : "false"
                case .object, .string, .number:
                    let context = ExpressionContext(rawValue: rawValue) ?? .object
                    return try environment.evaluate(expression, in: context)?.text ?? ""
                }
            } catch {
                return "error: \(Environment.logText(for: error))"
            }
        }
    }

    var file: String
    var line: Int
    var expression: String
    var row: Row
    var expected: String

    /// Every claim in `text`: lines whose first word is `try`, split at the first ` → `.
    static func parse(_ text: String, file: String) -> [SampleClaim] {
        var claims: [SampleClaim] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("try "), let arrow = trimmed.range(of: " → ") else { continue }
            let expression = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 4)..<arrow.lowerBound]
                .trimmingCharacters(in: .whitespaces)
            var expected = trimmed[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
            var row = Row.string
            if let colon = expected.firstIndex(of: ":"), let named = Row(rawValue: String(expected[..<colon])) {
                row = named
                expected = expected[expected.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            claims.append(
                SampleClaim(file: file, line: index + 1, expression: expression, row: row, expected: expected))
        }
        return claims
    }
}
