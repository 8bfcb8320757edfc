import MBMLEngine

/// The rows of ``KeyTable``: every key the inspector reacts to, by pane.
extension KeyTable {
    static let sections: [KeyTableSection] = [
        everywhere, editor, historySearch, prompt, variables, results, tokens, lesson, pins, quitPrompt, log,
        steps, viewer,
        diagnosticsList, helpScreen,
    ]

    private static func row(
        _ label: String, _ help: String, detail: String? = nil,
        _ bindings: KeyBinding...
    ) -> KeyTableRow {
        KeyTableRow(label: label, help: help, detail: detail, bindings: bindings)
    }

    private static func bind(_ command: KeyCommand, _ keys: Key..., in scope: KeyScope? = nil) -> KeyBinding {
        KeyBinding(keys: keys, command: command, scope: scope)
    }

    /// ↑ ↓ `k` `j`, PgUp PgDn, `g` `G` Home End, with a further key for a page up or down: how every
    /// list and text moves.
    private static func movement(
        _ help: String, detail: String? = nil, pageUp: Key? = nil, pageDown: Key? = nil
    ) -> KeyTableRow {
        let extra = [pageUp, pageDown].compactMap { $0 }.map { key in
            if case .character(let character) = key, character != " " { return " `\(character)`" }
            return " " + key.displayName
        }
        return KeyTableRow(
            label: "↑ ↓ `k` `j`, PgUp PgDn" + extra.joined() + ", `g` `G` Home End", help: help, detail: detail,
            bindings: [
                bind(.up, .up, .character("k")), bind(.down, .down, .character("j")),
                KeyBinding(keys: [.pageUp] + [pageUp].compactMap { $0 }, command: .pageUp),
                KeyBinding(keys: [.pageDown] + [pageDown].compactMap { $0 }, command: .pageDown),
                bind(.first, .home, .character("g")), bind(.last, .end, .character("G")),
            ])
    }

    private static let everywhere = KeyTableSection(
        title: "Everywhere", note: nil, scope: .everywhere,
        rows: [
            row(
                "Tab / Shift-Tab", "next / previous pane (in the editor Tab only completes)",
                bind(.completeOrNextPane, .tab), bind(.previousPane, .backTab)),
            row("F6", "next pane, also from the editor", bind(.nextPane, .function(6))),
            row(
                "F1, `?` (in the editor: when it is empty)", "this help; any other key closes it",
                detail: "list every key, then a syntax summary",
                bind(.help, .function(1)), bind(.helpWhenEditorEmpty, .character("?")),
                bind(.help, .character("?"), in: .outsidePanes)),
            row(
                "Ctrl-L / Ctrl-Z", "redraw the screen / suspend (fg resumes)",
                detail: "redraw the screen / suspend (`fg` resumes)",
                bind(.redraw, .control("l")), bind(.suspend, .control("z"))),
            row(
                "paste", "pasted text goes into the editor as typed text; line breaks become spaces",
                detail: "pasted text (bracketed paste) goes into the editor as text; line breaks become spaces"),
            row(
                "Ctrl-C, `q` (outside the editor)", "quit", detail: "quit (status 0)",
                bind(.quit, .control("c")), bind(.quit, .character("q"), in: .outsidePanes)),
            row(
                "Ctrl-X / Alt-X", "quit, printing the result / the expression (for pipelines)",
                detail:
                    "quit and print the selected result (as `mbml eval --context` prints it) / the expression on standard output, for a pipeline: `mbml data.json | jq`, `x=$(mbml data.json)` (the screen is drawn on the terminal, /dev/tty)",
                bind(.quitPrintingValue, .control("x")), bind(.quitPrintingExpression, .alt("x"))),
            row("F2", "mouse on/off (off by default)", bind(.toggleMouse, .function(2))),
            row(
                "F8", "step mode: walk the evaluation of the expression step by step",
                detail:
                    "step mode: walk the evaluation of the expression (in the selected result row's context) step by step, each sub-expression, call and iteration with its value (keys below)",
                bind(.enterSteps, .function(8))),
            row(
                "F5, `r` (outside the editor)", "reload the manifest, included files and data files",
                bind(.reload, .function(5)), bind(.reload, .character("r"), in: .outsidePanes)),
            row(
                "F4, `d` (outside the editor)", "diagnostics of the last load; Enter opens one in $EDITOR",
                detail: "the diagnostics of the last load, whole; Enter opens the selected one in `$EDITOR`",
                bind(.diagnostics, .function(4)), bind(.diagnostics, .character("d"), in: .outsidePanes)),
            row(
                "Esc while loading", "stop the load (the previous space stays) or the dynamic variables",
                detail: "stop the load (the previous space stays) or the dynamic variables still computing",
                bind(.stopLoading, .escape, in: .whileLoading)),
            row(
                "F7", "with --compare: show the other space in the tree (it becomes the first)",
                detail: "with `--compare`: show the other space in the tree (it becomes the first)",
                bind(.switchSpaces, .function(7))),
            row(
                "`L` (outside the editor)", "show/hide the log pane",
                detail: "show/hide the log pane (what `^log`, `^dump`, `^tokenize` wrote)",
                bind(.toggleLog, .character("L"), in: .outsidePanes)),
            row(
                "Esc, `e` (outside the editor)", "back to the editor",
                bind(.focusEditor, .escape, .character("e"), in: .outsidePanes)),
        ])

    private static let editor = KeyTableSection(
        title: "Expression editor", note: "(focused at start)", scope: .editor,
        rows: [
            row("typing", "evaluates in all four contexts after every key"),
            row(
                "Tab", "complete $variable, .key/[key], ^function (again: next candidate)",
                detail:
                    "complete `$variable`, `.key` / `[key]`, `^function(` (again: next candidate; the signature is shown)"
            ),
            row("F1 on a function name, inside a call or on a completion", "the function's full description"),
            row(
                "↑ / ↓", "history (saved between runs); candidates while completing",
                detail:
                    "history (saved in `$XDG_STATE_HOME/mbml/history`, default `~/.local/state/mbml/history`); candidates while completing",
                bind(.previousCandidateOrHistory, .up), bind(.nextCandidateOrHistory, .down)),
            row("Enter", "accept the candidate; otherwise save the expression to history", bind(.acceptOrSave, .enter)),
            row(
                "Alt-R", "search the history backward (type to narrow it)",
                detail:
                    "search the saved history backward, newest first, as readline's Ctrl-R does (Ctrl-R here evaluates again); the match is shown in the editor as you type",
                bind(.historySearch, .alt("r"))),
            row(
                "Ctrl-A / Ctrl-E, Home / End", "start / end of line",
                bind(.lineStart, .control("a"), .home), bind(.lineEnd, .control("e"), .end)),
            row(
                "Ctrl-B / Ctrl-F, ← / →", "character left / right",
                bind(.cursorLeft, .control("b"), .left), bind(.cursorRight, .control("f"), .right)),
            row("Alt-B / Alt-F", "word left / right", bind(.wordLeft, .alt("b")), bind(.wordRight, .alt("f"))),
            row(
                "Ctrl-W / Alt-Backspace", "delete word before the cursor (Ctrl-W: up to the last space)",
                bind(.deleteWhitespaceWordBackward, .control("w")), bind(.deleteWordBackward, .alt("\u{7F}"))),
            row("Alt-D", "delete word after the cursor", bind(.deleteWordForward, .alt("d"))),
            row(
                "Ctrl-U / Ctrl-K", "delete to start / end of line",
                bind(.killToStart, .control("u")), bind(.killToEnd, .control("k"))),
            row("Ctrl-Y", "paste what was deleted last", bind(.yank, .control("y"))),
            row(
                "Ctrl-D, Delete / Ctrl-H, Backspace", "delete character after / before the cursor",
                bind(.deleteForward, .control("d"), .delete), bind(.deleteBackward, .control("h"), .backspace)),
            row("Ctrl-T", "swap characters", bind(.transpose, .control("t"))),
            row("Ctrl-O", "full value of the selected result", bind(.showResult, .control("o"))),
            row(
                "Ctrl-P", "pin / unpin the expression (re-evaluated on every reload)",
                detail:
                    "pin / unpin the expression (in the selected result row's context): the pins pane keeps its value in view, re-evaluated after every reload, `*` when the reload changed it",
                bind(.togglePin, .control("p"))),
            row(
                "Ctrl-S", "save the pins as an expectation file (for mbml check)",
                detail:
                    "save the pins as an expectation file (asks for the name; Enter saves, Esc cancels; an existing file is replaced only after `y`)",
                bind(.savePins, .control("s"))),
            row(
                "Ctrl-R", "evaluate the expression, pins and dynamic variables again (time moves on)",
                detail:
                    "evaluate the expression, the pins and the tree's dynamic variables again, without a reload (`--refresh SECONDS` does it on a timer)",
                bind(.refresh, .control("r"))),
            row(
                "Alt-N / Alt-P", "next / previous lesson (mbml tutorial)",
                detail: "next / previous lesson (`mbml tutorial`, `--lessons`, a manifest's lesson file)",
                bind(.nextLesson, .alt("n")), bind(.previousLesson, .alt("p"))),
            row(
                "Esc, Ctrl-G", "close completion; cancel a slow evaluation or its tracing",
                bind(.closeCompletion, .escape), bind(.cancelEvaluation, .control("g"))),
        ])

    private static let steps = KeyTableSection(
        title: "Step mode", note: "(F8)", scope: .steps,
        rows: [
            row(
                "→ `n` / ← `p`", "next / previous step (the editor highlights it, the token pane selects it)",
                detail:
                    "next / previous step: the editor highlights its text, the token pane selects its node, the editor's rows show `step N/M` and its value",
                bind(.nextStep, .right, .character("n")), bind(.previousStep, .left, .character("p"))),
            row(
                "`o`", "over: past the call or the iteration that starts here",
                detail: "over: past the call (to its result) or the iteration (to the next one) that starts here",
                bind(.stepOver, .character("o"))),
            row(
                "`i` / `I`", "next / previous iteration of ^filter, ^list, ^sort, …",
                detail:
                    "to the next / previous iteration of the function iterating here (`^filter`, `^list`, `^sort`, …)",
                bind(.nextIteration, .character("i")), bind(.previousIteration, .character("I"))),
            row("`u`", "out: to the result of the call around the step", bind(.stepOut, .character("u"))),
            row(
                "Home `g` / End `G`", "first / last step",
                bind(.first, .home, .character("g")), bind(.last, .end, .character("G"))),
            row(
                "Esc", "leave step mode (at most \(ExpressionSteps.defaultLimit) events are kept; a cut log says so)",
                detail:
                    "leave step mode (a step log keeps at most \(ExpressionSteps.defaultLimit) events; when an evaluation has more, the last step says the log was cut)",
                bind(.leaveSteps, .escape)),
        ])

    private static let historySearch = KeyTableSection(
        title: "History search", note: "(Alt-R in the editor)", scope: .historySearch,
        rows: [
            row(
                "typing, Backspace, Ctrl-W, Ctrl-U", "narrow / widen the search (smart case; keys as in every prompt)"),
            row(
                "Alt-R, Ctrl-R", "the next older match",
                bind(.historySearch, .alt("r"), .control("r"))),
            row("Enter", "keep the match in the editor"),
            row("Esc, Ctrl-G", "cancel: the text from before the search comes back"),
            row("any other key", "keep the match, then act as in the editor"),
        ])

    private static let prompt = KeyTableSection(
        title: "Prompts", note: "(`/` in the variables and the full value, Alt-R, Ctrl-S)", scope: .prompt,
        rows: [
            row(
                "typing, paste", "insert text",
                detail: "insert text (pasted line breaks become spaces); the cursor stays at the end"),
            row(
                "Backspace / Ctrl-H", "delete the character before the cursor (on an empty prompt: close it)",
                bind(.deleteBackward, .backspace, .control("h"))),
            row(
                "Ctrl-W", "delete the word before the cursor (up to the last space)",
                bind(.deleteWhitespaceWordBackward, .control("w"))),
            row("Ctrl-U", "delete to the start of the line", bind(.killToStart, .control("u"))),
            row(
                "Enter", "search / keep the history match / save the pins", bind(.submitPrompt, .enter)),
            row(
                "Esc, Ctrl-G", "close the prompt (a running tree search stops; nothing is saved)",
                bind(.cancelPrompt, .escape, .control("g"))),
        ])

    private static let variables = KeyTableSection(
        title: "Variables", note: nil, scope: .variables,
        rows: [
            row(
                "↑ ↓, `k` `j`, Ctrl-P Ctrl-N", "move", bind(.up, .up, .character("k"), .control("p")),
                bind(.down, .down, .character("j"), .control("n"))),
            row(
                "PgUp PgDn, Space, `g` `G`, Home End", "move by a page; to the first / last row",
                bind(.pageUp, .pageUp), bind(.pageDown, .pageDown, .character(" ")),
                bind(.first, .home, .character("g")), bind(.last, .end, .character("G"))),
            row(
                "→ `l` / ← `h`", "expand (or go to first child) / collapse (or go to parent)",
                detail: "expand (or go to the first child) / collapse (or go to the parent)",
                bind(.expand, .right, .character("l")), bind(.collapse, .left, .character("h"))),
            row(
                "Enter", "expand or collapse; on a leaf insert its expression",
                detail: "expand or collapse; on a leaf inserts its expression into the editor",
                bind(.toggleExpansion, .enter)),
            row("`i`", "insert the node's expression into the editor", bind(.insertExpression, .character("i"))),
            row(
                "`o`", "show the full value, with how and where the variable was declared",
                detail: "show its full value, with the variable's kind, expression and declaration site",
                bind(.showValue, .character("o"))),
            row(
                "`E`", "open the variable's declaration in $VISUAL / $EDITOR (default vi) at its line",
                detail:
                    "open the variable's declaration in `$VISUAL` / `$EDITOR` (default `vi`, words split as the shell does: `code --wait`) as `EDITOR +LINE FILE`; the editor gets the terminal (vim, nano, `emacs -nw`), then the inspector resumes and reloads",
                bind(.openDeclaration, .character("E"))),
            row(
                "`/`, `n`, `N`",
                "search names, values and paths as you type (smart case, re: for a regular expression; Esc stops); next / previous match",
                detail:
                    "search names, values and paths (`cats[`) as you type, in the background with progress (Esc stops); smart case; `re:` starts a regular expression; next / previous match",
                bind(.search, .character("/")), bind(.nextMatch, .character("n")), bind(.previousMatch, .character("N"))
            ),
            row(
                "`y` `v` / `y` `k` / `y` `p`",
                "copy the value (JSON; strings as text) / key / expression (OSC 52, up to 1 MiB)",
                detail:
                    "copy the value (as JSON; a string as its text) / its key / the expression that reaches it (`$[Barrett Test].species`) via OSC 52 — the terminal must allow it (tmux: `set -g set-clipboard on`); over 1 MiB is refused",
                bind(.startCopy, .character("y")), bind(.copyValue, .character("v"), in: .copyChoice),
                bind(.copyKey, .character("k"), in: .copyChoice),
                bind(.copyExpression, .character("p"), in: .copyChoice)),
            row(
                "`y` `f`", "write the value as JSON to a new file in the current directory",
                detail:
                    "write the value as JSON to a new file in the current directory (`mbml-NAME.json`, never over an existing file)",
                bind(.writeValueFile, .character("f"), in: .copyChoice)),
            row(
                "`+` / `-`", "expand all (up to 2000 rows) / collapse all",
                detail:
                    "expand every node level by level, as long as the tree stays within 2000 rows (the status line says when it stopped) / collapse everything",
                bind(.expandAll, .character("+")), bind(.collapseAll, .character("-"))),
            row(
                "`z`", "zoom: the tree takes the whole screen, and back",
                detail:
                    "zoom: the tree takes the whole screen (the status line stays), `z` or Esc gives the panes back",
                bind(.toggleZoom, .character("z"))),
            row(
                "`s`", "sort the variables by name / as declared",
                detail:
                    "variables sorted by name / in the order they were declared (the default: the manifest's order, its includes, then the data files)",
                bind(.toggleSort, .character("s"))),
        ])

    private static let results = KeyTableSection(
        title: "Results", note: nil, scope: .results,
        rows: [
            row(
                "↑ ↓, `k` `j`", "choose a context (the token pane follows it)",
                bind(.up, .up, .character("k")), bind(.down, .down, .character("j"))),
            row("Enter, `o`", "show the full value or error", bind(.showValue, .enter, .character("o"))),
            row(
                "`p`, Ctrl-P / `P`", "pin the expression in the selected row's context / in all four",
                bind(.togglePin, .character("p"), .control("p")), bind(.pinInEveryContext, .character("P"))),
            row(
                "`y` / `Y`", "copy the result / the expression and result, as JSON",
                detail:
                    "copy the selected result as JSON (a string as a JSON string; `null` for no value) / the expression with its context and result as one JSON object, a line `mbml check` reads (`{\"expr\": …, \"context\": …, \"value\": …}`), via OSC 52 (tmux: `set -g set-clipboard on`); over 1 MiB is refused",
                bind(.copyResult, .character("y")), bind(.copyResultWithExpression, .character("Y"))),
        ])

    private static let tokens = KeyTableSection(
        title: "Tokens", note: nil, scope: .tokens,
        rows: [
            movement("move through the token tree; the range lights up in the editor"),
            row("= value, ✗, ·", "what each token produced: its value, its error (red), why it was skipped (dim)"),
            row(
                "→ `l` `c` / ← `h`", "choose the context (object, string, number, boolean)",
                bind(.nextContext, .right, .character("c"), .character("l")),
                bind(.previousContext, .left, .character("h"))),
        ])

    private static let lesson = KeyTableSection(
        title: "Lesson", note: "(under the tokens with `mbml tutorial` or a lesson file; F6, Tab)", scope: .lesson,
        rows: [
            movement("scroll the lesson's text and checklist"),
            row(
                "Alt-N / Alt-P", "next / previous lesson",
                bind(.nextLesson, .alt("n")), bind(.previousLesson, .alt("p"))),
        ])

    private static let pins = KeyTableSection(
        title: "Pins", note: "(under the tokens once something is pinned; F6, Tab)", scope: .pins,
        rows: [
            movement("choose a pin"),
            row(
                "Enter, `o`", "show the pin's full value (and what it expects)",
                detail: "show the selected pin's full value or error, with the value it expects (`--check`)",
                bind(.showValue, .enter, .character("o"))),
            row("`x`, Delete", "unpin the selected pin", bind(.unpin, .character("x"), .delete)),
            row("Ctrl-S", "save the pins as an expectation file", bind(.savePins, .control("s"))),
        ])

    private static let quitPrompt = KeyTableSection(
        title: "Quitting with pins not saved", note: "(Ctrl-C, `q`)", scope: .quitPrompt,
        rows: [
            row(
                "Ctrl-S", "save the pins (asks for the file name), then quit",
                bind(.savePins, .control("s"))),
            row("`q`, Ctrl-C", "quit without saving them", bind(.quit, .character("q"), .control("c"))),
            row("any other key", "stay"),
        ])

    private static let log = KeyTableSection(
        title: "Log", note: nil, scope: .log,
        rows: [
            movement("scroll (over wrapped rows)"),
            row("`x`", "clear", bind(.clearLog, .character("x"))),
        ])

    private static let viewer = KeyTableSection(
        title: "Full value", note: "(`o`, Ctrl-O, Enter on a result)", scope: .viewer,
        rows: [
            movement(
                "scroll; the value is pretty JSON as `mbml eval` prints it",
                detail:
                    "scroll; the value is pretty JSON in the encoding of `mbml eval` (a string: its text, whole), with line numbers; only the lines on screen are built, so huge values open at once",
                pageUp: .character("b"), pageDown: .character(" ")),
            row("`w`", "wrap long lines on / off", bind(.toggleWrap, .character("w"))),
            row(
                "`y` / `Y`", "copy the value / the expression and value, as JSON",
                detail:
                    "copy the value as JSON / the expression that gives it with the value, as one JSON object (as `y` `Y` in Results), via OSC 52",
                bind(.copyResult, .character("y")), bind(.copyResultWithExpression, .character("Y"))),
            row(
                "← → `h` `l`, `0`", "scroll sideways when not wrapping; back to the left edge",
                bind(.scrollLeft, .left, .character("h")), bind(.scrollRight, .right, .character("l")),
                bind(.leftEdge, .character("0"))),
            row(
                "`/`, `n`, `N`", "find text (smart case, in the background); next / previous line with it",
                detail: "find text (smart case; it reads the lines in the background); next / previous line with it",
                bind(.search, .character("/")), bind(.nextMatch, .character("n")), bind(.previousMatch, .character("N"))
            ),
            row(
                "Esc, Ctrl-G (while finding)", "stop the search",
                bind(.stopSearch, .escape, .control("g"), in: .viewerSearching)),
            row(
                "`q`, Esc, Enter, `o`, Ctrl-O", "close",
                bind(.close, .character("q"), .escape, .enter, .character("o"), .control("o"))),
        ])

    private static let diagnosticsList = KeyTableSection(
        title: "Diagnostics", note: "(F4, `d`)", scope: .diagnostics,
        rows: [
            movement("choose a diagnostic", pageDown: .character(" ")),
            row(
                "Enter, `E`", "open it in $VISUAL / $EDITOR at its line",
                detail: "open it in `$VISUAL` / `$EDITOR` at its line", bind(.openInEditor, .enter, .character("E"))),
            row("any other key", "close"),
        ])

    private static let helpScreen = KeyTableSection(
        title: "Help", note: "(F1, `?`)", scope: .helpScreen,
        rows: [
            movement("scroll", pageDown: .character(" ")),
            row("any other key", "close"),
        ])
}
