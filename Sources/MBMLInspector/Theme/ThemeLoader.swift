import Foundation

/// Finds a theme by name or path: `--theme NAME` reads `NAME.theme` from the first theme folder that
/// has it (`./Themes`, then the installed `PREFIX/share/mbml/themes`: ``InspectorConfiguration/themeFolders``),
/// then falls back on the built-in copy embedded in the binary; a value containing `/` or ending in
/// `.theme` is a file path.
enum ThemeLoader {
    /// The theme to use when none is asked for: `monochrome` when `NO_COLOR` is set (and not
    /// empty), `default` otherwise.
    static func defaultThemeName(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return "monochrome" }
        return "default"
    }

    /// `./Themes` in the current folder: the folder searched when no other is given.
    static var currentFolderThemes: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Themes")
    }

    /// Loads the theme `nameOrPath`.
    /// - Parameter folders: the folders holding `.theme` files, searched in order before the
    ///   built-in themes.
    /// - Throws: ``ThemeError`` for a malformed file, ``ThemeLoadError`` when nothing matches.
    static func load(_ nameOrPath: String, folders: [URL] = [currentFolderThemes]) throws -> Theme {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".theme") {
            let url = URL(fileURLWithPath: nameOrPath)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw ThemeLoadError.unreadable(nameOrPath)
            }
            return try Theme(parsing: text, name: url.deletingPathExtension().lastPathComponent, path: nameOrPath)
        }
        for folder in folders {
            let file = folder.appendingPathComponent(nameOrPath + ".theme")
            if let text = try? String(contentsOf: file, encoding: .utf8) {
                return try Theme(parsing: text, name: nameOrPath, path: file.path)
            }
        }
        if let text = BuiltInThemes.sources[nameOrPath] {
            return try Theme(parsing: text, name: nameOrPath)
        }
        throw ThemeLoadError.unknown(nameOrPath, available: availableNames(folders: folders))
    }

    /// The names `--theme` accepts: the built-in themes and every `.theme` file in `folders`, sorted.
    static func availableNames(folders: [URL]) -> [String] {
        var names = Set(BuiltInThemes.sources.keys)
        for folder in folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files where file.hasSuffix(".theme") && file.count > ".theme".count {
                names.insert(String(file.dropLast(".theme".count)))
            }
        }
        return names.sorted()
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
                "no theme named \(name) (available: \(available.joined(separator: ", ")); or give a path to a .theme file)"
        }
    }
}
