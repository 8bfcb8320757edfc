import Foundation
import XCTest

@testable import MBMLEngine

/// What the ``ManifestTextLoad`` tests share: a first load of a text beside an include, and the
/// comparison of a load with a full load of the same text.
extension ManifestTestCase {
    /// The full load of `text` as `manifest.xml` in the test folder, with `shared` written beside
    /// it as `shared.xml` (the folder is searched for includes).
    func textLoad(_ text: String, shared: String) throws -> ManifestTextLoad {
        try write("shared.xml", shared)
        var options = EnvironmentOptions()
        options.searchDirectories = [directory]
        return ManifestTextLoad(
            builder: EnvironmentBuilder(options: options),
            inputs: [.manifestText(text, name: path("manifest.xml"), directory: directory)])
    }

    /// Everything a load gives that a host reads, compared between two loads: diagnostics, files,
    /// every variable's value, declaration and provenance, the functions, the `<MBML>` attributes.
    func assertSameState(
        _ incremental: ManifestTextLoad, _ full: ManifestTextLoad, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let (a, b) = (incremental.load, full.load)
        XCTAssertEqual(a.diagnostics, b.diagnostics, message, file: file, line: line)
        XCTAssertEqual(a.files, b.files, message, file: file, line: line)
        XCTAssertEqual(a.failedInputs, b.failedInputs, message, file: file, line: line)
        XCTAssertEqual(a.environment.variables.names, b.environment.variables.names, message, file: file, line: line)
        for name in b.environment.variables.names {
            // `$Environment` and `$Platform` answer from their own environment: compared by provenance.
            if b.environment.provenance(of: name)?.kind != .builtIn {
                XCTAssertEqual(
                    a.environment.variables[name], b.environment.variables[name], "$\(name): \(message)",
                    file: file, line: line)
            }
            XCTAssertEqual(
                a.environment.variables.declaration(of: name), b.environment.variables.declaration(of: name),
                "$\(name): \(message)", file: file, line: line)
            XCTAssertEqual(
                a.environment.provenance(of: name), b.environment.provenance(of: name), "$\(name): \(message)",
                file: file, line: line)
        }
        func functions(_ environment: Environment) -> [String] {
            environment.functions.all.map { "\($0.name) \($0.signature) \($0.input.rawValue) \($0.discardsResult)" }
        }
        XCTAssertEqual(functions(a.environment), functions(b.environment), message, file: file, line: line)
        XCTAssertEqual(a.environment.loadedFiles, b.environment.loadedFiles, message, file: file, line: line)
        XCTAssertEqual(a.environment.attributes, b.environment.attributes, message, file: file, line: line)
        XCTAssertEqual(incremental.allowsIncrementalLoads, full.allowsIncrementalLoads, message, file: file, line: line)
    }
}
