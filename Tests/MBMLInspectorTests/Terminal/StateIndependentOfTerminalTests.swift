import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// The state and the geometry never depend on the terminal backend (architecture review, round 4):
/// of the types declared in `Terminal/` they name only the input vocabulary (`Key`, `MouseEvent`,
/// `TerminalSize`); text is measured in `Text/`, which needs the C library, not curses.
final class StateIndependentOfTerminalTests: XCTestCase {
    private static let inputVocabulary: Set<String> = ["Key", "MouseEvent", "TerminalSize"]

    /// The types `Terminal/` declares at the top level.
    private func terminalTypes() throws -> Set<String> {
        var names: Set<String> = []
        let declaration = try NSRegularExpression(pattern: #"^(?:\w+\s+)*(?:enum|struct|class|protocol)\s+(\w+)"#)
        for file in RepositoryFile.swiftFiles(under: "Sources/MBMLInspector/Terminal") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let line = String(line)
                guard
                    let match = declaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                    let range = Range(match.range(at: 1), in: line)
                else { continue }
                names.insert(String(line[range]))
            }
        }
        return names
    }

    func testStateAndGeometryNameOnlyTheTerminalsInputVocabulary() throws {
        let forbidden = try terminalTypes().subtracting(Self.inputVocabulary)
        XCTAssertTrue(forbidden.contains("NcursesScreen"), "the Terminal/ folder was not read: \(forbidden)")
        let files =
            RepositoryFile.swiftFiles(under: "Sources/MBMLInspector/State")
            + RepositoryFile.swiftFiles(under: "Sources/MBMLInspector/Geometry")
        XCTAssertGreaterThan(files.count, 50)
        let word = try NSRegularExpression(pattern: #"\b[A-Z]\w*\b"#)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line).trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                for match in word.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                    guard let range = Range(match.range, in: code) else { continue }
                    let name = String(code[range])
                    XCTAssertFalse(
                        forbidden.contains(name),
                        "\(file.lastPathComponent):\(number + 1) names \(name), declared in Terminal/: \(code)")
                }
            }
        }
    }

    func testTextMeasuringNeedsNoCurses() throws {
        for file in RepositoryFile.swiftFiles(under: "Sources/MBMLInspector/Text") {
            let text = try String(contentsOf: file, encoding: .utf8)
            XCTAssertFalse(text.contains("import CNcurses"), "\(file.lastPathComponent) imports curses")
        }
        // A wide ideograph, a letter with a combining mark, a letter.
        XCTAssertEqual(["一", "e\u{301}", "a"].map { TextWidth.of($0) }, [2, 1, 1])
    }
}
