import Foundation

/// Finds a theme by name or path: `--theme NAME` reads `Themes/NAME.theme` from the current folder
/// when it exists, then falls back on the built-in copy embedded in the binary; a value containing
/// `/` or ending in `.theme` is a file path.
enum ThemeLoader {
    /// The theme to use when none is asked for: `monochrome` when `NO_COLOR` is set (and not
    /// empty), `default` otherwise.
    static func defaultThemeName(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return "monochrome" }
        return "default"
    }

    /// Loads the theme `nameOrPath`.
    /// - Parameter directory: the folder holding `.theme` files (default `./Themes`).
    /// - Throws: ``ThemeError`` for a malformed file, ``ThemeLoadError`` when nothing matches.
    static func load(_ nameOrPath: String, directory: URL? = nil) throws -> Theme {
        let fileManager = FileManager.default
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".theme") {
            let url = URL(fileURLWithPath: nameOrPath)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw ThemeLoadError.unreadable(nameOrPath)
            }
            return try Theme(parsing: text, name: url.deletingPathExtension().lastPathComponent, path: nameOrPath)
        }
        let folder =
            directory ?? URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent("Themes")
        let file = folder.appendingPathComponent(nameOrPath + ".theme")
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            return try Theme(parsing: text, name: nameOrPath, path: file.path)
        }
        if let text = BuiltInThemes.sources[nameOrPath] {
            return try Theme(parsing: text, name: nameOrPath)
        }
        throw ThemeLoadError.unknown(nameOrPath, available: BuiltInThemes.sources.keys.sorted())
    }
}

/// A theme that could not be found or read.
enum ThemeLoadError: Error, Equatable, CustomStringConvertible {
    case unreadable(String)
    case unknown(String, available: [String])

    var description: String {
        switch self {
        case .unreadable(let path): return "cannot read theme file \(path)"
        case .unknown(let name, let available):
            return
                "no theme named \(name) (built in: \(available.joined(separator: ", ")); or give a path to a .theme file)"
        }
    }
}
