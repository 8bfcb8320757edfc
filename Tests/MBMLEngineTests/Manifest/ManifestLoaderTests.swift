import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// Shared helpers for the manifest tests: a fresh temporary folder per test, writing files into it
/// and loading them.
class ManifestTestCase: XCTestCase {
    var folder: ScratchFolder!
    var directory: URL { folder.url }

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = try ScratchFolder(prefix: "mbml-manifest-tests")
    }

    override func tearDownWithError() throws {
        folder = nil
        try super.tearDownWithError()
    }

    /// Writes `contents` to `name` (which may contain folders) inside the test folder.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> URL {
        try folder.write(contents, to: name)
    }

    /// The path diagnostics use for `name` in the test folder.
    func path(_ name: String) -> String {
        folder.path(name)
    }

    /// Writes `contents` as `name` and loads it as the manifest.
    func load(
        _ contents: String, named name: String = "manifest.xml", options: EnvironmentOptions = EnvironmentOptions(),
        log: LogSink = LogSink()
    ) throws -> ManifestLoadResult {
        let url = try write(name, contents)
        return try ManifestLoader(options: options, log: log).load(manifestAt: url)
    }

    /// Loads `contents` from a string named `test.xml` (diagnostics say `test.xml:line:column`).
    func load(contents: String, log: LogSink = LogSink()) throws -> ManifestLoadResult {
        try ManifestLoader(log: log).load(contents: contents, path: "test.xml")
    }

    /// The error a load throws (fails the test if it does not throw a ``ManifestError``).
    func loadError(contents: String, file: StaticString = #filePath, line: UInt = #line) -> ManifestError? {
        do {
            _ = try load(contents: contents)
            XCTFail("expected the load to fail", file: file, line: line)
        } catch let error as ManifestError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }

    /// The diagnostics' `file:line:column: message` lines.
    func descriptions(_ result: ManifestLoadResult) -> [String] {
        result.diagnostics.map(\.description)
    }
}

final class ManifestLoaderTests: ManifestTestCase {
    // MARK: The conformance fixture

    func testConformanceFixtureLoadsWithoutErrors() throws {
        let url = try ConformanceTests.folder.appendingPathComponent("fixture/manifest.xml").standardizedFileURL
        let result = try ManifestLoader().load(manifestAt: url)
        XCTAssertEqual(result.errors, [], result.errors.map(\.description).joined(separator: "\n"))
        let variables = result.environment.variables
        XCTAssertEqual(variables["testKeys"], .array(["Key 1", "Key 2", "Key 3", "Key 4"]))
        XCTAssertEqual(variables["testMap"]?.dictionaryValue?["Key 3"], "Three")
        XCTAssertTrue(variables.isReadOnly("testMap"))
        XCTAssertEqual(variables["emptyList"], .array([]))
        XCTAssertEqual(variables["emptyMap"], .dictionary([:]))
        XCTAssertEqual(variables["Barrett Test"]?.dictionaryValue?["owners"], .array(["Jill Test", "Evan Test"]))
        XCTAssertEqual(variables["nameList"]?.arrayValue?.count, 6)
        XCTAssertEqual(variables["nameList"]?.arrayValue?.first, variables["Jill Test"])
        XCTAssertEqual(variables["backendQueryString"], "h=value&v=text&q=hello")
        XCTAssertEqual(variables["testData"]?.dictionaryValue?["order"]?.dictionaryValue?["number"], "102686")
        XCTAssertEqual(variables["negativeNine"], .integer(-9))
        XCTAssertEqual(variables["rect"], "10,50,300,200")
        XCTAssertEqual(result.environment.manifestPath, url.path)
        XCTAssertEqual(result.environment.loadedFiles, [url.path])
        XCTAssertEqual(result.files, [url])
    }

    // MARK: Documents (<doc:Manifests>)

    func testRootElementIsCaseInsensitive() throws {
        let result = try load(contents: "<mbml><Var name=\"a\" literal=\"x\"/></mbml>")
        XCTAssertEqual(result.environment.variables["a"], "x")
        XCTAssertEqual(result.diagnostics, [])
    }

    func testWrongRootThrowsAtTheRootElement() throws {
        let error = loadError(contents: "<?xml version=\"1.0\"?>\n<!-- c -->\n  <Manifest/>\n")
        XCTAssertEqual(
            error?.diagnostics.map(\.description),
            ["test.xml:3:3: Expecting XML root element name to be <MBML>; instead got <Manifest> in file: test.xml"])
    }

    func testMismatchedTagThrowsWithLineAndColumn() throws {
        let error = loadError(contents: "<MBML>\n  <Var name=\"a\" literal=\"x\">\n</MBML>\n")
        let diagnostic = try XCTUnwrap(error?.diagnostics.first)
        XCTAssertEqual(diagnostic.file, "test.xml")
        XCTAssertEqual(diagnostic.line, 3)
        XCTAssertEqual(diagnostic.column, 8) // libxml2 notices the mismatch after `</MBML>`
        XCTAssertEqual(diagnostic.severity, .error)
        XCTAssertTrue(diagnostic.message.contains("Opening and ending tag mismatch"), diagnostic.message)
    }

    func testUnquotedAttributeThrowsWithLineAndColumn() throws {
        let error = loadError(contents: "<MBML>\n\n    <Var name=a/>\n</MBML>")
        let diagnostic = try XCTUnwrap(error?.diagnostics.first)
        XCTAssertEqual([diagnostic.line, diagnostic.column], [3, 15])
        XCTAssertTrue(diagnostic.message.contains("AttValue"), diagnostic.message)
    }

    func testTruncatedDocumentThrows() throws {
        let error = loadError(contents: "<MBML>\n<Var name=\"a\"")
        XCTAssertEqual(error?.diagnostics.first?.line, 2)
        XCTAssertEqual(error?.diagnostics.first?.file, "test.xml")
    }

    func testEmptyDocumentThrows() throws {
        let error = loadError(contents: "")
        XCTAssertEqual(
            error?.diagnostics.map(\.description),
            ["test.xml:1:1: Failed to parse file as valid XML: the document is empty"])
    }

    func testTextOutsideTheRootThrows() throws {
        let error = loadError(contents: "just text")
        XCTAssertEqual(error?.diagnostics.first?.line, 1)
        XCTAssertEqual(error?.diagnostics.first?.severity, .error)
    }

    func testMissingManifestThrows() throws {
        let url = directory.appendingPathComponent("nope.xml")
        XCTAssertThrowsError(try ManifestLoader().load(manifestAt: url)) { error in
            let diagnostics = (error as? ManifestError)?.diagnostics ?? []
            XCTAssertEqual(
                diagnostics.map(\.description),
                ["\(url.path):1:1: Couldn't find path for manifest file named: \(url.path)"])
        }
    }

    func testManifestThatIsADirectoryThrows() throws {
        XCTAssertThrowsError(try ManifestLoader().load(manifestAt: directory)) { error in
            XCTAssertTrue(error is ManifestError)
        }
    }

    func testFailedLoadLeavesAnEarlierEnvironmentAlone() throws {
        let good = try load(contents: "<MBML><Var name=\"a\" literal=\"kept\"/></MBML>")
        XCTAssertThrowsError(try load(contents: "<MBML><Var name=\"a\" literal=\"lost\"/>"))
        XCTAssertEqual(good.environment.variables["a"], "kept")
    }

    func testFatalDiagnosticsAreLogged() throws {
        let log = LogSink()
        XCTAssertThrowsError(try load(contents: "<Other/>", log: log))
        XCTAssertEqual(log.lines.count, 1)
        XCTAssertTrue(log.lines.first?.hasPrefix("test.xml:1:1: Expecting XML root element name") == true)
    }

    // MARK: Entities and DTDs

    func testDeclaredEntitiesAreNotSubstituted() throws {
        let result = try load(
            contents: """
                <!DOCTYPE MBML [
                  <!ENTITY e "expanded">
                  <!ENTITY secret SYSTEM "file:///etc/hostname">
                ]>
                <MBML>
                    <Var name="a" literal="&e;"/>
                    <Var name="b">&secret;</Var>
                    <Var name="c" literal="&lt;&amp;&#65;"/>
                    <Bogus/>
                </MBML>
                """)
        let variables = result.environment.variables
        XCTAssertEqual(variables["a"], "&e;")
        XCTAssertEqual(variables["b"], "&secret;")
        XCTAssertEqual(variables["c"], "<&A")
        // Positions after an internal subset are still exact.
        XCTAssertEqual(descriptions(result), ["test.xml:9:5: The following XML construct is not valid MBML: <Bogus/>"])
    }

    // MARK: <MBML> attributes (<doc:Manifests>)

    func testRootAttributesBecomeEnvironmentAttributes() throws {
        let result = try load(contents: "<MBML title=\"Demo &amp; Co\" version=\"2\"></MBML>")
        XCTAssertEqual(result.environment.attributes, ["title": "Demo & Co", "version": "2"])
        XCTAssertEqual(try result.environment.evaluate("$Environment.title", in: .string), "Demo & Co")
    }

    func testModulesAttributeIsReportedAndNotStored() throws {
        let result = try load(contents: "<MBML modules=\"Alpha, Beta ,\">\n</MBML>")
        XCTAssertEqual(result.environment.attributes, [:])
        XCTAssertEqual(result.warnings.count, 2)
        XCTAssertEqual(result.errors, [])
        XCTAssertTrue(
            descriptions(result)[0].hasPrefix(
                "test.xml:1:1: Couldn't load module class \"Alpha\"; no implementation found"))
        XCTAssertTrue(descriptions(result)[1].hasPrefix("test.xml:1:1: Couldn't load module class \"Beta\";"))
    }

    // MARK: Bookkeeping

    func testManifestPathLoadedFilesAndFiles() throws {
        let result = try load("<MBML><Var name=\"a\" literal=\"x\"/></MBML>")
        let url = directory.appendingPathComponent("manifest.xml").standardizedFileURL
        XCTAssertEqual(result.environment.manifestPath, url.path)
        XCTAssertEqual(result.environment.loadedFiles, [url.path])
        XCTAssertEqual(result.files, [url])
        XCTAssertEqual(try result.environment.evaluate("$Environment.manifestFilePath", in: .string), .string(url.path))
    }

    func testContentsLoadNamesTheManifestAbsolutely() throws {
        let result = try ManifestLoader().load(contents: "<MBML/>", path: "relative/m.xml")
        let expected = URL(fileURLWithPath: "relative/m.xml").standardizedFileURL
        XCTAssertEqual(result.environment.manifestPath, expected.path)
        XCTAssertTrue(expected.path.hasPrefix("/"))
        XCTAssertEqual(result.files, [expected])
    }

    func testUnknownElementsWarnAndLoadingContinues() throws {
        let result = try load(
            contents: "<MBML>\n\t<Module name=\"x\"/>\n\t<Var name=\"a\" literal=\"x\"/>text<!-- c --></MBML>")
        XCTAssertEqual(
            descriptions(result),
            ["test.xml:2:2: The following XML construct is not valid MBML: <Module name=\"x\"/>"])
        XCTAssertEqual(result.diagnostics.first?.severity, .warning)
        XCTAssertEqual(result.environment.variables["a"], "x")
    }

    func testDiagnosticsAreWrittenToTheLog() throws {
        let log = LogSink()
        let result = try load(contents: "<MBML>\n<Var literal=\"x\"/>\n<Unknown/>\n</MBML>", log: log)
        XCTAssertEqual(result.diagnostics.count, 2)
        XCTAssertEqual(log.lines, descriptions(result))
    }

    func testDiagnosticDescriptionFormat() {
        let diagnostic = Diagnostic(file: "a.xml", line: 3, column: 9, message: "oops", severity: .warning)
        XCTAssertEqual(diagnostic.description, "a.xml:3:9: oops")
        XCTAssertEqual(
            ManifestError(diagnostics: [diagnostic, diagnostic]).description, "a.xml:3:9: oops\na.xml:3:9: oops")
    }
}
