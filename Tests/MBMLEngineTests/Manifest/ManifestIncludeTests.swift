import Foundation
import XCTest

@testable import MBMLEngine

/// `<Include>` (<doc:Manifests>).
final class ManifestIncludeTests: ManifestTestCase {
    private func names(_ urls: [String]) -> [String] {
        urls.map { URL(fileURLWithPath: $0).lastPathComponent }
    }

    func testIncludesRunBeforeTheFilesOwnDeclarations() throws {
        try write(
            "first.xml",
            "<MBML><Var name=\"order\" value=\"${order}first,\"/><Var name=\"x\" literal=\"from first\"/></MBML>")
        try write(
            "second.xml",
            "<MBML><Var name=\"order\" value=\"${order}second,\"/><Var name=\"seen\" value=\"$x\"/></MBML>")
        let result = try load(
            """
            <MBML>
                <Var name="order" value="${order}manifest,"/>
                <Include file="first.xml"/>
                <Var name="x" literal="from manifest"/>
                <Include file="second.xml"/>
            </MBML>
            """)
        XCTAssertEqual(result.diagnostics, [])
        let variables = result.environment.variables
        XCTAssertEqual(variables["order"], "first,second,manifest,")
        XCTAssertEqual(variables["seen"], "from first")
        XCTAssertEqual(variables["x"], "from manifest")
        XCTAssertEqual(names(result.environment.loadedFiles), ["manifest.xml", "first.xml", "second.xml"])
        XCTAssertEqual(result.files.map(\.lastPathComponent), ["manifest.xml", "first.xml", "second.xml"])
        XCTAssertEqual(result.environment.loadedFiles.first, path("manifest.xml"))
    }

    func testIncludedFilesAreProcessedCompletelyDepthFirst() throws {
        try write("a.xml", "<MBML><Include file=\"a2.xml\"/><Var name=\"trail\" value=\"${trail}a\"/></MBML>")
        try write("a2.xml", "<MBML><Var name=\"trail\" value=\"${trail}a2\"/></MBML>")
        try write("b.xml", "<MBML><Var name=\"trail\" value=\"${trail}b\"/></MBML>")
        let result = try load("<MBML><Include file=\"a.xml\"/><Include file=\"b.xml\"/></MBML>")
        XCTAssertEqual(result.environment.variables["trail"], "a2ab")
        XCTAssertEqual(names(result.environment.loadedFiles), ["manifest.xml", "a.xml", "a2.xml", "b.xml"])
    }

    func testSameFileIsLoadedOnce() throws {
        try write("common.xml", "<MBML><Var name=\"count\" value=\"${count}x\"/></MBML>")
        try write("other.xml", "<MBML><Include file=\"common.xml\"/></MBML>")
        let result = try load(
            """
            <MBML>
                <Include file="common.xml"/>
                <Include file="other.xml"/>
                <Include file="common.xml"/>
            </MBML>
            """)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.environment.variables["count"], "x")
        XCTAssertEqual(names(result.environment.loadedFiles), ["manifest.xml", "common.xml", "other.xml"])
    }

    func testIncludeCycleIsCutByFileName() throws {
        try write("a.xml", "<MBML><Include file=\"b.xml\"/><Var name=\"a\" literal=\"A\"/></MBML>")
        try write("b.xml", "<MBML><Include file=\"a.xml\"/><Var name=\"b\" value=\"$a\"/></MBML>")
        let result = try ManifestLoader().load(manifestAt: directory.appendingPathComponent("a.xml"))
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(names(result.environment.loadedFiles), ["a.xml", "b.xml"])
        XCTAssertEqual(result.environment.variables["a"], "A")
        XCTAssertEqual(result.environment.variables["b"], "$a")
    }

    func testSelfIncludeIsIgnored() throws {
        let result = try load("<MBML><Include file=\"manifest.xml\"/><Var name=\"a\" literal=\"x\"/></MBML>")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.environment.loadedFiles.count, 1)
    }

    func testConditionsDefaultToFalseAndAreOred() throws {
        for name in ["missingIf", "emptyIf", "falseIf", "orIf", "trueIf", "seesInclude", "ownVar"] {
            try write("\(name).xml", "<MBML><Var name=\"\(name)\" literal=\"loaded\"/></MBML>")
        }
        let result = try load(
            """
            <MBML>
                <Include file="missingIf.xml"/>
                <Include file="emptyIf.xml" if=""/>
                <Include file="falseIf.xml" if="F"/>
                <Include file="orIf.xml" if="F"/>
                <Include file="orIf.xml" if="#(1 + 1) -EQ 2"/>
                <Include file="trueIf.xml" if="$Platform.isLinux"/>
                <Include file="seesInclude.xml" if="$missingIf"/>
                <Include file="ownVar.xml" if="$declaredBelow"/>
                <Var name="declaredBelow" literal="T"/>
            </MBML>
            """)
        XCTAssertEqual(result.diagnostics, [])
        let variables = result.environment.variables
        for name in ["missingIf", "orIf", "trueIf", "seesInclude"] {
            XCTAssertEqual(variables[name], "loaded", name)
        }
        for name in ["emptyIf", "falseIf", "ownVar"] {
            XCTAssertNil(variables[name], name)
        }
    }

    func testFailingConditionIsFalseWithAWarning() throws {
        try write("x.xml", "<MBML><Var name=\"x\" literal=\"loaded\"/></MBML>")
        let result = try load("<MBML>\n  <Include file=\"x.xml\" if=\"^noSuchFunction()\"/>\n</MBML>")
        XCTAssertNil(result.environment.variables["x"])
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.warnings.first?.line, 2)
        XCTAssertEqual(result.warnings.first?.column, 3)
    }

    func testMissingIncludeIsReportedAtTheIncludeAndLoadingContinues() throws {
        try write("present.xml", "<MBML><Var name=\"present\" literal=\"yes\"/></MBML>")
        let result = try load(
            """
            <MBML>
              <Var name="before" literal="x"/>
                 <Include file="absent.xml"/>
              <Include file="present.xml"/>
              <Var name="after" literal="y"/>
            </MBML>
            """)
        XCTAssertEqual(
            descriptions(result),
            [
                "\(path("manifest.xml")):3:6: Couldn't find path of MBML file named \"absent.xml\" in known resource bundles and search directories"
            ])
        XCTAssertEqual(result.diagnostics.first?.severity, .error)
        let variables = result.environment.variables
        XCTAssertEqual(variables["before"], "x")
        XCTAssertEqual(variables["present"], "yes")
        XCTAssertEqual(variables["after"], "y")
    }

    func testMissingIncludeInAnIncludedFileIsReportedInThatFile() throws {
        try write("sub/inner.xml", "<MBML>\n\n<Include file=\"gone.xml\"/></MBML>")
        let result = try load("<MBML><Include file=\"sub/inner.xml\"/></MBML>")
        XCTAssertEqual(
            result.diagnostics.map { "\($0.file):\($0.line):\($0.column)" }, ["\(path("sub/inner.xml")):3:1"])
    }

    func testIncludeWithoutFileIsReported() throws {
        let result = try load(contents: "<MBML>\n<Include if=\"T\" extra=\"1\"/>\n</MBML>")
        XCTAssertEqual(
            descriptions(result),
            [
                "test.xml:2:1: <Include> does not support the attribute \"extra\" found in: <Include if=\"T\" extra=\"1\"/>",
                "test.xml:2:1: Invalid <Include> tag: the \"file\" attribute is required in: <Include if=\"T\" extra=\"1\"/>",
            ])
        XCTAssertEqual(result.diagnostics.map(\.severity), [.warning, .error])
    }

    func testOnlyDirectChildrenAreIncludes() throws {
        try write("x.xml", "<MBML><Var name=\"x\" literal=\"loaded\"/></MBML>")
        let result = try load("<MBML><Var name=\"m\" type=\"map\"><Include name=\"k\" file=\"x.xml\"/></Var></MBML>")
        XCTAssertNil(result.environment.variables["x"])
        XCTAssertEqual(result.environment.loadedFiles.count, 1)
    }

    func testMalformedIncludeIsReportedInBothFilesAndLoadingContinues() throws {
        try write("bad.xml", "<MBML>\n  <Var name=\"a\">\n</MBML>\n")
        let result = try load("<MBML>\n    <Include file=\"bad.xml\"/>\n<Var name=\"after\" literal=\"y\"/></MBML>")
        XCTAssertEqual(result.environment.variables["after"], "y")
        // libxml2's errors in bad.xml (it reports where it noticed: after `</MBML>`), then the include.
        XCTAssertGreaterThanOrEqual(result.errors.count, 2)
        let parseError = try XCTUnwrap(result.errors.first)
        XCTAssertEqual(parseError.file, path("bad.xml"))
        XCTAssertEqual([parseError.line, parseError.column], [3, 8])
        XCTAssertTrue(
            parseError.message.contains("Opening and ending tag mismatch: Var line 2 and MBML"), parseError.message)
        XCTAssertEqual(
            result.errors.last?.description,
            "\(path("manifest.xml")):2:5: Failed to process MBML include file: \"\(path("bad.xml"))\"")
        XCTAssertEqual(result.files.map(\.lastPathComponent), ["manifest.xml", "bad.xml"])
        XCTAssertEqual(names(result.environment.loadedFiles), ["manifest.xml"])
    }

    func testIncludeWithWrongRootIsReported() throws {
        try write("wrong.xml", "<Root/>")
        let result = try load("<MBML><Include file=\"wrong.xml\"/></MBML>")
        XCTAssertEqual(
            result.errors.map(\.description),
            [
                "\(path("wrong.xml")):1:1: Expecting XML root element name to be <MBML>; instead got <Root> in file: \(path("wrong.xml"))",
                "\(path("manifest.xml")):1:7: Failed to process MBML include file: \"\(path("wrong.xml"))\"",
            ])
    }

    func testModulesInAnIncludedFileAreIgnoredWithAWarning() throws {
        try write("inc.xml", "<MBML modules=\"X\" flavour=\"mint\"/>")
        let result = try load("<MBML><Include file=\"inc.xml\"/></MBML>")
        XCTAssertEqual(result.environment.attributes, ["flavour": "mint"])
        XCTAssertEqual(
            descriptions(result),
            [
                "\(path("inc.xml")):1:1: Modules can only be specified in the top level environment file; the value for this \"modules\" attribute will be ignored: X"
            ])
    }

    // MARK: Locating files (<doc:Manifests>)

    func testIncludingFilesFolderIsSearchedFirst() throws {
        try write("shared.xml", "<MBML><Var name=\"which\" literal=\"manifest folder\"/></MBML>")
        try write("sub/shared.xml", "<MBML><Var name=\"which\" literal=\"sub folder\"/></MBML>")
        try write("sub/inner.xml", "<MBML><Include file=\"shared.xml\"/></MBML>")
        let result = try load("<MBML><Include file=\"sub/inner.xml\"/></MBML>")
        XCTAssertEqual(result.environment.variables["which"], "sub folder")
        XCTAssertEqual(
            result.environment.loadedFiles, [path("manifest.xml"), path("sub/inner.xml"), path("sub/shared.xml")])
    }

    func testSearchDirectoriesComeBeforeTheManifestFolder() throws {
        try write("lib/only-in-lib.xml", "<MBML><Var name=\"lib\" literal=\"yes\"/></MBML>")
        try write("lib/both.xml", "<MBML><Var name=\"both\" literal=\"lib\"/></MBML>")
        try write("both.xml", "<MBML><Var name=\"both\" literal=\"manifest folder\"/></MBML>")
        try write("only-here.xml", "<MBML><Var name=\"here\" literal=\"yes\"/></MBML>")
        // Included from a file in another folder, so the including folder does not decide.
        try write(
            "elsewhere/inner.xml",
            """
            <MBML><Include file="only-in-lib.xml"/><Include file="both.xml"/><Include file="only-here.xml"/></MBML>
            """)
        var options = EnvironmentOptions()
        options.searchDirectories = [directory.appendingPathComponent("lib")]
        let result = try load("<MBML><Include file=\"elsewhere/inner.xml\"/></MBML>", options: options)
        XCTAssertEqual(result.diagnostics, [])
        let variables = result.environment.variables
        XCTAssertEqual(variables["lib"], "yes")
        XCTAssertEqual(variables["both"], "lib")
        XCTAssertEqual(variables["here"], "yes")
    }

    func testAbsolutePathsAreUsedAsIs() throws {
        let other = try write("far/away/abs.xml", "<MBML><Var name=\"abs\" literal=\"yes\"/></MBML>")
        let result = try load("<MBML><Include file=\"\(other.path)\"/></MBML>")
        XCTAssertEqual(result.environment.variables["abs"], "yes")
        XCTAssertEqual(result.environment.loadedFiles.last, other.path)
    }

    func testContentsLoadResolvesIncludesBesideItsPath() throws {
        try write("beside.xml", "<MBML><Var name=\"beside\" literal=\"yes\"/></MBML>")
        let result = try ManifestLoader().load(
            contents: "<MBML><Include file=\"beside.xml\"/></MBML>",
            path: path("virtual.xml"))
        XCTAssertEqual(result.environment.variables["beside"], "yes")
        XCTAssertEqual(result.files.map(\.lastPathComponent), ["virtual.xml", "beside.xml"])
    }

    // MARK: Depth

    func testIncludeDepthIsLimited() throws {
        var options = EnvironmentOptions()
        options.maximumIncludeDepth = 2
        try write("level1.xml", "<MBML><Include file=\"level2.xml\"/><Var name=\"one\" literal=\"1\"/></MBML>")
        try write("level2.xml", "<MBML>\n <Include file=\"level3.xml\"/><Var name=\"two\" literal=\"2\"/></MBML>")
        try write("level3.xml", "<MBML><Var name=\"three\" literal=\"3\"/></MBML>")
        let result = try load("<MBML><Include file=\"level1.xml\"/></MBML>", options: options)
        let variables = result.environment.variables
        XCTAssertEqual(variables["one"], "1")
        XCTAssertEqual(variables["two"], "2")
        XCTAssertNil(variables["three"])
        XCTAssertEqual(
            descriptions(result),
            [
                "\(path("level2.xml")):2:2: Includes are nested more than 2 levels deep; not loading \"level3.xml\""
            ])
    }

    func testLongIncludeChainLoads() throws {
        for index in 1..<30 {
            try write(
                "chain\(index).xml",
                "<MBML><Include file=\"chain\(index + 1).xml\"/><Var name=\"v\(index)\" literal=\"\(index)\"/></MBML>")
        }
        try write("chain30.xml", "<MBML><Include file=\"chain1.xml\"/></MBML>")
        let result = try load("<MBML><Include file=\"chain1.xml\"/></MBML>")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.environment.loadedFiles.count, 31)
        XCTAssertEqual(result.environment.variables["v29"], "29")
    }
}
