import MBMLTestSupport
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// The completer (Tab), the signature line and F1's function help read the same unfinished text with
/// the engine's ``MBMLSyntax``; on every text of the table they must tell one story:
///
/// - F1 opens either the call the signature line shows or a function the completer offers for the
///   name under the cursor (`^join(^count1️⃣` opens `^count`, whose name is spelled out);
/// - inside a call's parameters, where the completer offers no function, F1 opens the call the
///   signature line shows;
/// - F1 opens nothing only when the signature line shows nothing either;
/// - the parameter the signature line highlights is the one ``MBMLSyntax/call(at:)`` counts (the
///   last one when the cursor is past the end of a repeating `…` list).
///
/// The texts have no hint and no evaluation error: those take the signature line's row, by design.
/// Each row also states what each of the three shows, so a change that keeps them agreeing but
/// makes them all wrong fails too. The cursor is `1️⃣` (see ``MarkedText``).
final class SyntaxAgreementTests: XCTestCase {
    /// One unfinished text and what the inspector shows for it.
    struct Row {
        /// The text, the cursor marked `1️⃣`.
        var marked: String
        /// The function of the signature line and the parameter it highlights; nil for no signature line.
        var signature: (name: String, parameter: Int)?
        /// The function F1 opens; nil when F1 lists the keys instead.
        var help: String?
        /// The functions Tab offers, by name; `["*"]` for all of them.
        var offers: [String] = []
        /// Why the three disagree on this text, for a disagreement that is known and not yet fixed:
        /// the row then asserts that they still disagree, so that fixing it makes the row fail
        /// until the note is removed.
        var disagreement: String?
    }

    static let co = ["collectionPassesTest", "concatenateFields", "containsString", "containsValue", "copy", "count"]

    static let table: [Row] = [
        // Nothing to read.
        Row(marked: "1️⃣", signature: nil, help: nil),
        Row(marked: "plain text1️⃣", signature: nil, help: nil),
        Row(marked: "1️⃣^join(", signature: nil, help: nil),
        // A name being typed: Tab offers, F1 opens only a name spelled out in full.
        Row(marked: "^1️⃣", signature: nil, help: nil, offers: ["*"]),
        Row(marked: "^jo1️⃣", signature: nil, help: nil, offers: ["join"]),
        Row(marked: "^join1️⃣", signature: nil, help: "join", offers: ["join"]),
        Row(marked: "^jo1️⃣in(", signature: nil, help: "join", offers: ["join"]),
        Row(marked: "猫 ^jo1️⃣", signature: nil, help: nil, offers: ["join"]),
        // Inside a call's parameters.
        Row(marked: "^join(1️⃣", signature: ("join", 0), help: "join"),
        Row(marked: "^join($cats|1️⃣", signature: ("join", 1), help: "join"),
        Row(marked: "^join($cats|1️⃣, )", signature: ("join", 1), help: "join"),
        Row(marked: "^join($cats|, |, |1️⃣", signature: ("join", 2), help: "join"),
        Row(marked: "^if($cats|yes|1️⃣", signature: ("if", 2), help: "if"),
        Row(marked: "^q(1️⃣", signature: ("q", 0), help: "q"),
        Row(marked: "^join($cats1️⃣", signature: ("join", 0), help: "join"),
        Row(marked: "^join(猫é😀|1️⃣", signature: ("join", 1), help: "join"),
        // The cursor in the middle of the text.
        Row(marked: "^join($cats1️⃣|, )", signature: ("join", 0), help: "join"),
        Row(marked: "#(^min(1|1️⃣2", signature: ("min", 1), help: "min"),
        // Nested calls: the innermost unfinished one.
        Row(marked: "^join(^list($cats|1️⃣", signature: ("list", 1), help: "list"),
        Row(marked: "^join(^count(1️⃣", signature: ("count", 0), help: "count"),
        Row(marked: "^join(^count($cats)|1️⃣", signature: ("join", 1), help: "join"),
        Row(marked: "^join(^q(a|b)|1️⃣", signature: ("join", 1), help: "join"),
        // A name inside a call: F1 prefers the name spelled out, the signature line shows the call.
        Row(marked: "^join(^count1️⃣", signature: ("join", 0), help: "count", offers: ["count"]),
        Row(marked: "^join(é|^co1️⃣unt(", signature: ("join", 1), help: "count", offers: co),
        // A partial name that is no function: F1 falls back to the call, as the signature line does.
        Row(marked: "^join(^co1️⃣", signature: ("join", 0), help: "join", offers: co),
        // Brackets, quotes and escapes.
        Row(marked: "^join($cats[x|1️⃣", signature: ("join", 0), help: "join"),
        Row(marked: "^join(#(1|1️⃣", signature: ("join", 0), help: "join"),
        Row(marked: "^join(\"a|1️⃣", signature: ("join", 1), help: "join"),
        Row(marked: "^join(a|b) 1️⃣x", signature: nil, help: nil),
        Row(marked: "^^join(1️⃣", signature: nil, help: nil),
        Row(marked: "^^jo1️⃣", signature: nil, help: nil),
        Row(marked: "^^^join(1️⃣", signature: ("join", 0), help: "join"),
        Row(marked: "\\^join(1️⃣", signature: ("join", 0), help: "join"),
        Row(marked: "$$^join(1️⃣", signature: ("join", 0), help: "join"),
        Row(marked: "$cats.count^join(1️⃣", signature: ("join", 0), help: "join"),
        // Unknown functions: no signature, no help.
        Row(marked: "^nosuch(1️⃣", signature: nil, help: nil),
    ]

    func testTheCompleterSignatureLineAndHelpAgree() {
        for row in Self.table {
            check(row)
        }
    }

    // MARK: Reading what the inspector shows

    /// What the three show for one row.
    private struct Shown: CustomStringConvertible {
        var signature: (name: String, parameter: Int?)?
        var help: String?
        var offers: [String]

        var description: String {
            let call = signature.map { "^\($0.name) parameter \($0.parameter.map(String.init) ?? "none")" } ?? "none"
            return "signature line: \(call), F1: \(help.map { "^" + $0 } ?? "the keys"), Tab offers: \(offers)"
        }
    }

    private func check(_ row: Row, file: StaticString = #filePath, line: UInt = #line) {
        let input = MarkedText(row.marked)
        let cursor = input.characterOffset(of: "1️⃣")
        let (session, screen) = makeSession()
        session.type(input.text)
        for _ in cursor..<input.text.count { session.press(.left) }
        XCTAssertEqual(session.state.editor.text, input.text, row.marked, file: file, line: line)
        XCTAssertEqual(session.state.editor.cursor, cursor, row.marked, file: file, line: line)
        let shown = Shown(
            signature: signatureLine(session, screen), help: help(session),
            offers: offers(session.state, text: input.text, cursor: cursor))
        let context = "\(row.marked): \(shown)\n\(screen.text)"

        // What each shows.
        XCTAssertEqual(shown.signature?.name, row.signature?.name, context, file: file, line: line)
        XCTAssertEqual(shown.signature?.parameter, row.signature?.parameter, context, file: file, line: line)
        XCTAssertEqual(shown.help, row.help, context, file: file, line: line)
        let allNames = session.state.functions.map(\.name).sorted()
        XCTAssertEqual(shown.offers, row.offers == ["*"] ? allNames : row.offers, context, file: file, line: line)

        // That they agree.
        let call = shown.signature?.name
        var broken: [String] = []
        if let help = shown.help, help != call, !shown.offers.contains(help) {
            broken.append("F1 opens a function neither the signature line nor Tab shows")
        }
        if shown.offers.isEmpty, shown.help != call {
            broken.append("inside the parameters F1 does not open the call of the signature line")
        }
        if shown.help == nil, call != nil {
            broken.append("F1 opens nothing while the signature line shows a call")
        }
        // The parameter the signature line highlights is the one the syntax service counts.
        if let parameter = shown.signature?.parameter,
            let function = session.state.functions.first(where: { $0.name == call })
        {
            let counted = MBMLSyntax(input.text).call(at: cursor)?.parameterIndex ?? -1
            if parameter != min(counted, parameterCount(of: function.signature) - 1) {
                broken.append("the highlighted parameter \(parameter) is not the counted \(counted)")
            }
        }
        if let note = row.disagreement {
            XCTAssertFalse(
                broken.isEmpty, "\(row.marked) agrees now: remove the note \"\(note)\"", file: file, line: line)
        } else {
            XCTAssertEqual(broken, [], context, file: file, line: line)
        }
    }

    /// The function whose signature the editor's information row shows, and the index of the
    /// highlighted parameter.
    private func signatureLine(_ session: InspectorSession, _ screen: BufferScreen) -> (String, Int?)? {
        session.render(on: screen)
        let rows = (0..<screen.size.rows).map { row(screen, $0) }
        for function in session.state.functions {
            guard let (row, column) = position(of: function.signature, in: rows),
                screen.role(row: row, column: column) == .hint
            else { continue }
            let signature = Array(function.signature)
            guard let open = signature.firstIndex(of: "(") else { return (function.name, nil) }
            // Each parameter starts after the `(` or a `|`; the highlighted one is drawn as such.
            var highlighted: Int?
            var parameter = 0
            for (offset, character) in signature.enumerated().dropFirst(open + 1) {
                if character == "|" { parameter += 1 }
                if character != "|", character != ")",
                    screen.role(row: row, column: column + TextWidth.of(String(signature[..<offset]))) == .highlight
                {
                    highlighted = highlighted ?? parameter
                }
            }
            return (function.name, highlighted)
        }
        return nil
    }

    /// The text of a row and the column of each of its characters (a wide character takes two cells).
    private func row(_ screen: BufferScreen, _ row: Int) -> (text: String, columns: [Int]) {
        var text = ""
        var columns: [Int] = []
        for (column, cell) in screen.cells[row].enumerated() where !cell.text.isEmpty {
            columns.append(contentsOf: Array(repeating: column, count: cell.text.count))
            text += cell.text
        }
        return (text, columns)
    }

    /// The row and column where `needle` starts.
    private func position(of needle: String, in rows: [(text: String, columns: [Int])]) -> (row: Int, column: Int)? {
        for (index, row) in rows.enumerated() {
            if let range = row.text.range(of: needle) {
                return (index, row.columns[row.text.distance(from: row.text.startIndex, to: range.lowerBound)])
            }
        }
        return nil
    }

    /// The function F1 opens, or nil when it lists the keys.
    private func help(_ session: InspectorSession) -> String? {
        session.press(.function(1))
        switch session.state.overlay {
        case .viewer(let viewer)?: return String(viewer.title.dropFirst())
        case .help?: return nil
        default:
            XCTFail("F1 opened \(String(describing: session.state.overlay))")
            return nil
        }
    }

    /// The functions Tab offers at the cursor, by name, sorted.
    private func offers(_ state: InspectorState, text: String, cursor: Int) -> [String] {
        let menu = Completer.menu(
            for: Array(text), cursor: cursor, snapshot: state.space, functions: state.functions)
        return (menu?.candidates ?? []).map(\.insertion).filter { $0.hasPrefix("^") }.map {
            String($0.dropFirst().prefix { $0 != "(" })
        }.sorted()
    }

    private func parameterCount(of signature: String) -> Int {
        guard let open = signature.firstIndex(of: "("), let close = signature.lastIndex(of: ")") else { return 1 }
        return signature[signature.index(after: open)..<close].split(separator: "|", omittingEmptySubsequences: false)
            .count
    }
}
