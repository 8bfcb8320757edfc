import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The Linux stand-ins for Apple's user-domain standard directories (<doc:FunctionLibrary>, the table
/// of the ten `directoryFor…()` functions): `HOME`, `TMPDIR` and the XDG base and user directories.
/// Results have no trailing slash, except the temporary directory, which always ends in `/`.
struct StandardDirectories {
    /// The process environment the directories are read from.
    var environment: [String: String]
    /// Reads a text file (the XDG `user-dirs.dirs`); nil when it cannot be read.
    var readFile: (String) -> String?

    init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        readFile: @escaping (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }
    ) {
        self.environment = environment
        self.readFile = readFile
    }

    /// `$HOME`, else the home directory from the user database.
    var home: String {
        if let home = variable("HOME") { return trimmed(home) }
        if let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir {
            return trimmed(String(cString: directory))
        }
        return NSHomeDirectory()
    }

    /// `$TMPDIR` with a `/` appended if missing, else `/tmp/`.
    var temporaryFiles: String {
        guard let directory = variable("TMPDIR") else { return "/tmp/" }
        return directory.hasSuffix("/") ? directory : directory + "/"
    }

    /// `$XDG_CACHE_HOME`, else `$HOME/.cache`.
    var caches: String { baseDirectory("XDG_CACHE_HOME", default: ".cache") }

    /// `$XDG_DATA_HOME`, else `$HOME/.local/share`.
    var applicationSupport: String { baseDirectory("XDG_DATA_HOME", default: ".local/share") }

    var documents: String { userDirectory("DOCUMENTS", default: "Documents") }
    var downloads: String { userDirectory("DOWNLOAD", default: "Downloads") }
    var movies: String { userDirectory("VIDEOS", default: "Videos") }
    var music: String { userDirectory("MUSIC", default: "Music") }
    var pictures: String { userDirectory("PICTURES", default: "Pictures") }
    var publicFiles: String { userDirectory("PUBLICSHARE", default: "Public") }

    // MARK: XDG lookups

    /// An XDG base directory: the variable when it holds an absolute path (the XDG rule), else
    /// `$HOME/<fallback>`.
    private func baseDirectory(_ name: String, default fallback: String) -> String {
        if let value = variable(name), value.hasPrefix("/") { return trimmed(value) }
        return join(home, fallback)
    }

    /// An XDG user directory `XDG_<kind>_DIR`: from the environment, else from `user-dirs.dirs` in
    /// the XDG config folder, else `$HOME/<fallback>`.
    private func userDirectory(_ kind: String, default fallback: String) -> String {
        let key = "XDG_\(kind)_DIR"
        if let value = variable(key), value.hasPrefix("/") { return trimmed(value) }
        if let value = userDirectoriesFile()[key], !value.isEmpty { return trimmed(value) }
        return join(home, fallback)
    }

    /// The entries of `$XDG_CONFIG_HOME/user-dirs.dirs` (default `$HOME/.config/user-dirs.dirs`),
    /// with `$HOME` expanded. Lines are `XDG_NAME_DIR="$HOME/Folder"` or an absolute quoted path.
    func userDirectoriesFile() -> [String: String] {
        let configHome =
            variable("XDG_CONFIG_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? join(home, ".config")
        guard let text = readFile(join(configHome, "user-dirs.dirs")) else { return [:] }
        var entries: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals])
            var value = String(line[line.index(after: equals)...])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            if value == "$HOME" {
                value = home
            } else if value.hasPrefix("$HOME/") {
                value = join(home, String(value.dropFirst("$HOME/".count)))
            }
            guard value.hasPrefix("/") else { continue }
            entries[key] = value
        }
        return entries
    }

    // MARK: Helpers

    private func variable(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    private func join(_ directory: String, _ component: String) -> String {
        if component.isEmpty { return directory }
        return directory.hasSuffix("/") ? directory + component : directory + "/" + component
    }

    /// `path` without trailing slashes (the root stays `/`).
    private func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
