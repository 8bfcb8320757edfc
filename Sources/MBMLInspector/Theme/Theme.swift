import Foundation

/// How every ``StyleRole`` looks. Read from a `.theme` file (see `Themes/README.md`):
///
/// ```
/// # comment
/// role = foreground [on background] [bold] [dim] [underline] [reverse] [italic]
/// ```
///
/// Roles a theme does not mention look like `normal`.
struct Theme: Equatable, Sendable {
    var name: String
    var styles: [StyleRole: TextStyle]

    init(name: String, styles: [StyleRole: TextStyle]) {
        self.name = name
        self.styles = styles
    }

    /// The style of `role` (the `normal` style when the theme does not set it).
    func style(for role: StyleRole) -> TextStyle {
        styles[role] ?? styles[.normal] ?? .plain
    }

    /// Parses a theme file's contents.
    /// - Throws: ``ThemeError`` naming the line of the first mistake.
    init(parsing text: String, name: String, path: String? = nil) throws {
        self.name = name
        styles = [:]
        for (offset, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let lineNumber = offset + 1
            let line = Self.removingComment(rawLine).trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let fail = { (message: String) in ThemeError(path: path ?? name, line: lineNumber, message: message) }
            guard let equals = line.firstIndex(of: "=") else { throw fail("expected `role = style`") }
            let roleName = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard let role = StyleRole(rawValue: roleName) else {
                throw fail(
                    "unknown role `\(roleName)` (roles: \(StyleRole.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            styles[role] = try Self.parseStyle(String(line[line.index(after: equals)...]), fail: fail)
        }
    }

    /// A line without its comment: `#` at the start of the line, or `#` followed by a space or the
    /// end of the line (so that `#ff8800` stays a colour).
    static func removingComment(_ line: String) -> String {
        let characters = Array(line)
        for (index, character) in characters.enumerated() where character == "#" {
            let atStart = characters[..<index].allSatisfy { $0 == " " || $0 == "\t" }
            let followedBySpace =
                index + 1 == characters.count || characters[index + 1] == " " || characters[index + 1] == "\t"
            if atStart || followedBySpace { return String(characters[..<index]) }
        }
        return line
    }

    static func parseStyle(_ text: String, fail: (String) -> ThemeError) throws -> TextStyle {
        var style = TextStyle()
        var sawForeground = false
        var expectingBackground = false
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init) {
            let lower = word.lowercased()
            if expectingBackground {
                guard let color = ThemeColor(parsing: lower) else { throw fail("unknown colour `\(word)`") }
                style.background = color
                expectingBackground = false
            } else if lower == "on" {
                expectingBackground = true
            } else if let attribute = TextStyle.Attributes.named.first(where: { $0.0 == lower })?.1 {
                style.attributes.insert(attribute)
            } else if lower == "plain" || lower == "none" {
                continue
            } else if let color = ThemeColor(parsing: lower) {
                if sawForeground { throw fail("two foreground colours; write `fg on bg`") }
                style.foreground = color
                sawForeground = true
            } else {
                throw fail("unknown colour or attribute `\(word)`")
            }
        }
        if expectingBackground { throw fail("`on` must be followed by a background colour") }
        return style
    }
}

/// A mistake in a theme file.
struct ThemeError: Error, Equatable, CustomStringConvertible {
    var path: String
    var line: Int
    var message: String

    var description: String { "\(path):\(line): \(message)" }
}
