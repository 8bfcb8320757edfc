import Foundation
import XCTest

@testable import MBMLEngine

/// ``EnvironmentBuilder``: ordered inputs into one environment, typed diagnostics, `$ENV`, skipped
/// file names, recovery mode, and nested `<Var>` text.
final class EnvironmentBuilderTests: ManifestTestCase {
    private func build(_ inputs: [EnvironmentInput], parsing: XMLParsingMode = .strict) -> EnvironmentLoad {
        EnvironmentBuilder(parsing: parsing).build(inputs)
    }

    func testLaterManifestSeesEarlierManifestsVariables() throws {
        let a = try write("a.xml", #"<MBML><Var name="x" literal="x-value"/></MBML>"#)
        let b = try write("b.xml", #"<MBML><Var name="y" value="${x}!"/></MBML>"#)
        let load = build([.manifest(a), .manifest(b)])
        XCTAssertEqual(load.diagnostics, [])
        XCTAssertFalse(load.hasFailures)
        XCTAssertEqual(load.environment.variables["y"], "x-value!")
        XCTAssertEqual(
            load.environment.loadedFiles.map { URL(fileURLWithPath: $0).lastPathComponent }, ["a.xml", "b.xml"])
        XCTAssertEqual(load.environment.manifestPath, a.path)
    }

    func testOrderDecidesWhatEachInputSees() throws {
        let data = try write("d.json", #"{"price": 1}"#)
        let manifest = try write("m.xml", #"<MBML><Var name="seen" value="$d.price"/></MBML>"#)
        let spec = DataFileSpec(name: "d", path: data.path)
        XCTAssertEqual(build([.data(spec), .manifest(manifest)]).environment.variables["seen"], .integer(1))
        // Loaded after the manifest, the data is not there yet: `value=` keeps the expression text.
        XCTAssertEqual(build([.manifest(manifest), .data(spec)]).environment.variables["seen"], "$d.price")
    }

    func testProcessEnvironmentIsAReadOnlyDictionary() throws {
        let manifest = try write("m.xml", #"<MBML><Var name="branch" value="$ENV[BRANCH]"/></MBML>"#)
        let load = build([.processEnvironment(["BRANCH": "dev", "A": "1"]), .manifest(manifest)])
        let variables = load.environment.variables
        XCTAssertEqual(variables["branch"], "dev")
        XCTAssertEqual(variables["ENV"]?.dictionaryValue?.keys.elements, ["A", "BRANCH"])
        XCTAssertThrowsError(try variables.set("ENV", to: "x"))
        XCTAssertNil(build([]).environment.variables["ENV"])
    }

    func testDiagnosticsAreTypedWithPlaces() throws {
        let manifest = try write("m.xml", "<MBML>\n  <Var name=\"t\" type=\"lsit\"/>\n</MBML>")
        let broken = try write("broken.json", "{\n  \"a\": [1,,2]\n}")
        let load = build([.manifest(manifest), .data(DataFileSpec(name: "b", path: broken.path))])
        XCTAssertEqual(load.diagnostics.count, 2)
        let unknownType = load.diagnostics[0]
        XCTAssertEqual(unknownType.file, manifest.path)
        XCTAssertEqual([unknownType.line, unknownType.column], [2, 3])
        XCTAssertEqual(unknownType.severity, .error)
        XCTAssertTrue(unknownType.message.contains("Unknown variable type"), unknownType.message)
        let json = load.diagnostics[1]
        XCTAssertEqual([json.line, json.column], [2, 11])
        XCTAssertEqual(json.file, broken.path)
        XCTAssertEqual(load.failedInputs, [.data(DataFileSpec(name: "b", path: broken.path))])
    }

    func testAFailedInputKeepsWhatOtherInputsDeclaredAndNamesItsFileToWatch() throws {
        let good = try write("good.xml", #"<MBML><Var name="a" literal="kept"/></MBML>"#)
        let bad = try write("bad.xml", "<MBML><Var name=\"b\" literal=\"x\">\n</MBML>")
        let missing = directory.appendingPathComponent("later.xml")
        let load = build([.manifest(good), .manifest(bad), .manifest(missing)])
        XCTAssertEqual(load.failedInputs.count, 2)
        XCTAssertEqual(load.environment.variables["a"], "kept")
        XCTAssertTrue(load.files.map(\.lastPathComponent).contains("later.xml"))
        XCTAssertTrue(load.errors.contains { $0.file.hasSuffix("bad.xml") && $0.line == 2 }, "\(load.errors)")
    }

    func testABuildNeverTouchesAnEnvironmentInUse() throws {
        let manifest = try write("m.xml", #"<MBML><Var name="a" literal="first"/></MBML>"#)
        let first = build([.manifest(manifest)]).environment
        try write("m.xml", #"<MBML><Var name="a" literal="second"/><Var"#)
        let second = build([.manifest(manifest)])
        XCTAssertTrue(second.hasFailures)
        XCTAssertEqual(first.variables["a"], "first")
    }

    func testAFileNameLoadsOnceAndTheCoreModuleCountsAsLoaded() throws {
        let one = try write("one/same.xml", #"<MBML><Var name="n" value="${n}1"/></MBML>"#)
        let two = try write("two/same.xml", #"<MBML><Var name="n" value="${n}2"/></MBML>"#)
        let module = try write("MBDataEnvironmentModule.xml", #"<MBML><Var name="Environment" literal="x"/></MBML>"#)
        let log = LogSink()
        let load = EnvironmentBuilder(log: log).build([.manifest(one), .manifest(two), .manifest(module)])
        XCTAssertEqual(load.environment.variables["n"], "1")
        XCTAssertEqual(
            load.warnings.map(\.message),
            [
                "Skipped: a file with this name was already loaded (a file name is loaded once)",
                "Skipped: it is the core module, which is built in",
            ])
        XCTAssertFalse(log.lines.contains { $0.contains("redeclared") }, "\(log.lines)")
        let includer = try write("inc.xml", #"<MBML><Include file="MBDataEnvironmentModule.xml"/></MBML>"#)
        XCTAssertEqual(build([.manifest(includer)]).diagnostics, [])
    }

    func testManifestTextResolvesIncludesBesideItsName() throws {
        try write("sub/beside.xml", #"<MBML><Var name="beside" literal="yes"/></MBML>"#)
        let load = build([
            .manifestText(
                #"<MBML><Include file="beside.xml"/></MBML>"#, name: "sub/virtual.xml",
                directory: directory)
        ])
        XCTAssertEqual(load.environment.variables["beside"], "yes")
    }

    // MARK: Recovery mode

    func testRecoveryModeLoadsWhatLibxml2RecoversAndWarnsWithThePlace() throws {
        let manifest = try write(
            "m.xml", "<MBML>\n  <Var name=\"a\">Fish & Chips</Var>\n  <Var name=\"b\" literal=\"ok\"/>\n</MBML>")
        let strict = build([.manifest(manifest)])
        XCTAssertTrue(strict.hasFailures)
        XCTAssertTrue(strict.errors.contains { $0.line == 2 }, "\(strict.errors)")

        let recovered = build([.manifest(manifest)], parsing: .recovering)
        XCTAssertFalse(recovered.hasFailures)
        XCTAssertEqual(recovered.environment.variables["b"], "ok")
        XCTAssertEqual(recovered.errors, [])
        let warning = try XCTUnwrap(recovered.warnings.first)
        XCTAssertEqual(warning.file, manifest.path)
        XCTAssertEqual(warning.line, 2)
        XCTAssertTrue(warning.message.hasPrefix("recovered from: "), warning.message)
    }

    func testRecoveryModeStillRefusesExternalEntities() throws {
        let secret = try write("secret.txt", "TOP SECRET")
        let manifest = try write(
            "m.xml",
            """
            <?xml version="1.0"?>
            <!DOCTYPE MBML [<!ENTITY s SYSTEM "\(secret.path)">]>
            <MBML><Var name="a">&s;</Var></MBML>
            """)
        let load = build([.manifest(manifest)], parsing: .recovering)
        XCTAssertNotEqual(load.environment.variables["a"], "TOP SECRET")
        XCTAssertFalse(load.environment.variables["a"]?.text.contains("SECRET") ?? false)
    }

    // MARK: <Var> text with markup

    func testVarTextWithChildElementsTakesAllNestedText() throws {
        let manifest = try write("m.xml", #"<MBML><Var name="s">a <b>bold <i>and</i> more</b> c</Var></MBML>"#)
        let load = build([.manifest(manifest)])
        XCTAssertEqual(load.diagnostics, [])
        XCTAssertEqual(load.environment.variables["s"], "a bold and more c")
    }

    // MARK: Provenance

    func testEveryDeclarationFormRecordsItsKindExpressionAndSite() throws {
        let manifest = try write(
            "m.xml",
            """
            <MBML>
              <Var name="lit" literal="x" mutable="F"/>
              <Var name="val" value="#(1 + 1)"/>
              <Var name="bool" boolean="T"/>
              <Var name="text">$lit!</Var>
              <Var name="dyn" type="dynamic" expression="$val"/>
              <Var name="list" type="list"><Var literal="a"/></Var>
              <Var name="map" type="map"><Var name="k" literal="v"/></Var>
            </MBML>
            """)
        let data = try write("d.json", "[1]")
        let load = build([
            .processEnvironment(["A": "1"]), .manifest(manifest), .data(DataFileSpec(name: "d", path: data.path)),
        ])
        let environment = load.environment
        func check(
            _ name: String, _ kind: VariableProvenance.Kind, expression: String? = nil, line: Int? = nil,
            readOnly: Bool = false, file: StaticString = #filePath, at testLine: UInt = #line
        ) {
            guard let provenance = environment.provenance(of: name) else {
                return XCTFail("no provenance for \(name)", file: file, line: testLine)
            }
            XCTAssertEqual(provenance.kind, kind, name, file: file, line: testLine)
            XCTAssertEqual(provenance.expression, expression, name, file: file, line: testLine)
            XCTAssertEqual(provenance.isReadOnly, readOnly, name, file: file, line: testLine)
            if let line = line {
                XCTAssertEqual(provenance.site, "\(manifest.path):\(line):3", name, file: file, line: testLine)
            }
        }
        check("lit", .literal, line: 2, readOnly: true)
        check("val", .value, expression: "#(1 + 1)", line: 3)
        check("bool", .boolean, expression: "T", line: 4)
        check("text", .text, expression: "$lit!", line: 5)
        check("dyn", .dynamic, expression: "$val", line: 6)
        check("list", .list, line: 7)
        check("map", .map, line: 8)
        check("d", .dataFile)
        XCTAssertEqual(environment.provenance(of: "d")?.file, data.path)
        check("ENV", .processEnvironment, readOnly: true)
        check("Platform", .builtIn, readOnly: true)
        XCTAssertNil(environment.provenance(of: "nothing"))
    }

    func testLogLinesAboutAFailingDynamicVariableNameItAndItsSite() throws {
        let manifest = try write(
            "m.xml", "<MBML>\n  <Var name=\"bad\" type=\"dynamic\" expression=\"#(1 / 0)\"/>\n</MBML>")
        let log = LogSink()
        let environment = EnvironmentBuilder(log: log).build([.manifest(manifest)]).environment
        XCTAssertNil(environment.variables["bad"])
        XCTAssertTrue(log.lines.contains { $0.hasPrefix("$bad (\(manifest.path):2:3): ") }, "\(log.lines)")
    }

    func testMissingIncludeTargetsAreNamedForWatching() throws {
        let manifest = try write("m.xml", #"<MBML><Include file="sub/later.xml"/></MBML>"#)
        let load = build([.manifest(manifest)])
        XCTAssertTrue(load.files.contains(directory.appendingPathComponent("sub/later.xml").standardizedFileURL))
    }

    func testCancellationStopsTheBuild() throws {
        let manifest = try write("m.xml", #"<MBML><Var name="a" literal="1"/><Var name="b" literal="2"/></MBML>"#)
        let load = EnvironmentBuilder().build([.manifest(manifest)], limits: EvaluationLimits(isCancelled: { true }))
        XCTAssertTrue(load.hasFailures)
        XCTAssertNil(load.environment.variables["a"])
        XCTAssertTrue(load.errors.contains { $0.message == "Loading was cancelled" })
        XCTAssertEqual(
            try load.environment.evaluate("^repeat(2|x)", in: .object), "x", "the build's limits end with it")
    }

    // MARK: Undeclared references

    func testAReferenceNothingDeclaresIsOneWarningAtItsFirstUse() throws {
        let manifest = try write(
            "m.xml",
            """
            <MBML>
              <Var name="a" value="$tpyo and $known"/>
              <Var name="b" type="dynamic" expression="^list($known|$item $tpyo $outer:item)"/>
              <Var name="known" literal="k"/>
            </MBML>
            """)
        let load = build([.manifest(manifest)])
        XCTAssertEqual(
            load.diagnostics.map(\.description),
            ["\(manifest.path):2:3: $tpyo is referred to by $a but nothing declares it"])
        let data = try write("d.json", "{}")
        let declared = build([.manifest(manifest), .data(DataFileSpec(name: "tpyo", path: data.path))])
        XCTAssertEqual(declared.diagnostics, [], "an input loaded later declares it")
    }

    /// A large manifest whose plain values (declared in runs, their texts never referring to
    /// anything) surround one value that refers to a name nothing declares: that one is reported,
    /// and without it nothing is.
    func testAReferenceAmongPlainDeclarationsOfALargeManifestIsReported() throws {
        func manifest(referring: Bool) -> String {
            var lines = ["<MBML>"]
            for number in 0..<20_000 {
                lines.append(
                    number == 12_345 && referring
                        ? "  <Var name=\"n\(number)\" value=\"$missing and more\"/>"
                        : "  <Var name=\"n\(number)\" value=\"text \(number)\"/>")
            }
            return (lines + ["</MBML>"]).joined(separator: "\n")
        }
        let referring = try write("referring.xml", manifest(referring: true))
        XCTAssertEqual(
            build([.manifest(referring)]).diagnostics.map(\.description),
            ["\(referring.path):12347:3: $missing is referred to by $n12345 but nothing declares it"])
        let plain = try write("plain.xml", manifest(referring: false))
        XCTAssertEqual(build([.manifest(plain)]).diagnostics, [])
    }

    func testADataFileThatIsNotARegularFileIsRefusedByWhatItIs() {
        let load = build([.data(DataFileSpec(name: "d", path: "/dev/null"))])
        XCTAssertTrue(load.hasFailures)
        XCTAssertTrue(load.errors.first?.message.contains("it is a device") ?? false, "\(load.errors)")
    }
}
