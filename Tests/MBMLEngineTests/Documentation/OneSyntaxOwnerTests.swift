import Foundation
import MBMLTestSupport
import XCTest

/// One owner of MBML syntax: what an identifier is and which call encloses a position are decided
/// in `Sources/MBMLEngine/Expression/` (``MBMLIdentifier``, ``MBMLSyntax``); every other file asks
/// there instead of scanning expression text with a rule of its own.
final class OneSyntaxOwnerTests: XCTestCase {
    func testNoFileOutsideTheExpressionFolderDefinesALexicalRule() throws {
        let files = RepositoryFile.swiftFiles(under: "Sources")
        XCTAssertGreaterThan(files.count, 100)
        // A function that decides identifier characters or the call around a cursor.
        let rule = try NSRegularExpression(
            pattern: #"func\s+(isIdentifier\w*|enclosingFunction|parameterIndex|nameUnderCursor|matchingBracket)\b"#)
        for file in files where !file.path.contains("/Sources/MBMLEngine/Expression/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line)
                let range = NSRange(code.startIndex..., in: code)
                XCTAssertNil(
                    rule.firstMatch(in: code, range: range),
                    "\(file.lastPathComponent):\(number + 1) defines a lexical rule; ask MBMLSyntax: \(code)")
            }
        }
    }
}
