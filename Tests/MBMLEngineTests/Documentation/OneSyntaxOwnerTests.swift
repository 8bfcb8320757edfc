import Foundation
import MBMLTestSupport
import XCTest

/// One owner of MBML syntax: what an identifier is, which call encloses a position, what an escape
/// is and which character starts a reference, a call or math are decided in
/// `Sources/MBMLEngine/Expression/` (``MBMLIdentifier``, ``MBMLSyntax``, the scanner); every other
/// file asks there instead of scanning expression text with a rule of its own.
final class OneSyntaxOwnerTests: XCTestCase {
    /// What a lexical rule of MBML written outside the expression folder looks like, and why.
    static let rules: [(pattern: String, what: String)] = [
        (
            #"func\s+(isIdentifier\w*|enclosingFunction|parameterIndex|nameUnderCursor|matchingBracket)\b"#,
            "defines a lexical rule"
        ),
        // The scanner's code units for the sigils and the escape character.
        (#"CodeUnit\.(dollar|caret|hash|backslash)\b"#, "compares code units with a sigil or `\\`"),
        // A character or a byte compared with a sigil (not a string built with one: `"$" + name`).
        (#"(==|!=)\s*"[$^#]"(?!\s*\+)"#, "compares a character with a sigil"),
        (#""[$^#]"\s*(==|!=)"#, "compares a character with a sigil"),
        (#"case\s+"[$^#]"\s*[:,]"#, "switches on a sigil"),
        (#"(==|!=|case)\s*UInt8\(ascii:\s*"[$^#\\]"\)"#, "compares a byte with a sigil or `\\`"),
        (#""[$^#]{2,}[^"]*"\s*\.\s*(utf8|utf16|unicodeScalars)?\.?contains\("#, "tests a set of sigils"),
        (#"contains\(\s*UInt8\(ascii:\s*"[$^#\\]"\)\s*\)"#, "searches bytes for a sigil"),
        // A scanner handed the sigil it looks for (`names(after: "$", in: text)`).
        (#"\b(after|marker|sigil)\s*:\s*"[$^#]""#, "scans for a sigil"),
        (#"(==|!=)\s*(marker|sigil)\b"#, "scans for a sigil"),
    ]

    /// Files whose `$`, `^` or `#` belong to another language than MBML.
    static let otherLanguages = [
        "/Sources/MBMLInspector/State/Search/RegexLiteral.swift", // regular expressions
        "/Sources/MBMLInspector/Theme/Theme.swift", // theme files: `#` comments and colours
    ]

    /// The lines of `text` that write a lexical rule of MBML, with what each does.
    static func violations(in text: String) throws -> [(line: Int, what: String, code: String)] {
        let expressions = try rules.map { (try NSRegularExpression(pattern: $0.pattern), $0.what) }
        var found: [(line: Int, what: String, code: String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = String(line)
            let range = NSRange(code.startIndex..., in: code)
            if let (_, what) = expressions.first(where: { $0.0.firstMatch(in: code, range: range) != nil }) {
                found.append((number + 1, what, code))
            }
        }
        return found
    }

    func testNoFileOutsideTheExpressionFolderDefinesALexicalRule() throws {
        let files = RepositoryFile.swiftFiles(under: "Sources")
        XCTAssertGreaterThan(files.count, 100)
        for file in files where !file.path.contains("/Sources/MBMLEngine/Expression/") {
            guard !Self.otherLanguages.contains(where: file.path.hasSuffix) else { continue }
            for found in try Self.violations(in: String(contentsOf: file, encoding: .utf8)) {
                XCTFail("\(file.lastPathComponent):\(found.line) \(found.what); ask MBMLSyntax: \(found.code)")
            }
        }
    }

    /// The rules catch the scanners that were rebuilt on the syntax service (issue 22).
    func testTheRulesCatchHandWrittenScanners() throws {
        let scanners = [
            "if unit == CodeUnit.backslash || (unit == CodeUnit.dollar && next == unit) {",
            "if character == marker { current = \"\" }",
            "names(after: \"^\", in: expression).contains { functions.contains($0) }",
            "guard character == \"$\" || character == \"^\" else {",
            "case UInt8(ascii: \"$\"), UInt8(ascii: \"^\"), UInt8(ascii: \"#\"):",
            "return !\"$^#\\\\\".utf8.contains(previous)",
            "bytes.contains(UInt8(ascii: \"$\")) && TextLines.bytes(bytes, contain: name)",
        ]
        for scanner in scanners {
            XCTAssertEqual(try Self.violations(in: scanner).count, 1, scanner)
        }
        let fine = [
            "let isSimple = node.text == \"$\" + name", "insertion: \"^\" + $0.name + \"(\"",
            "if expression.contains(\"$\") || expression.contains(\"^\") {",
        ]
        for line in fine {
            XCTAssertEqual(try Self.violations(in: line).count, 0, line)
        }
    }
}
