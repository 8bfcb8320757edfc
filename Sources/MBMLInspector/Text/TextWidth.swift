import MBMLEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Display widths of text in terminal cells: ``DisplayWidth`` measured with the C library's
/// `wcwidth(3)` (the function terminals and curses count with), so that the panes agree with the
/// terminal; unsafe characters are shown by their escapes (``TerminalSafeText``).
///
/// It depends on the C library only, never on the terminal backend: the state measures text
/// without curses.
enum TextWidth {
    /// The width of one grapheme cluster (``DisplayWidth``'s rule, with the scalar widths the
    /// terminal's C library reports).
    static func of(_ character: Character) -> Int {
        DisplayWidth.of(character, scalarWidth: scalarWidth)
    }

    /// The width of a string.
    static func of(_ text: String) -> Int {
        DisplayWidth.of(text, scalarWidth: scalarWidth)
    }

    /// `wcwidth(3)` for what the C library knows, ``DisplayWidth/width(of:)`` for the rest.
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0xA0 { return 1 }
        guard let systemWidth = cLibraryWidth else { return DisplayWidth.width(of: scalar) }
        let width = Int(systemWidth(Int32(bitPattern: value)))
        return width >= 0 ? width : DisplayWidth.width(of: scalar)
    }

    /// The C library's `wcwidth(3)`, looked up by name: the C headers declare it only for X/Open,
    /// so Swift's C library module does not show it. Nil where it cannot be found (then
    /// ``DisplayWidth``'s own table measures).
    private static let cLibraryWidth: (@convention(c) (Int32) -> Int32)? = {
        #if canImport(Glibc)
        let everyLibrary: UnsafeMutableRawPointer? = nil
        #else
        let everyLibrary = UnsafeMutableRawPointer(bitPattern: -2)
        #endif
        guard let symbol = dlsym(everyLibrary, "wcwidth") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()

    /// `text` as a pane shows it: every scalar that must not reach the terminal raw (controls, line
    /// breaks, bidirectional overrides, invisible format characters) as its escape, by the one rule
    /// of ``TerminalSafeText``; ``of(_:)`` measures unsafe characters as wide as these escapes.
    static func printable(_ text: String) -> String {
        TerminalSafeText.escaping(text)
    }

    /// The longest prefix of `text` that fits in `width` cells, with `…` when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var output = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            output.append(character)
            used += w
        }
        return output + "…"
    }
}
