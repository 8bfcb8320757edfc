import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Every prompt of the inspector is a ``PromptLine`` (issue 22, item 4): the same keys do the same
/// thing in the tree's and the viewer's `/` search, the history search and the pins' file name.
final class PromptLineTests: XCTestCase {
    // MARK: The value type

    func testKeysEditTheLine() {
        var prompt = PromptLine()
        XCTAssertEqual(prompt.handle(.character("a")), .edited)
        XCTAssertEqual(prompt.handle(.paste("b c\n d\u{7}")), .edited)
        XCTAssertEqual(prompt.text, "ab c  d", "a pasted line break is a space, a control character is dropped")
        XCTAssertEqual(prompt.handle(.control("w")), .edited)
        XCTAssertEqual(prompt.text, "ab c  ")
        XCTAssertEqual(prompt.handle(.control("w")), .edited, "spaces before the cursor go with the word")
        XCTAssertEqual(prompt.text, "ab ")
        XCTAssertEqual(prompt.handle(.backspace), .edited)
        XCTAssertEqual(prompt.handle(.control("h")), .edited)
        XCTAssertEqual(prompt.text, "a")
        XCTAssertEqual(prompt.handle(.control("u")), .edited)
        XCTAssertEqual(prompt.text, "")
        XCTAssertEqual(prompt.handle(.control("w")), .unchanged)
        XCTAssertEqual(prompt.handle(.control("u")), .unchanged)
        XCTAssertEqual(prompt.handle(.paste("\u{1B}")), .unchanged)
        XCTAssertEqual(prompt.handle(.backspace), .cancelled, "Backspace on an empty prompt closes it")
        XCTAssertEqual(prompt.handle(.enter), .submitted)
        XCTAssertEqual(prompt.handle(.escape), .cancelled)
        XCTAssertEqual(prompt.handle(.control("g")), .cancelled)
        XCTAssertEqual(prompt.handle(.left), .ignored)
        XCTAssertEqual(prompt.handle(.alt("r")), .ignored)
        var prefilled = PromptLine("x y")
        XCTAssertEqual(prefilled.handle(.backspace), .edited)
        XCTAssertEqual(prefilled.text, "x ")
    }

    func testThePromptKeysAreInTheKeyTable() {
        XCTAssertEqual(KeyTable.command(for: .control("w"), in: .prompt), .deleteWhitespaceWordBackward)
        XCTAssertEqual(KeyTable.command(for: .control("u"), in: .prompt), .killToStart)
        XCTAssertEqual(KeyTable.command(for: .control("h"), in: .prompt), .deleteBackward)
        XCTAssertEqual(KeyTable.command(for: .enter, in: .prompt), .submitPrompt)
        XCTAssertEqual(KeyTable.command(for: .escape, in: .prompt), .cancelPrompt)
        XCTAssertTrue(HelpContent.lines.contains(.heading(KeyTable.plain(promptHeading))))
    }

    private var promptHeading: String {
        KeyTable.sections.first { $0.scope == .prompt }.map { $0.title + ($0.note.map { " " + $0 } ?? "") } ?? ""
    }

    // MARK: Every prompt, driven the same way

    /// One prompt of the inspector: how it opens, what it holds while open (nil: closed), what
    /// Enter hands on, and what its label is on screen.
    private struct PromptCase {
        var name: String
        var label: String
        var open: (inout InspectorState, inout [InspectorEffect]) -> Void
        var text: (InspectorState) -> String?
        var submitted: (InspectorState, [InspectorEffect]) -> String?
        /// What Enter hands on after the shared key sequence.
        var expectedSubmission: String
        var cancelled: (InspectorState) -> Bool
    }

    private static let history = ["^q(p q)", "$name"]

    private static var cases: [PromptCase] {
        [
            PromptCase(
                name: "tree search", label: "/",
                open: { state, effects in
                    state.focus = .variables
                    Reducer.apply(.key(.character("/")), to: &state, effects: &effects)
                },
                text: { $0.tree.search.isEditing ? $0.tree.search.query : nil },
                submitted: { state, _ in state.tree.search.searchedQuery },
                expectedSubmission: "p q",
                cancelled: { !$0.tree.search.isEditing }),
            PromptCase(
                name: "viewer search", label: "/",
                open: { state, effects in
                    state.overlay = .viewer(ValueViewer(title: "t", value: .string("a p q b")))
                    Reducer.apply(.key(.character("/")), to: &state, effects: &effects)
                },
                text: { state in
                    guard case .viewer(let viewer)? = state.overlay, viewer.search.isEditing else { return nil }
                    return viewer.search.query
                },
                submitted: { _, effects in
                    effects.compactMap { effect -> String? in
                        if case .searching(.searchViewer(let request)) = effect { return request.query }
                        return nil
                    }.last
                },
                expectedSubmission: "p q",
                cancelled: { state in
                    guard case .viewer(let viewer)? = state.overlay else { return false }
                    return !viewer.search.isEditing && viewer.search.searched.isEmpty
                }),
            PromptCase(
                name: "history search", label: "History search: ",
                open: { state, effects in
                    state.focus = .editor
                    state.editor.history = history
                    state.editor.setText("draft")
                    Reducer.apply(.key(.alt("r")), to: &state, effects: &effects)
                },
                text: { $0.editor.historySearch?.query },
                submitted: { state, _ in state.editor.text },
                expectedSubmission: "^q(p q)",
                cancelled: { $0.editor.text == "draft" }),
            PromptCase(
                name: "pins save", label: "Save pins to: ",
                open: { state, effects in
                    state.focus = .editor
                    _ = state.pins.toggle("$name", context: .object)
                    Reducer.apply(.key(.control("s")), to: &state, effects: &effects)
                },
                text: { $0.pins.savePrompt?.text },
                submitted: { _, effects in
                    effects.compactMap { effect -> String? in
                        if case .watchPanes(.savePins(let path, _, _)) = effect { return path }
                        return nil
                    }.last
                },
                expectedSubmission: "p q",
                cancelled: { $0.status.message == "Not saved" }),
        ]
    }

    private func freshState() -> InspectorState {
        makeSession().0.state
    }

    private func press(_ keys: [Key], _ state: inout InspectorState, _ effects: inout [InspectorEffect]) {
        for key in keys { Reducer.apply(.key(key), to: &state, effects: &effects) }
    }

    private func typing(_ text: String) -> [Key] { text.map { .character($0) } }

    func testEveryPromptEditsTheSameWay() {
        for prompt in Self.cases {
            var state = freshState()
            var effects: [InspectorEffect] = []
            prompt.open(&state, &effects)
            XCTAssertNotNil(prompt.text(state), "\(prompt.name) opens")
            press([.control("u")] + typing("ab cd"), &state, &effects)
            XCTAssertEqual(prompt.text(state), "ab cd", prompt.name)
            press([.control("w")], &state, &effects)
            XCTAssertEqual(prompt.text(state), "ab ", prompt.name)
            press([.control("u")], &state, &effects)
            XCTAssertEqual(prompt.text(state), "", prompt.name)
            press(typing("xy") + [.backspace], &state, &effects)
            XCTAssertEqual(prompt.text(state), "x", prompt.name)
            press([.control("h")], &state, &effects)
            XCTAssertEqual(prompt.text(state), "", "\(prompt.name): still open")
            press([.paste("p\nq\u{7}")], &state, &effects)
            XCTAssertEqual(prompt.text(state), "p q", "\(prompt.name): pasted text is typed")
            effects = []
            press([.enter], &state, &effects)
            XCTAssertNil(prompt.text(state), "\(prompt.name): Enter closes")
            XCTAssertEqual(prompt.submitted(state, effects), prompt.expectedSubmission, prompt.name)
        }
    }

    func testEveryPromptCancelsTheSameWay() {
        for cancel in [Key.escape, .control("g"), .backspace] {
            for prompt in Self.cases {
                var state = freshState()
                var effects: [InspectorEffect] = []
                prompt.open(&state, &effects)
                press([.control("u")] + typing("z"), &state, &effects)
                if cancel == .backspace { press([.backspace], &state, &effects) }
                press([cancel], &state, &effects)
                XCTAssertNil(prompt.text(state), "\(prompt.name): \(cancel.displayName) closes")
                XCTAssertTrue(prompt.cancelled(state), "\(prompt.name): \(cancel.displayName) cancels")
            }
        }
    }

    func testOtherKeysLeaveAPromptOpenButTheHistorySearch() {
        for prompt in Self.cases {
            var state = freshState()
            var effects: [InspectorEffect] = []
            prompt.open(&state, &effects)
            press([.control("u")] + typing("q") + [.right, .function(12)], &state, &effects)
            if prompt.name == "history search" {
                XCTAssertNil(prompt.text(state), "→ keeps the match and moves in the editor")
                XCTAssertEqual(state.editor.text, "^q(p q)")
            } else {
                XCTAssertEqual(prompt.text(state), "q", prompt.name)
            }
        }
    }

    // MARK: Drawing

    func testEveryPromptIsDrawnTheSameWay() {
        for prompt in Self.cases {
            var state = freshState()
            var effects: [InspectorEffect] = []
            prompt.open(&state, &effects)
            press([.control("u")] + typing("ab cd"), &state, &effects)
            let screen = BufferScreen(rows: state.size.rows, columns: state.size.columns)
            InspectorRenderer.render(state, on: screen)
            let shown = prompt.label + "ab cd"
            guard let (row, line) = screen.firstRow(containing: shown), let range = line.range(of: shown) else {
                XCTFail("\(prompt.name): no “\(shown)” on screen:\n\(screen.text)")
                continue
            }
            XCTAssertEqual(screen.role(of: shown), .prompt, prompt.name)
            let end = line.distance(from: line.startIndex, to: range.upperBound)
            XCTAssertEqual(screen.cursor?.row, row, "\(prompt.name): the cursor is on the prompt")
            XCTAssertEqual(screen.cursor?.column, end, "\(prompt.name): the cursor is after the text")
        }
    }

    func testALongPromptShowsItsEndAndANoteDimmed() {
        let screen = BufferScreen(rows: 3, columns: 20)
        let painter = Painter(screen: screen, rect: Rect(row: 1, column: 0, height: 1, width: 20))
        let text = "abcdefghijklmnopqrstuvwxyz0123456789"
        PromptLineView.draw(PromptLine(text), label: "/", note: "  note", row: 0, painter: painter)
        XCTAssertEqual(
            screen.line(1).trimmingCharacters(in: .whitespaces), "/…tuvwxyz0123456789", "no room for the note")
        XCTAssertEqual(screen.cursor?.row, 1)
        XCTAssertEqual(screen.cursor?.column, 19, "the cursor stays in view, after the end of the text")
        XCTAssertEqual(screen.role(of: "/…tuvw"), .prompt)

        let short = BufferScreen(rows: 1, columns: 20)
        PromptLineView.draw(
            PromptLine("ab"), label: "/", note: "  Enter · Esc", row: 0,
            painter: Painter(screen: short, rect: Rect(row: 0, column: 0, height: 1, width: 20)))
        XCTAssertEqual(short.line(0).trimmingCharacters(in: .whitespaces), "/ab  Enter · Esc")
        XCTAssertEqual(short.cursor?.column, 3)
        XCTAssertEqual(short.role(of: "Enter"), .dim)
        XCTAssertEqual(
            PromptLineView.visibleText("界界界界", width: 4), "…界", "wide characters are never cut in half")
    }
}
