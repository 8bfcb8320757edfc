import Foundation
import MBMLTestSupport
import XCTest

/// The repository stands on its own: the README and the sources point at nothing outside it (the
/// language reference is the DocC catalog, the conformance cases are test resources).
final class StandAloneRepositoryTests: XCTestCase {
    func testTheReadmeAndTheSourcesReferToNothingOutsideTheRepository() throws {
        var files = ["README.md"]
        let sources = RepositoryFile.url("Sources")
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in enumerator where ["swift", "md"].contains(url.pathExtension) {
            files.append(
                String(url.standardizedFileURL.path.dropFirst(RepositoryFile.root.standardizedFileURL.path.count + 1)))
        }
        XCTAssertGreaterThan(files.count, 100)
        for file in files {
            let text = try RepositoryFile.text(of: file)
            for outside in ["../shared", "/work/shared", "expressions.md`", "functions.md`"] {
                XCTAssertFalse(text.contains(outside), "\(file) refers to \(outside)")
            }
        }
    }
}
