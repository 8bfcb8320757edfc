import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``PlainLiteralRun``: runs of `<Var name="…" literal="…"/>` declared a run at a time give the
/// same variables, declarations, provenances, diagnostics and log as declaring each element on its
/// own, on manifests that mix them with every other kind of top-level element.
final class PlainLiteralRunTests: XCTestCase {
    /// Loads `manifest` both ways (``ManifestFastPathProbe``), checks they agree and that the runs
    /// declared `plainLiterals` literals; returns the runs' outcome.
    @discardableResult
    private func assertSameBothWays(
        _ url: URL, plainLiterals: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws -> ManifestFastPathProbe.Outcome {
        let runs = ManifestFastPathProbe.assertSameBothWays(url, file: file, line: line)
        XCTAssertEqual(
            runs.session.literalsDeclaredInRuns, plainLiterals, "the runs were taken", file: file, line: line)
        return runs
    }

    func testAMixedManifestDeclaresTheSameBothWays() throws {
        let folder = try ScratchFolder()
        try folder.write(
            """
            <MBML>
                <Var name="included" literal="from the include"/>
                <Var name="both" literal="included first"/>
            </MBML>
            """, to: "more.xml")
        let url = try folder.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE MBML [ <!ENTITY who "world"> ]>
            <MBML>
                <Include file="more.xml"/>
                <Var name="a" literal="one"/>
                <Var name="b" literal="two &amp; three &lt;4&gt;"/>
                <Var name="a" literal="again"/>
                <Var name="both" literal="redeclared"/>
                <Var name="dyn" type="dynamic" expression="$a"/>
                <Var name="dyn" literal="no longer dynamic"/>
                <!-- a comment between runs -->
                <Var name="computed" value="1 + 2"/>
                <Var name="computed" literal="now a literal"/>
                <Var name="c" literal="x" if="F"/>
                <Var name="fixed" literal="f" mutable="F"/>
                <Var name="fixed" literal="read-only redeclared"/>
                <Var name="extra" literal="e" other="attribute"/>
                <Var name="" literal="empty name"/>
                <Var name="noLiteral"/>
                <Var literal="no name"/>
                <Var name="withText" literal="t">ignored text</Var>
                <Var name="nested" literal="n"><Var name="inner" literal="i"/></Var>
                <Var name="list" type="list"><Var literal="l1"/><Var literal="l2"/></Var>
                <Var name="entity" literal="hello &who;"/>
                <Var name="ünïcödé" literal="ça marche — ✓"/>
                <Var
                    name="multiLine"
                    literal="a start tag over three lines"/>
                <x:Var xmlns:x="urn:x" name="prefixed" literal="p"/>
                <Function name="double" class="Whatever"/>
                <Unknown name="u" literal="v"/>
                <Var xmlns:x="urn:x" name="first" x:name="second" literal="two names"/>
                <Var name="last" literal="end"/>
                <Var name="a" type="dynamic" expression="$b"/>
            </MBML>
            """, to: "manifest.xml")
        // Plain in the top-level manifest: a, b, a, both, dyn, computed, fixed, withText, nested, entity,
        // ünïcödé, multiLine, prefixed (bound: the local name is Var), first (a bound `x:name` has the
        // key of `name`: the first counts), last; the include's two too.
        let outcome = try assertSameBothWays(url, plainLiterals: 17)
        XCTAssertEqual(outcome.session.environment.variables["first"], .string("two names"))
        XCTAssertNil(outcome.session.environment.variables["second"])
        XCTAssertEqual(outcome.session.environment.variables["b"], .string("two & three <4>"))
        XCTAssertEqual(outcome.session.environment.provenance(of: "multiLine")?.site, "manifest.xml:26:5")
        XCTAssertEqual(outcome.session.environment.provenance(of: "both")?.site, "manifest.xml:8:5")
        XCTAssertEqual(
            outcome.session.environment.provenance(of: "included")?.file.map {
                URL(fileURLWithPath: $0).lastPathComponent
            }, "more.xml")
        XCTAssertTrue(
            outcome.log.contains { $0.contains("Variable \"dyn\" redeclared from: a dynamic variable") },
            "\(outcome.log)")
    }

    func testRunsLongerThanTheLimitAndRedeclaredAcrossThemDeclareTheSame() throws {
        let folder = try ScratchFolder()
        let count = PlainLiteralRun.limit * 2 + 100
        var lines = ["<MBML>"]
        for index in 0..<count {
            // Every 1000th name comes back later (across a run's end), every 500th is not plain.
            let name = index % 1000 == 999 ? "v\(index - 2500)" : "v\(index)"
            lines.append(
                index % 500 == 7
                    ? "  <Var name=\"\(name)\" value=\"\(index) + 1\"/>"
                    : "  <Var name=\"\(name)\" literal=\"text \(index)\"/>")
        }
        lines.append("</MBML>")
        let url = try folder.write(lines.joined(separator: "\n"), to: "big.xml")
        let notPlain = (0..<count).filter { $0 % 500 == 7 }.count
        let outcome = try assertSameBothWays(url, plainLiterals: count - notPlain)
        XCTAssertEqual(outcome.session.environment.variables["v1"], .string("text 1"))
        XCTAssertEqual(outcome.session.environment.provenance(of: "v7")?.kind, .value)
        XCTAssertEqual(outcome.session.environment.provenance(of: "v3")?.site, "big.xml:5:3")
    }

    func testCanonicallyEquivalentNamesAreOneVariableBothWays() throws {
        // The variable space's names compare as strings (NamePositions): `é` as one scalar and as `e`
        // with a combining accent, the Kelvin sign and `K`, are one name each.
        let folder = try ScratchFolder()
        let url = try folder.write(
            """
            <MBML>
                <Var name="caf\u{E9}" literal="composed"/>
                <Var name="K" literal="letter"/>
                <Var name="cafe\u{301}" literal="decomposed"/>
                <Var name="\u{212A}" value="kelvin"/>
                <Var name="\u{212B}" literal="angstrom"/>
                <Var name="A\u{30A}" literal="A and a ring"/>
                <Var name="cafe" literal="plain"/>
            </MBML>
            """, to: "equivalent.xml")
        let outcome = try assertSameBothWays(url, plainLiterals: 6)
        let variables = outcome.session.environment.variables
        XCTAssertEqual(variables["caf\u{E9}"], .string("decomposed"))
        XCTAssertEqual(variables["K"], .string("kelvin"))
        XCTAssertEqual(variables["\u{C5}"], .string("A and a ring"))
        XCTAssertEqual(variables["cafe"], .string("plain"))
        XCTAssertEqual(variables.names.count, Set(variables.names).count)
        XCTAssertEqual(
            outcome.log.filter { $0.contains("redeclared") }.count, 3, "café, K and Å are redeclared: \(outcome.log)")
        XCTAssertEqual(outcome.session.environment.provenance(of: "cafe\u{301}")?.site, "equivalent.xml:4:5")
    }

    func testARecordedManifestDeclaresEachElementOnItsOwn() throws {
        // The incremental load notes what each top-level element did: no runs there.
        let folder = try ScratchFolder()
        let url = try folder.write("<MBML>\n  <Var name=\"a\" literal=\"1\"/>\n</MBML>\n", to: "recorded.xml")
        let environment = Environment()
        let session = ManifestLoadSession(
            environment: environment, evaluation: Evaluation(options: environment.options))
        session.recordedManifest = url
        try session.loadManifest(at: url, path: "recorded.xml", contents: nil)
        XCTAssertEqual(session.literalsDeclaredInRuns, 0)
        XCTAssertEqual(session.documentRecord?.elements.count, 1)
        XCTAssertEqual(environment.variables["a"], .string("1"))
    }
}
