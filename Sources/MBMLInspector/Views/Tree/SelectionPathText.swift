/// The text of the selected node's path in the variables pane's footer, as jless shows it in its
/// status bar: the MBML expression that reaches the node (``PathExpression``, the same text `y p`
/// copies), or the tree labels when no expression reaches it (a set member).
enum SelectionPathText {
    /// The path of `selection`, nil when nothing is selected.
    static func text(for selection: NodePath?) -> String? {
        guard let selection = selection, !selection.isEmpty else { return nil }
        if let expression = PathExpression.expression(for: selection) { return expression }
        return selection.map(\.label).joined(separator: " ")
    }

    /// `text` fitted to `width` cells: a long path keeps its end (the part that names the node),
    /// with `…` in front of what was cut.
    static func fitted(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard TextWidth.of(text) > width else { return text }
        guard width > 1 else { return "…" }
        var tail = ""
        var used = 0
        for character in text.reversed() {
            let cells = TextWidth.of(character)
            if used + cells > width - 1 { break }
            tail.insert(character, at: tail.startIndex)
            used += cells
        }
        return "…" + tail
    }
}
