import Foundation

/// The project a folder belongs to, for a command that reads a whole project (`mbml render`, whose
/// templates read files around them): the nearest enclosing folder that is a repository root (it
/// holds `.git`, `.hg` or `.svn`) or a project-file root (`Package.swift`, `*.xcodeproj`,
/// `*.xcworkspace`, `Cargo.toml`, `package.json`, `go.mod`, `pyproject.toml`, `pom.xml`,
/// `build.gradle`). The home folder and `/` are never a project.
///
/// A folder in no project gives the topmost folder below the home folder, or below the folder for
/// temporary files, that holds it (a scratch tree of sibling folders, as the original's templates
/// read with `../..`); elsewhere it gives nothing, so that no top folder (`/srv`, `/builds`) is
/// taken whole.
public enum ProjectFolder {
    /// Names whose presence makes a folder a project root.
    static let markers: Set<String> = [
        ".git", ".hg", ".svn", "Package.swift", "Cargo.toml", "package.json", "go.mod", "pyproject.toml", "pom.xml",
        "build.gradle",
    ]
    /// Name endings that make a folder a project root.
    static let markerExtensions = [".xcodeproj", ".xcworkspace"]

    /// The project folder of `folder` (an absolute path), or nil when it is in none.
    /// - Parameters:
    ///   - folder: the folder to start from (an absolute path).
    ///   - home: the home folder (``HomeFolder/path(environment:)``).
    ///   - temporary: the folder for temporary files (`$TMPDIR`, else `/tmp`).
    public static func enclosing(
        _ folder: String, home: String = HomeFolder.path(), temporary: String? = nil
    ) -> String? {
        let start = FileReadPolicy.resolved(folder)
        let temporary = temporary ?? StandardDirectories().temporaryFiles
        let bounds = [FileReadPolicy.resolved(home), FileReadPolicy.resolved(temporary)].filter { $0 != "/" }
        var current = start
        while current != "/", !bounds.contains(current) {
            if isProjectRoot(current) { return current }
            current = PathText.deletingLastComponent(current)
        }
        for bound in bounds {
            let prefix = bound + "/"
            guard start.hasPrefix(prefix) else { continue }
            let first = start.dropFirst(prefix.count).split(separator: "/").first.map(String.init) ?? ""
            return first.isEmpty ? nil : prefix + first
        }
        return nil
    }

    /// Whether `folder` holds one of the ``markers``.
    static func isProjectRoot(_ folder: String) -> Bool {
        if markers.contains(where: { FileManager.default.fileExists(atPath: folder + "/" + $0) }) { return true }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return names.contains { name in markerExtensions.contains { name.hasSuffix($0) } }
    }
}
