/// The keys the help screen (`?` / F1) lists: a heading, or a key and what it does.
public enum HelpContent {
    public enum Line: Equatable {
        case heading(String)
        case key(String, String)
        case blank
    }

    public static let lines: [Line] = [
        .heading("Everywhere"),
        .key("Tab / Shift-Tab", "next / previous pane (in the editor Tab completes first)"),
        .key("F1, ? (outside the editor)", "this help; any other key closes it"),
        .key("Ctrl-C, q (outside the editor)", "quit"),
        .key("F2", "mouse on/off (off by default)"),
        .key("F5, r (outside the editor)", "reload the manifest, included files and data files"),
        .key("L (outside the editor)", "show/hide the log pane"),
        .key("Esc, e (outside the editor)", "back to the editor"),
        .blank,
        .heading("Expression editor"),
        .key("typing", "evaluates in all four contexts after every key"),
        .key("Tab", "complete $variable, .key/[key], ^function (again: next candidate)"),
        .key("↑ / ↓", "history (saved between runs); candidates while completing"),
        .key("Enter", "accept the candidate; otherwise save the expression to history"),
        .key("Ctrl-A / Ctrl-E, Home / End", "start / end of line"),
        .key("Ctrl-B / Ctrl-F, ← / →", "character left / right"),
        .key("Alt-B / Alt-F", "word left / right"),
        .key("Ctrl-W / Alt-Backspace", "delete word before the cursor"),
        .key("Alt-D", "delete word after the cursor"),
        .key("Ctrl-U / Ctrl-K", "delete to start / end of line"),
        .key("Ctrl-Y", "paste what was deleted last"),
        .key("Ctrl-D, Delete / Backspace", "delete character"),
        .key("Ctrl-T", "swap characters"),
        .key("Ctrl-O", "full value of the selected result"),
        .key("Esc, Ctrl-G", "close completion; cancel a slow evaluation"),
        .blank,
        .heading("Variables"),
        .key("↑ ↓, j k, PgUp PgDn, g G", "move"),
        .key("→ l / ← h", "expand (or go to first child) / collapse (or go to parent)"),
        .key("Enter, Space", "expand or collapse; on a leaf insert its expression"),
        .key("i", "insert the node's expression into the editor"),
        .key("o", "show the full value"),
        .key("/, n, N", "search names and values; next / previous match"),
        .key("y v / y p", "copy the value / the expression that reaches it (OSC 52)"),
        .key("-", "collapse everything"),
        .blank,
        .heading("Results"),
        .key("↑ ↓", "choose a context (the token pane follows it)"),
        .key("Enter, o", "show the full value or error"),
        .blank,
        .heading("Tokens"),
        .key("↑ ↓", "move through the token tree; the range lights up in the editor"),
        .key("= value, ✗, ·", "what each token produced: its value, its error (red), why it was skipped (dim)"),
        .key("← → c", "choose the context (object, string, number, boolean)"),
        .blank,
        .heading("Log"),
        .key("↑ ↓, g G", "scroll"),
        .key("x", "clear"),
    ]
}
