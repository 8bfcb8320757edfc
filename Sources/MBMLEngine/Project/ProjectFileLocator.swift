import Foundation

/// Finds the project file (``ProjectFile/fileName``) that applies to a file or folder, the way
/// `.editorconfig` and `tsconfig.json` are found: the nearest one in the folder itself or a folder
/// above it. The walk stops at a repository root (a folder holding `.git`, `.hg` or `.svn`, which is
/// still searched) and at the root of the file system, so that a project file outside the
/// repository never applies to what is inside it.
public enum ProjectFileLocator {
    /// The names whose presence makes a folder a repository root: the walk goes no higher.
    static let repositoryMarkers = [".git", ".hg", ".svn"]

    /// The project file that applies to `path` (a file or a folder; relative paths are resolved
    /// against the current folder), or nil when there is none up to the repository or file-system root.
    public static func projectFile(for path: String) -> String? {
        var folder = FileReadPolicy.resolved(path)
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) || !isDirectory.boolValue {
            folder = PathText.deletingLastComponent(folder)
        }
        while true {
            let candidate = folder == "/" ? "/" + ProjectFile.fileName : folder + "/" + ProjectFile.fileName
            var candidateIsDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &candidateIsDirectory),
                !candidateIsDirectory.boolValue
            {
                return candidate
            }
            if folder == "/" || isRepositoryRoot(folder) { return nil }
            folder = PathText.deletingLastComponent(folder)
        }
    }

    /// Whether `folder` holds `.git`, `.hg` or `.svn` (a folder, or the file a Git worktree has).
    static func isRepositoryRoot(_ folder: String) -> Bool {
        repositoryMarkers.contains { FileManager.default.fileExists(atPath: folder + "/" + $0) }
    }
}
