import MBMLEngine

/// How a result that is the user's own text — a rendered template, a string-context result —
/// reaches standard output.
///
/// To a pipe or a file it is written byte for byte: it is data, and programs reading it get what the
/// template produced. To a terminal (as `ls` treats file names, and unlike `cat`), the scalars
/// ``TerminalSafeText`` escapes — controls other than line feed and tab, bidirectional overrides,
/// invisible format characters — are shown as their escapes, because the terminal would act on
/// them; one note on standard error says how many there were and that `--raw` writes them as they
/// are. Text without such scalars is written unchanged either way.
///
/// ``ResultOutputOptions`` (ArgumentParser's parse) and ``EvalFastPath/Output`` (the fast path's)
/// both conform.
protocol ResultOutputSettings {
    /// `--raw`: write control and invisible characters as they are, even to a terminal.
    var raw: Bool { get }
}

extension ResultOutputSettings {
    /// Writes `text` to standard output under this policy.
    func write(_ text: String) {
        let stream = StandardStream.output
        guard !raw, stream.isTerminal else { return stream.write(text) }
        let count = TerminalSafeText.unsafeCount(in: text, layout: .multiLine)
        guard count > 0 else { return stream.write(text) }
        stream.write(TerminalSafeText.escaping(text, layout: .multiLine))
        StandardStream.error.writeLine(Self.note(count: count))
    }

    /// The note that follows an escaped result.
    static func note(count: Int) -> String {
        let characters = count == 1 ? "1 control or invisible character" : "\(count) control or invisible characters"
        return "mbml: \(characters) in the result shown as escapes (\\e, \\u{9B}, \\u{202E}) because standard "
            + "output is a terminal; --raw writes them as they are (a pipe or a file always gets them as they are)"
    }
}
