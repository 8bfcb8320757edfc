extension Theme {
    /// Every role's style as a terminal with `colorCount` colours draws it: colours adapted to its
    /// palette (made dim or bold to make up for a missing shade), none below 8 colours.
    func cellStyles(colorCount: Int) -> [StyleRole: CellStyle] {
        let useColors = colorCount >= 8
        var styles: [StyleRole: CellStyle] = [:]
        for role in StyleRole.allCases {
            var style = self.style(for: role)
            if !useColors { style = style.withoutColors }
            var cell = CellStyle(attributes: style.attributes)
            if useColors, style.foreground != .terminalDefault || style.background != .terminalDefault {
                let foreground = style.foreground.adapted(toColorCount: colorCount, asBackground: false)
                let background = style.background.adapted(toColorCount: colorCount, asBackground: true)
                if foreground.dim { cell.attributes.insert(.dim) }
                if foreground.bold { cell.attributes.insert(.bold) }
                cell.colors = CellStyle.Colors(foreground: foreground.index, background: background.index)
            }
            styles[role] = cell
        }
        return styles
    }
}
