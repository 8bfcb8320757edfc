import Foundation
import MBMLTestSupport
import XCTest

/// The engine's messages name the limit they hit, never a host's option: the CLI adds its flags
/// (`LimitHint`), another host its own words.
final class EngineMessagesNameNoFlagsTests: XCTestCase {
    func testNoStringLiteralInTheEngineNamesACommandLineFlag() throws {
        let files = RepositoryFile.swiftFiles(under: "Sources/MBMLEngine")
        XCTAssertGreaterThan(files.count, 50)
        let flag = try NSRegularExpression(pattern: #""[^"\n]*(^|[ (])--[a-z][a-z-]+"#)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line)
                if code.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                // The generated function reference says how it is generated: documentation, not a message.
                if code.contains("`mbml functions --markdown`") { continue }
                let range = NSRange(code.startIndex..., in: code)
                XCTAssertNil(
                    flag.firstMatch(in: code, range: range),
                    "\(file.lastPathComponent):\(number + 1) names a flag: \(code)")
            }
        }
    }
}
