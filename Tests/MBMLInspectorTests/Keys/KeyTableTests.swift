import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// The key table is the one place keys are written: the reducer, the help screen and the README's
/// table all come from it.
final class KeyTableTests: XCTestCase {
    static let begin = "<!-- keys:begin -->\n"
    static let end = "<!-- keys:end -->"

    func testTheReadmeKeyTableIsTheGeneratedOne() throws {
        let readme = try RepositoryFile.text(of: "README.md")
        guard let start = readme.range(of: Self.begin), let stop = readme.range(of: Self.end),
            start.upperBound <= stop.lowerBound
        else { return XCTFail("README.md has no \(Self.begin.dropLast()) … \(Self.end) markers") }
        let table = String(readme[start.upperBound..<stop.lowerBound])
        if ProcessInfo.processInfo.environment["MBML_UPDATE_README_KEYS"] == "1", table != KeyTable.markdown {
            // `MBML_UPDATE_README_KEYS=1 swift test --filter KeyTableTests` writes the table into README.md.
            let updated = readme.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: KeyTable.markdown)
            try updated.write(to: RepositoryFile.url("README.md"), atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(
            table, KeyTable.markdown,
            "README.md's key table is stale; put this between the markers:\n\(KeyTable.markdown)")
    }

    func testEveryBoundKeyIsNamedInItsRow() {
        for section in KeyTable.sections {
            for row in section.rows {
                let names = Set(
                    KeyTable.plain(row.label).split(whereSeparator: { $0 == " " || $0 == "," })
                        .map(String.init))
                for binding in row.bindings {
                    for key in binding.keys {
                        XCTAssertTrue(
                            names.contains(key.displayName),
                            "\(section.title): “\(row.label)” does not name \(key.displayName)")
                    }
                }
            }
        }
    }

    func testNoKeyIsBoundTwiceInOneScope() {
        var seen: [KeyScope: Set<Key>] = [:]
        for (scope, binding) in KeyTable.bindings {
            for key in binding.keys {
                XCTAssertTrue(
                    seen[scope, default: []].insert(key).inserted,
                    "\(key.displayName) is bound twice in \(scope)")
            }
        }
    }

    func testLookupFindsTheCommandOfEachScope() {
        XCTAssertEqual(KeyTable.command(for: .control("a"), in: .editor), .lineStart)
        XCTAssertEqual(KeyTable.command(for: .home, in: .editor), .lineStart)
        XCTAssertEqual(KeyTable.command(for: .character("j"), in: .variables), .down)
        XCTAssertEqual(KeyTable.command(for: .character("v"), in: .copyChoice), .copyValue)
        XCTAssertEqual(KeyTable.command(for: .character("q"), in: .outsidePanes), .quit)
        XCTAssertEqual(KeyTable.command(for: .control("c"), in: .everywhere), .quit)
        XCTAssertNil(KeyTable.command(for: .character("q"), in: .editor), "q is text in the editor")
        XCTAssertNil(KeyTable.command(for: .character("x"), in: .variables))
    }

    func testTheHelpScreenListsEveryRowOfTheTable() {
        let keys = HelpContent.lines.compactMap { line -> String? in
            if case .key(let label, _) = line { return label }
            return nil
        }
        for section in KeyTable.sections {
            XCTAssertTrue(
                HelpContent.lines.contains(
                    .heading(KeyTable.plain(section.title + (section.note.map { " " + $0 } ?? "")))))
            for row in section.rows {
                XCTAssertTrue(keys.contains(KeyTable.plain(row.label)), row.label)
            }
        }
        XCTAssertTrue(HelpContent.lines.contains(.heading("Syntax")))
    }

    func testKeyNames() {
        XCTAssertEqual(Key.control("w").displayName, "Ctrl-W")
        XCTAssertEqual(Key.alt("\u{7F}").displayName, "Alt-Backspace")
        XCTAssertEqual(Key.alt("b").displayName, "Alt-B")
        XCTAssertEqual(Key.character(" ").displayName, "Space")
        XCTAssertEqual(Key.backTab.displayName, "Shift-Tab")
        XCTAssertEqual(Key.function(4).displayName, "F4")
    }
}
