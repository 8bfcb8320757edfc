/// A colour in a theme: the terminal's default, or an index of the xterm 256-colour palette
/// (0–15 are the named colours `black` … `bright-white`).
enum ThemeColor: Equatable, Hashable, Sendable {
    case terminalDefault
    case indexed(Int)

    /// The names accepted in theme files for palette entries 0–15.
    static let names: [String] = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow",
        "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
    ]

    /// Parses `default`, a colour name, `colorN` / `N` (0–255) or `#rrggbb` (nearest palette entry).
    init?(parsing word: String) {
        let lower = word.lowercased()
        if lower == "default" {
            self = .terminalDefault
        } else if let index = Self.names.firstIndex(of: lower) {
            self = .indexed(index)
        } else if lower.hasPrefix("grey") || lower.hasPrefix("gray"), let n = Int(lower.dropFirst(4)),
            (0...23).contains(n)
        {
            self = .indexed(232 + n)
        } else if let n = Int(lower.hasPrefix("color") ? String(lower.dropFirst(5)) : lower), (0...255).contains(n) {
            self = .indexed(n)
        } else if lower.hasPrefix("#"), lower.count == 7, let rgb = Int(lower.dropFirst(), radix: 16) {
            self = .indexed(
                Self.nearestIndex(
                    red: (rgb >> 16) & 0xFF, green: (rgb >> 8) & 0xFF, blue: rgb & 0xFF,
                    among: Array(16...255)))
        } else {
            return nil
        }
    }

    /// The approximate red, green and blue of a palette entry (xterm's defaults).
    static func rgb(ofIndex index: Int) -> (Int, Int, Int) {
        let basic: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        if index < 16 { return basic[max(index, 0)] }
        if index >= 232 {
            let level = 8 + (index - 232) * 10
            return (level, level, level)
        }
        let levels = [0, 95, 135, 175, 215, 255]
        let n = index - 16
        return (levels[n / 36], levels[(n / 6) % 6], levels[n % 6])
    }

    static func nearestIndex(red: Int, green: Int, blue: Int, among candidates: [Int]) -> Int {
        var best = candidates.first ?? 0
        var bestDistance = Int.max
        for index in candidates {
            let (r, g, b) = rgb(ofIndex: index)
            let distance = (r - red) * (r - red) + (g - green) * (g - green) + (b - blue) * (b - blue)
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return best
    }

    /// How this colour is shown on a terminal with `colorCount` colours: the palette index to use
    /// (nil for the terminal default) and whether the text should be dimmed or brightened to make
    /// up for a missing shade.
    func adapted(toColorCount colorCount: Int, asBackground: Bool) -> (index: Int?, dim: Bool, bold: Bool) {
        guard case .indexed(let index) = self else { return (nil, false, false) }
        if index < colorCount { return (index, false, false) }
        if colorCount >= 16 {
            let (r, g, b) = Self.rgb(ofIndex: index)
            return (Self.nearestIndex(red: r, green: g, blue: b, among: Array(0..<16)), false, false)
        }
        if index < 16 {
            // Bright variants: the base colour, made bold when it is text.
            if index == 8 { return asBackground ? (0, false, false) : (7, true, false) }
            return (index - 8, false, !asBackground)
        }
        let (r, g, b) = Self.rgb(ofIndex: index)
        let spread = max(r, g, b) - min(r, g, b)
        let luminance = (r * 30 + g * 59 + b * 11) / 100
        if spread < 40 {
            // A grey: text becomes white (dimmed when darker), a background black or white.
            if asBackground { return (luminance < 128 ? 0 : 7, false, false) }
            if luminance < 50 { return (0, false, false) }
            return (7, luminance < 200, false)
        }
        return (Self.nearestIndex(red: r, green: g, blue: b, among: Array(1..<7)), false, false)
    }
}
