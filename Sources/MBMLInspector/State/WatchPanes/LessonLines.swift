import MBMLEngine

/// One row of the lesson pane: pieces of text, each with its role.
struct LessonLine: Equatable {
    var spans: [LessonSpan]

    /// The row's text.
    var text: String { spans.map(\.text).joined() }
}

/// A piece of a ``LessonLine``.
struct LessonSpan: Equatable {
    var text: String
    var role: StyleRole
}

/// The rows of a lesson under its title, wrapped to the pane's width (nothing is cut): the
/// lesson's text, then one item after another, `✓` or `·`, `try EXPRESSION → EXPECTED`, its
/// continuation rows indented under the expression.
enum LessonLines {
    /// The rows for `lesson` at `width` columns (the pane's, a column of margin on the left).
    static func lines(for lesson: Lesson, done: Set<String>, width: Int) -> [LessonLine] {
        let usable = max(width - 2, 8)
        var lines: [LessonLine] = TextWrap.atSpacesOrCut(lesson.text, width: usable).map {
            LessonLine(spans: [LessonSpan(text: $0, role: .hint)])
        }
        for item in lesson.items {
            let isDone = done.contains(item.id)
            let mark = LessonSpan(text: isDone ? "✓ " : "· ", role: isDone ? .match : .dim)
            let context = item.context == .string ? "" : "\(item.context.rawValue): "
            let spans = [
                LessonSpan(text: "try " + TextWidth.printable(item.expression), role: .syntaxVariable),
                LessonSpan(text: " → ", role: .dim),
                LessonSpan(text: TextWidth.printable(context + expectedText(item)), role: isDone ? .value : .dim),
            ]
            let rows = wrap(spans, width: usable - 2)
            for (index, row) in rows.enumerated() {
                let lead = index == 0 ? mark : LessonSpan(text: "  ", role: .dim)
                lines.append(LessonLine(spans: [lead] + row))
            }
        }
        return lines
    }

    /// What the item should show: strings as they are, other values in the JSON encoding.
    static func expectedText(_ item: Expectation) -> String {
        switch item.expected {
        case .value(.string(let text)): return text
        case .value(let value):
            let (text, isTruncated) = JSONCodec.encode(value, limit: 2_000)
            return isTruncated ? text + "…" : text
        case .error: return "an error"
        case .watch: return "what a saved edit changes"
        }
    }

    /// `spans` cut into rows of at most `width` cells (after a space where there is one), each
    /// piece keeping its role.
    private static func wrap(_ spans: [LessonSpan], width: Int) -> [[LessonSpan]] {
        let whole = spans.map(\.text).joined()
        var roles: [StyleRole] = []
        for span in spans { roles += Array(repeating: span.role, count: span.text.count) }
        var rows: [[LessonSpan]] = []
        var offset = 0
        for piece in TextWrap.words(whole, width: width) {
            var row: [LessonSpan] = []
            for character in piece {
                let role = offset < roles.count ? roles[offset] : .normal
                offset += 1
                if let last = row.last, last.role == role {
                    row[row.count - 1].text.append(character)
                } else {
                    row.append(LessonSpan(text: String(character), role: role))
                }
            }
            rows.append(row)
        }
        return rows
    }
}

extension TextWrap {
    /// `text` wrapped at spaces to `width` cells, a word longer than a row cut where it must be.
    static func atSpacesOrCut(_ text: String, width: Int) -> [String] {
        atSpaces(TextWidth.printable(text), width: width).flatMap { line in
            TextWidth.of(line) > width ? hard(line, width: width) : [line]
        }
    }
}
