import Foundation

/// Files of this repository, found from this source file's location, for tests that check that a
/// committed file (a DocC article, the README) agrees with the code.
public enum RepositoryFile {
    /// The repository's root folder.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // Files
        .deletingLastPathComponent() // MBMLTestSupport
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent()

    /// The URL of `path`, relative to the repository root.
    public static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// The UTF-8 text of the file at `path`, relative to the repository root.
    public static func text(of path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }

    /// Every Swift source file below `path` (relative to the repository root), for tests that read
    /// the code itself.
    public static func swiftFiles(under path: String) -> [URL] {
        FileManager.default.enumerator(at: url(path), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    }
}
