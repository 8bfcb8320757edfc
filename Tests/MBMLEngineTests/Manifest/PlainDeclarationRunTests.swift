import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``PlainDeclarationRun``: plain declarations (``PlainDeclaration``: literals, constant values,
/// lists and maps of literals) declared a run at a time give the same variables, declarations,
/// provenances, diagnostics and log as declaring each element on its own, on manifests that mix
/// them with every other kind of top-level element.
final class PlainDeclarationRunTests: XCTestCase {
    /// Loads `manifest` both ways (``ManifestFastPathProbe``) in an environment of `options`,
    /// checks they agree and that the runs declared `plain` declarations; returns the runs' outcome.
    @discardableResult
    private func assertSameBothWays(
        _ url: URL, plain: Int, options: EnvironmentOptions = EnvironmentOptions(),
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ManifestFastPathProbe.Outcome {
        let runs = ManifestFastPathProbe.assertSameBothWays(url, options: options, file: file, line: line)
        XCTAssertEqual(runs.session.declaredInRuns, plain, "the runs were taken", file: file, line: line)
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
        // Plain in the top-level manifest: a, b, a, both, dyn, computed twice (`1 + 2` has no
        // marker), fixed, withText, nested, list, entity, ünïcödé, multiLine, prefixed (bound: the
        // local name is Var), first (a bound `x:name` has the key of `name`: the first counts), last;
        // the include's two too.
        let outcome = try assertSameBothWays(url, plain: 19)
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
        let count = PlainDeclarationRun.limit * 2 + 100
        var lines = ["<MBML>"]
        for index in 0..<count {
            // Every 1000th name comes back later (across a run's end), every 500th is not plain.
            let name = index % 1000 == 999 ? "v\(index - 2500)" : "v\(index)"
            lines.append(
                index % 500 == 7
                    ? "  <Var name=\"\(name)\" value=\"$\(name) + 1\"/>"
                    : "  <Var name=\"\(name)\" literal=\"text \(index)\"/>")
        }
        lines.append("</MBML>")
        let url = try folder.write(lines.joined(separator: "\n"), to: "big.xml")
        let notPlain = (0..<count).filter { $0 % 500 == 7 }.count
        let outcome = try assertSameBothWays(url, plain: count - notPlain)
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
        let outcome = try assertSameBothWays(url, plain: 7)
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
        XCTAssertEqual(session.declaredInRuns, 0)
        XCTAssertEqual(session.documentRecord?.elements.count, 1)
        XCTAssertEqual(environment.variables["a"], .string("1"))
    }
}

extension PlainDeclarationRunTests {
    /// Every plain shape beside the near misses that are not plain (a marker in a value, another
    /// attribute, a child that is not a plain literal of its container's kind), in environments
    /// where `<Var>`s may nest 32, 1 or 0 deep and expressions not at all.
    private static let shapes = """
        <MBML>
            <Var name="v" value="plain value"/>
            <Var name="marked1" value="$v and more"/>
            <Var name="marked2" value="^length(abc)"/>
            <Var name="marked3" value="#(1 + 2)"/>
            <Var name="marked4" value="back \\ slash"/>
            <Var name="emptyValue" value=""/>
            <Var name="fixedValue" value="f" mutable="F"/>
            <Var name="l" type="list"><Var literal="a"/><Var literal="b"/></Var>
            <Var name="emptyList" type="list"/>
            <Var name="textList" type="list">only text</Var>
            <Var name="commented" type="list"><!-- c --><Var literal="a"/> text <Var literal="b"/></Var>
            <Var name="otherTag" type="list"><Item literal="x"/></Var>
            <Var name="valueChild" type="list"><Var value="x"/></Var>
            <Var name="namedChild" type="list"><Var name="n" literal="x"/></Var>
            <Var name="booleanChild" type="list"><Var boolean="T"/></Var>
            <Var name="nestedList" type="list"><Var type="list"><Var literal="x"/></Var></Var>
            <Var name="fixedList" type="list" mutable="F"><Var literal="x"/></Var>
            <Var name="m" type="map"><Var name="k" literal="1"/><Var name="j" literal="2"/><Var name="k" literal="3"/></Var>
            <Var name="emptyMap" type="map"/>
            <Var name="unnamedChild" type="map"><Var literal="x"/></Var>
            <Var name="valueInMap" type="map"><Var name="k" value="v"/></Var>
            <Var name="conditional" type="map" if="T"><Var name="k" literal="v"/></Var>
            <Var name="l" literal="now a literal"/>
            <Var name="unknownType" type="set"><Var literal="x"/></Var>
            <Var name="" type="list"/>
            <Var name="childWithChildren" type="list"><Var literal="a"><Var literal="ignored"/></Var></Var>
        </MBML>
        """

    func testEveryPlainShapeAndItsNearMissesDeclareTheSame() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(Self.shapes, to: "shapes.xml")
        // v, emptyValue, l, emptyList, textList, commented, otherTag, m, emptyMap, l again, childWithChildren.
        let outcome = try assertSameBothWays(url, plain: 11)
        let variables = outcome.session.environment.variables
        let environment = outcome.session.environment
        XCTAssertEqual(variables["v"], .string("plain value"))
        XCTAssertEqual(environment.provenance(of: "v")?.kind, .value)
        XCTAssertEqual(environment.provenance(of: "v")?.expression, "plain value")
        XCTAssertEqual(variables["commented"], .array([.string("a"), .string("b")]))
        XCTAssertEqual(environment.provenance(of: "commented")?.kind, .list)
        XCTAssertEqual(variables["m"], .dictionary(["k": .string("3"), "j": .string("2")]))
        XCTAssertEqual(environment.provenance(of: "m")?.kind, .map)
        XCTAssertEqual(variables["emptyMap"], .dictionary([:]))
        XCTAssertEqual(variables["childWithChildren"], .array([.string("a")]))
        XCTAssertEqual(variables["l"], .string("now a literal"))
        XCTAssertTrue(outcome.log.contains { $0.contains("Variable \"l\" redeclared") }, "\(outcome.log)")
        XCTAssertFalse(outcome.session.diagnostics.isEmpty, "the near misses' errors were reported")
    }

    func testPlainShapesFollowTheNestingLimits() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(Self.shapes, to: "shapes.xml")
        // Children may not nest: only v, emptyValue, the three empty containers and l again.
        try assertSameBothWays(url, plain: 6, options: EnvironmentOptions(maximumIncludeDepth: 1))
        // No `<Var>` may be declared at all.
        try assertSameBothWays(url, plain: 0, options: EnvironmentOptions(maximumIncludeDepth: 0))
        // Expressions may not nest: no value is taken as it is.
        let outcome = try assertSameBothWays(url, plain: 9, options: EnvironmentOptions(maximumNestingDepth: 0))
        XCTAssertEqual(outcome.session.environment.variables["emptyValue"], .string(""))
    }
}
