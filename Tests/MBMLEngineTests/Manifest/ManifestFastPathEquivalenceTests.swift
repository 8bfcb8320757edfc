import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// The load's fast paths (runs of plain declarations, ``PlainDeclarationRun``; constant texts taken without
/// an evaluation, ``Environment/constantResult(of:in:within:)``) against the general path, on
/// many generated manifests that mix every kind of top-level element, redeclare names across
/// kinds, and are sometimes broken: the same variables, values, declarations, provenances,
/// diagnostics, log lines in order, recorded elements and failures.
final class ManifestFastPathEquivalenceTests: XCTestCase {
    /// Names shared by the elements so that they redeclare each other; the last ones are
    /// canonically equivalent spellings (precomposed and decomposed `é`, `K` and the Kelvin sign).
    private static let names = [
        "a", "b", "count", "ünï", "名前", "caf\u{E9}", "cafe\u{301}", "K", "\u{212A}",
    ]

    /// One top-level element (or comment) per template; `N` and `M` are names, `I` a number.
    private static let templates = [
        #"<Var name="N" literal="text I"/>"#,
        #"<Var name="N" literal="ça — ✓ I"/>"#,
        #"<Var name="N" value="I &amp; more"/>"#,
        #"<Var name="N" value="constant text"/>"#,
        #"<Var name="N" value="$M and I"/>"#,
        #"<Var name="N" value="^length(abc I)"/>"#,
        ##"<Var name="N" value="#(1 + I)"/>"##,
        #"<Var name="N" value="back \ slash"/>"#,
        #"<Var name="N" value=""/>"#,
        #"<Var name="N" value="$undeclaredI"/>"#,
        #"<Var name="N" boolean="T"/>"#,
        #"<Var name="N" boolean="F"/>"#,
        #"<Var name="N" boolean="$M"/>"#,
        #"<Var name="N" boolean="I &lt; 3"/>"#,
        #"<Var name="N" literal="if false" if="F"/>"#,
        #"<Var name="N" literal="if true" if="yes"/>"#,
        #"<Var name="N" literal="if empty" if=""/>"#,
        #"<Var name="N" literal="if ref" if="$M"/>"#,
        #"<Var name="N" literal="if not" if="!F"/>"#,
        #"<Var name="N" value="if const" if="0"/>"#,
        #"<Var name="N" literal="read-only" mutable="F"/>"#,
        #"<Var name="N" value="read-only value" mutable="0"/>"#,
        #"<Var name="N" type="dynamic" expression="constant text"/>"#,
        #"<Var name="N" type="dynamic" expression="$M"/>"#,
        #"<Var name="N" type="list"><Var literal="l I"/><Var value="list value"/><Var boolean="T"/></Var>"#,
        #"<Var name="N" type="map"><Var name="k" value="v I"/><Var name="j" literal="w"/></Var>"#,
        #"<Var name="N" type="list"><Var literal="l I"/><!-- c --><Var literal="m"/></Var>"#,
        #"<Var name="N" type="map"><Var name="k" literal="v I"/><Var name="k" literal="again"/></Var>"#,
        #"<Var name="N" type="list"/>"#,
        #"<Var name="N" type="list"><Var name="k" literal="named in a list"/></Var>"#,
        #"<Var name="N">text content I</Var>"#,
        #"<Var name="N"><![CDATA[cdata $M & I]]></Var>"#,
        #"<Var name="N"><![CDATA[plain cdata I]]></Var>"#,
        #"<!-- a comment I -->"#,
        #"<Var name="N" literal="extra" other="attribute"/>"#,
        #"<Var name="N" value="extra value" other="attribute"/>"#,
        #"<Var name="N" literal="hello &who;"/>"#,
        #"<Var name="N" value="hello &who;"/>"#,
        #"<x:Var xmlns:x="urn:x" name="N" literal="prefixed I"/>"#,
        #"<y:Var name="N" literal="unbound prefix"/>"#,
        #"<Var name="N" value="both" literal="two"/>"#,
        #"<Var value="no name I"/>"#,
        #"<Var name="" value="empty name"/>"#,
        #"<Var name="N" type="singleton"/>"#,
        #"<Var name="N" type="unknown" value="x"/>"#,
        #"<Function name="fI" class="Whatever"/>"#,
        #"<Unknown name="N" value="v"/>"#,
        #"<Var name="N" userDefaultsName="u" value="stored"/>"#,
        "<Var\n    name=\"N\"\n    value=\"over lines I\"/>",
    ]

    private static let include = """
        <MBML>
            <Var name="a" value="from the include"/>
            <Var name="count" literal="included"/>
            <Var name="b" value="$a included"/>
        </MBML>
        """

    /// A manifest of random elements; with `doctype`, one that declares the entity some use.
    private func manifest(_ random: inout SeededGenerator, doctype: Bool = true) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, "<MBML>"]
        if doctype { lines.insert(#"<!DOCTYPE MBML [ <!ENTITY who "world"> ]>"#, at: 1) }
        if Int.random(in: 0..<3, using: &random) == 0 { lines.append(#"    <Include file="more.xml"/>"#) }
        for index in 0..<Int.random(in: 1...40, using: &random) {
            let template = Self.templates.randomElement(using: &random) ?? ""
            let name = Self.names.randomElement(using: &random) ?? "a"
            let other = Self.names.randomElement(using: &random) ?? "b"
            lines.append(
                "    "
                    + template.replacingOccurrences(of: "N", with: name).replacingOccurrences(of: "M", with: other)
                    .replacingOccurrences(of: "I", with: "\(index)"))
        }
        lines.append("</MBML>")
        var text = lines.joined(separator: "\n")
        // One manifest in eight is broken: a tag cut short, or a stray `<`.
        if Int.random(in: 0..<8, using: &random) == 0 {
            let offset = Int.random(in: 0..<text.count, using: &random)
            let index = text.index(text.startIndex, offsetBy: offset)
            text.insert(contentsOf: Bool.random(using: &random) ? "<" : "<Var name=", at: index)
        }
        return text
    }

    func testGeneratedManifestsLoadTheSameByTheFastPathsAndTheGeneralPath() throws {
        let folder = try ScratchFolder()
        try folder.write(Self.include, to: "more.xml")
        var random = SeededGenerator(seed: 30)
        var (literalsInRuns, constants, failures) = (0, 0, 0)
        for round in 0..<300 {
            let text = manifest(&random)
            let url = try folder.write(text, to: "manifest\(round).xml")
            let outcome = ManifestFastPathProbe.assertSameBothWays(url, recording: round % 5 == 0)
            literalsInRuns += outcome.session.declaredInRuns
            constants += outcome.session.constantsAnswered
            if outcome.failure != nil { failures += 1 }
        }
        // The fast paths ran, and broken manifests were among those compared.
        XCTAssertGreaterThan(literalsInRuns, 100)
        XCTAssertGreaterThan(constants, 300)
        XCTAssertGreaterThan(failures, 5)
    }

    /// Manifests and includes parsed in two halves side by side (``XMLDocumentSplit``) load as
    /// when they are parsed whole: the same variables, provenances (lines and columns), log lines
    /// and failures.
    func testGeneratedManifestsLoadTheSameParsedInHalves() throws {
        let folder = try ScratchFolder()
        try folder.write(Self.include, to: "more.xml")
        var random = SeededGenerator(seed: 0x4A1F)
        var (inHalves, failures) = (0, 0)
        for round in 0..<200 {
            let text = manifest(&random, doctype: false)
            let url = try folder.write(text, to: "halves\(round).xml")
            let outcome = ManifestFastPathProbe.assertSameBothWays(url, recording: round % 5 == 0, inHalves: true)
            inHalves += outcome.session.documentsParsedInHalves
            if outcome.failure != nil { failures += 1 }
        }
        XCTAssertGreaterThan(inHalves, 50, "documents were parsed in halves")
        XCTAssertGreaterThan(failures, 5)
    }

    /// Manifests declared while they are parsed, in pieces (``XMLPieceStream``), load as when
    /// they are parsed whole: the same variables, provenances, log lines and failures, also when a
    /// piece is refused and the manifest is loaded again whole.
    func testGeneratedManifestsLoadTheSameDeclaredWhileParsed() throws {
        let folder = try ScratchFolder()
        try folder.write(Self.include, to: "more.xml")
        var random = SeededGenerator(seed: 0x91BE)
        var (pipelined, loadedAgain, failures) = (0, 0, 0)
        for round in 0..<300 {
            // Without the undeclared entity most pieces parse: they are compared, not refused.
            let text = manifest(&random, doctype: false).replacingOccurrences(of: "&who;", with: "&amp;who;")
            let url = try folder.write(text, to: "pieces\(round).xml")
            let pipelining: XMLSplitting =
                round % 2 == 0 ? .always : .near(Int.random(in: 0..<text.utf8.count, using: &random))
            let outcome = ManifestFastPathProbe.assertSameBothWays(
                url, recording: round % 7 == 0, pipelining: pipelining)
            pipelined += outcome.loadedAgain ? 1 : outcome.session.documentsPipelined
            if outcome.loadedAgain { loadedAgain += 1 }
            if outcome.failure != nil { failures += 1 }
        }
        XCTAssertGreaterThan(pipelined, 50, "manifests were declared while they were parsed")
        XCTAssertGreaterThan(loadedAgain, 5, "refused pieces were loaded again whole")
        XCTAssertGreaterThan(failures, 5)
    }

    func testCanonicallyEquivalentNamesAreOneVariableOnBothPaths() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(
            """
            <MBML>
                <Var name="caf\u{E9}" value="precomposed"/>
                <Var name="cafe\u{301}" literal="decomposed"/>
                <Var name="\u{212A}" value="kelvin"/>
                <Var name="K" value="kelvin again"/>
            </MBML>
            """, to: "names.xml")
        let outcome = ManifestFastPathProbe.assertSameBothWays(url)
        let variables = outcome.session.environment.variables
        XCTAssertEqual(variables["caf\u{E9}"], .string("decomposed"))
        XCTAssertEqual(variables["\u{212A}"], .string("kelvin again"))
        XCTAssertEqual(variables.names.filter { $0 == "cafe\u{301}" }.count, 1)
        // All four are plain (constant values and a literal), declared in a run.
        XCTAssertEqual(outcome.session.constantsAnswered, 0)
        XCTAssertEqual(outcome.session.declaredInRuns, 4)
        XCTAssertTrue(outcome.log.contains { $0.contains("redeclared") }, "\(outcome.log)")
    }

    func testAConstantTextWhoseTokensAreCachedIsEvaluated() throws {
        // A dynamic declaration parses (and caches) its expression: a later `value` with the same
        // text is evaluated from the cached tokens, as the general path does (`mutable` keeps these
        // values out of the runs of plain declarations, which take such a text as it is).
        let folder = try ScratchFolder()
        let url = try folder.write(
            """
            <MBML>
                <Var name="d" type="dynamic" expression="same text"/>
                <Var name="v" value="same text" mutable="T"/>
                <Var name="w" value="other text" mutable="T"/>
            </MBML>
            """, to: "cached.xml")
        let outcome = ManifestFastPathProbe.assertSameBothWays(url)
        XCTAssertEqual(outcome.session.constantsAnswered, 1)
        XCTAssertEqual(outcome.session.environment.variables["v"], .string("same text"))
    }
}
