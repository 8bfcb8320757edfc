/// What the help screen (`?` / F1) lists: a heading, or a key (or syntax) and what it does.
enum HelpContent {
    enum Line: Equatable {
        case heading(String)
        case key(String, String)
        case blank
    }

    /// Where to start, every key (from ``KeyTable``), then a summary of the syntax.
    static let lines: [Line] = start + [.blank] + KeyTable.helpLines + [.blank] + syntax

    /// The tutorial, for a newcomer who opened the built-in sample (bare `mbml`).
    private static let start: [Line] = [
        .heading("Start here"),
        .key(
            "mbml tutorial",
            "the tutorial with its lessons: each step's text and a checklist that ticks what you try; "
                + "\(KeyTable.label(of: .nextLesson) ?? "") move between lessons. Run it again to go on "
                + "where you left off"),
    ]

    private static let syntax: [Line] = [
        .heading("Syntax"),
        .key("$name ${name} $[na me]", "a variable; $(name) is the variable named by $name's value"),
        .key(".key [key] [$expr]", "subreferences: a key, an index, or an evaluated key"),
        .key(".count .length", "collection count / string length; on a dictionary .count is the key"),
        .key("^name(a|b)", "a function call; | separates parameters; F1 on a name describes it"),
        .key("#(1 + 2 * 3)", "decimal math; put spaces around + and - (1+2 is two numbers)"),
        .key("== != < <= > >=", "comparisons, also -EQ -NE -LT -LTE -GT -GTE (upper case only)"),
        .key("&& || !  -AND -OR", "and, or, not; ( ) groups; tests only in the boolean context"),
        .key("contexts", "object (values), string (text), number (decimal), boolean (true/false)"),
        .key("text around references", "kept: an expression is also a template"),
        .key("$$ ## ^^ \\n \\t", "a literal $, #, ^, line break, tab"),
        .key("^q(text)", "the text exactly as written, nothing evaluated"),
        .key("hints", "~~~ under the editor marks a likely mistake; try: shows the fix"),
    ]
}
