import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when the
/// value is released. Tests write their manifests and data files here.
///
/// ```swift
/// let folder = try ScratchFolder()
/// let manifest = try folder.write("<MBML/>", to: "manifest.xml")
/// try folder.write("<MBML/>", to: "includes/more.xml")   // folders are created as needed
/// ```
public final class ScratchFolder {
    /// The folder (standardized, no trailing slash).
    public let url: URL

    /// Creates the folder, named `prefix` and a UUID.
    public init(prefix: String = "mbml-tests") throws {
        url =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
            .standardizedFileURL
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The URL of `name` (which may contain folders) inside the folder.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name).standardizedFileURL
    }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String {
        file(name).path
    }

    /// Writes the UTF-8 of `text` to `name`, creating the folders on the way, and returns the file's
    /// URL. By default an existing file is truncated in place and keeps its inode; `atomically`
    /// writes a new file and renames it over the old one, as most editors save.
    @discardableResult
    public func write(_ text: String, to name: String, atomically: Bool = false) throws -> URL {
        try write(Data(text.utf8), to: name, atomically: atomically)
    }

    /// Writes `data` to `name`, creating the folders on the way (as the text variant does).
    @discardableResult
    public func write(_ data: Data, to name: String, atomically: Bool = false) throws -> URL {
        let target = file(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: target, options: atomically ? [.atomic] : [])
        return target
    }

    /// Creates the folder `name` (and the folders on the way).
    @discardableResult
    public func makeFolder(_ name: String) throws -> URL {
        let target = file(name)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        return target
    }
}
