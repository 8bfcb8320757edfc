extension Completer {
    /// The completion menu for `characters` with the cursor at `cursor`, or nil when nothing at the
    /// cursor can be completed. Candidates that continue the typed text exactly (same case) come
    /// first, so that `$cats` Tab Tab keeps `$cats` rather than choosing `$catSummary`.
    static func menu(
        for characters: [Character], cursor: Int, snapshot: VariableSnapshot,
        functions: [FunctionInfo]
    ) -> CompletionMenu? {
        guard var menu = unrankedMenu(for: characters, cursor: cursor, snapshot: snapshot, functions: functions)
        else { return nil }
        let end = min(cursor, characters.count)
        guard menu.start <= end else { return menu }
        let typed = String(characters[menu.start..<end])
        let exact = menu.candidates.filter { $0.insertion.hasPrefix(typed) }
        let others = menu.candidates.filter { !$0.insertion.hasPrefix(typed) }
        menu.candidates = exact + others
        return menu
    }
}
