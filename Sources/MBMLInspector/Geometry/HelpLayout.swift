/// The help text laid out for a width: key names in a column, their descriptions wrapped at word
/// boundaries beside them (below them when the keys are long or the screen narrow).
enum HelpLayout {
    struct Row: Equatable {
        var keys = ""
        var keysColumn = 1
        var keysRole = StyleRole.key
        var text = ""
        var textColumn = 0
    }

    static func rows(width: Int) -> [Row] {
        let descriptionColumn = width >= 90 ? 36 : 30
        var rows: [Row] = []
        for line in HelpContent.lines {
            switch line {
            case .heading(let text):
                rows.append(Row(keys: text, keysColumn: 1, keysRole: .label))
            case .blank:
                rows.append(Row())
            case .key(let keys, let meaning):
                var column = descriptionColumn
                if TextWidth.of(keys) + 3 >= descriptionColumn {
                    rows.append(Row(keys: keys, keysColumn: 2))
                    column = descriptionColumn
                    let pieces = TextWrap.words(meaning, width: max(width - column - 1, 10))
                    rows += pieces.map { Row(text: $0, textColumn: column) }
                    continue
                }
                let pieces = TextWrap.words(meaning, width: max(width - column - 1, 10))
                for (index, piece) in pieces.enumerated() {
                    rows.append(Row(keys: index == 0 ? keys : "", keysColumn: 2, text: piece, textColumn: column))
                }
            }
        }
        return rows
    }
}
