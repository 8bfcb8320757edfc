/// Two texts cut to the same window so that where they first differ is on screen: the compare
/// pane shows a long value from the column a little before the difference, both sides from the
/// same character, each marked `…` where it was cut on the left (the painter cuts the right).
enum DifferenceWindow {
    /// How many characters of each text are compared.
    static let searched = 4096

    /// `first` and `second` for `width` cells each: unchanged when their first difference falls
    /// within the width (or they are equal), otherwise both starting a third of the width before it.
    static func cut(_ first: String, _ second: String, width: Int) -> (first: String, second: String) {
        // A row shows a few hundred cells at most: the first difference is looked for that far.
        let a = Array(first.prefix(Self.searched))
        let b = Array(second.prefix(Self.searched))
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        guard common < max(a.count, b.count) else { return (first, second) }
        // Room for the differing character and the painter's `…` on the right.
        let limit = width - 2
        guard TextWidth.of(String(a[..<common])) > limit else { return (first, second) }
        let context = max(width / 3, 1)
        var start = common
        var cells = 0
        while start > 0 {
            let next = TextWidth.of(a[start - 1])
            if cells + next > context { break }
            cells += next
            start -= 1
        }
        return ("…" + String(a[start...]), "…" + String(b[start...]))
    }
}
