import MBMLEngine

/// The expression editor: the prompt and text (syntax coloured), then two information rows: a
/// caret under an error with its message, the completion menu, or the signature of the function
/// around the cursor.
enum EditorView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let focused = state.focus == .editor
        var note = "Tab completes · F1 help"
        if state.results.isEvaluating { note = "evaluating…" }
        if let stepper = state.stepper { note = "step mode · " + stepper.counter }
        PaneChrome.title(Pane.editor.title, note: focused ? note : "e edits", focused: focused, painter: painter)
        drawText(state, painter: painter)
        drawInformation(state, painter: painter)
    }

    /// Columns taken by the prompt.
    static let promptWidth = 2

    private static func drawText(_ state: InspectorState, painter: Painter) {
        let editor = state.editor
        let width = EditorColumns.textWidth(paneWidth: painter.width)
        painter.text("› ", row: 1, column: 0, role: .prompt)
        let scroll = EditorColumns.scroll(for: editor, width: width)
        if scroll > 0 { painter.text("‹", row: 1, column: 1, role: .dim) }
        let roles = characterRoles(state)
        var column = promptWidth
        var index = scroll
        while index < editor.characters.count {
            let character = editor.characters[index]
            let w = TextWidth.of(character)
            if column - promptWidth + w > width { break }
            painter.text(String(character), row: 1, column: column, role: roles[index])
            column += w
            index += 1
        }
        if index < editor.characters.count { painter.text("›", row: 1, column: promptWidth + width, role: .dim) }
        if focused(state) {
            var cursorColumn = promptWidth
            for i in scroll..<min(editor.cursor, editor.characters.count) {
                cursorColumn += TextWidth.of(editor.characters[i])
            }
            painter.screen.setCursor((painter.rect.row + 1, painter.rect.column + min(cursorColumn, painter.width - 1)))
        }
    }

    private static func focused(_ state: InspectorState) -> Bool {
        state.focus == .editor && state.overlay == nil
    }

    /// The role of each character: syntax colour, then the error range, then the token selected
    /// in the token pane.
    static func characterRoles(_ state: InspectorState) -> [StyleRole] {
        let characters = state.editor.characters
        var roles: [StyleRole]
        if let parse = state.currentParse, case .success(let tokens)? = parse.parse(in: .object) {
            roles = SyntaxRoles.roles(for: characters, tokens: tokens)
        } else {
            roles = Array(repeating: .syntaxLiteral, count: characters.count)
        }
        let offsets = CharacterOffsets(characters)
        if let error = shownError(state), let range = error.range {
            for index in offsets.characters(in: range)
            where index < roles.count { roles[index] = .error }
        }
        if state.focus == .tokens, let token = selectedToken(state) {
            for index in offsets.characters(in: token.absoluteRange)
            where index < roles.count { roles[index] = .highlight }
        }
        if let stepper = state.stepper, stepper.text == state.editor.text, let range = stepper.step?.range {
            for index in offsets.characters(in: range) where index < roles.count { roles[index] = .highlight }
        }
        return roles
    }

    static func selectedToken(_ state: InspectorState) -> Token? {
        let rows = state.tokenRows
        guard state.tokens.selected >= 0, state.tokens.selected < rows.count else { return nil }
        return rows[state.tokens.selected].token
    }

    /// The error the editor points at: a parse error of the current text (the first context
    /// whose grammar fails), or the error of the result row selected in the results pane.
    static func shownError(_ state: InspectorState) -> ExpressionError? {
        shownProblem(state)?.error
    }

    /// The error the editor points at and the contexts it concerns.
    static func shownProblem(_ state: InspectorState) -> (contexts: [ExpressionContext], error: ExpressionError)? {
        if let problem = state.parseProblem { return problem }
        if state.focus == .results, !state.results.isEvaluating, !state.isInvalid(state.results.selected),
            let error = state.results.shown[state.results.selected]?.error, error.range != nil
        {
            return ([state.results.selected], error)
        }
        return nil
    }

    private static func drawInformation(_ state: InspectorState, painter: Painter) {
        let editor = state.editor
        if let stepper = state.stepper {
            StepRows.draw(stepper, painter: painter)
            return
        }
        if let (contexts, error) = shownProblem(state) {
            let scroll = EditorColumns.scroll(for: editor, width: EditorColumns.textWidth(paneWidth: painter.width))
            if let range = error.range {
                drawUnderline(range, marks: ("^", "~"), role: .caret, editor: editor, scroll: scroll, painter: painter)
            }
            let label =
                contexts.count == ExpressionContext.allCases.count
                ? ""
                : contexts.map(\.rawValue).joined(separator: ", ") + ": "
            painter.truncated(label + errorMessage(error), row: 3, column: 0, role: .error)
            return
        }
        if let menu = editor.completion {
            drawMenu(menu, painter: painter)
            return
        }
        if EditorTeachingRows.draw(state, painter: painter) { return }
        if let help = Completer.intelligence(snapshot: state.space, functions: state.functions)
            .signatureHelp(in: MBMLSyntax(characters: editor.characters), at: editor.cursor)
        {
            SignatureLine.draw(help, row: 2, column: promptWidth, painter: painter)
            painter.truncated(help.function.summary, row: 3, column: promptWidth, role: .dim)
            return
        }
        if editor.characters.isEmpty {
            painter.truncated(
                "Type an expression: $variables, ^functions(…), #(math), a == b",
                row: 2, column: promptWidth, role: .dim)
        }
    }

    /// Marks `range` of the text on the row under it (`^~~~` for errors, `~~~` for hints).
    /// - Returns: the column after the marks.
    @discardableResult
    static func drawUnderline(
        _ range: SourceRange, marks: (first: String, rest: String), role: StyleRole,
        editor: EditorState, scroll: Int, painter: Painter
    ) -> Int {
        let caret = CaretLine(characters: editor.characters, range: range, scalarWidth: TextWidth.scalarWidth)
        let scrolled = editor.characters[caret.lineStart..<max(min(scroll, editor.characters.count), caret.lineStart)]
        let start = promptWidth + max(caret.column - TextWidth.of(String(scrolled)), 0)
        return painter.text(
            caret.marks(first: marks.first, rest: marks.rest), row: 2,
            column: min(start, painter.width - 1), role: role)
    }

    static func errorMessage(_ error: ExpressionError) -> String {
        error.headline
    }

    private static func drawMenu(_ menu: CompletionMenu, painter: Painter) {
        let count = menu.candidates.count
        let selected = menu.selected ?? 0
        let counter = " \(menu.selected.map { "\($0 + 1)" } ?? "–")/\(count)"
        let available = painter.width - promptWidth - TextWidth.of(counter)
        // Start the visible window so that the selected candidate fits.
        var first = 0
        var widthUpToSelected = 0
        for index in 0...min(selected, count - 1) {
            widthUpToSelected += TextWidth.of(menu.candidates[index].insertion) + 2
            while widthUpToSelected > available, first < index {
                widthUpToSelected -= TextWidth.of(menu.candidates[first].insertion) + 2
                first += 1
            }
        }
        var column = promptWidth
        for index in first..<count {
            let text = menu.candidates[index].insertion
            let w = TextWidth.of(text)
            if column + w > promptWidth + available { break }
            let role: StyleRole = index == menu.selected ? .completionSelected : .completion
            column = painter.text(text, row: 2, column: column, role: role)
            column += 2
        }
        painter.text(counter, row: 2, column: painter.width - TextWidth.of(counter), role: .dim)
        let detail = menu.candidates[min(selected, count - 1)].detail ?? ""
        painter.truncated(detail, row: 3, column: promptWidth, role: .hint)
    }
}
