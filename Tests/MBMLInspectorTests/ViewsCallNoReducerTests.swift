import Foundation
import MBMLTestSupport
import XCTest

/// Views draw the state; they never ask the reducer to work something out (derived values, such as
/// the token pane's rows, live on ``InspectorState``).
final class ViewsCallNoReducerTests: XCTestCase {
    func testNoViewCallsTheReducer() throws {
        let files = RepositoryFile.swiftFiles(under: "Sources/MBMLInspector/Views")
        XCTAssertGreaterThan(files.count, 10)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                XCTAssertFalse(
                    code.contains("Reducer."), "\(file.lastPathComponent):\(number + 1) calls the reducer: \(code)")
            }
        }
    }
}
