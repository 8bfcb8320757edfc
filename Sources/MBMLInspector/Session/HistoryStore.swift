import Foundation

/// The editor's history file: one expression a line, under `$XDG_STATE_HOME/mbml/history`
/// (default `~/.local/state/mbml/history`).
struct HistoryStore {
    let url: URL

    /// The standard location for `environment` (the process environment by default).
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> HistoryStore {
        HistoryStore(url: StateFolder.url(environment: environment).appendingPathComponent("history"))
    }

    /// The saved entries, oldest first (none when the file does not exist).
    func load() -> [String] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Replaces the file with `entries` (at most ``EditorState/historyLimit``).
    /// - Throws: when the folder cannot be created or the file written.
    func save(_ entries: [String]) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let lines = entries.suffix(EditorState.historyLimit).map { $0.replacingOccurrences(of: "\n", with: " ") }
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}
