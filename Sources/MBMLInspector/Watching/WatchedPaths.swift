import Foundation

/// The set of files a ``FileWatcher`` reports on, indexed the way inotify reports events:
/// by folder, then by file name.
///
/// Every file is known under its absolute, standardized path; when that path goes through a
/// symbolic link, the resolved target path is known too, so an edit made through either name is
/// matched. Both paths map back to the URL the caller gave.
struct WatchedPaths {
    /// The caller's URLs, in the order given, without duplicates (keyed by standardized path).
    private(set) var urls: [URL] = []
    /// Watched path (standardized or symlink-resolved) -> the standardized paths of the caller's URLs.
    private var ownersByPath: [String: Set<String>] = [:]
    /// Standardized path of a caller's URL -> that URL.
    private var urlByKey: [String: URL] = [:]
    /// Folder -> watched paths inside it.
    private(set) var pathsByDirectory: [String: Set<String>] = [:]

    init(_ urls: [URL]) {
        for url in urls {
            let key = Self.standardizedPath(of: url)
            guard urlByKey[key] == nil else { continue }
            urlByKey[key] = url
            self.urls.append(url)
            var aliases: Set<String> = [key]
            let resolved = URL(fileURLWithPath: key).resolvingSymlinksInPath().path
            aliases.insert(resolved)
            for alias in aliases {
                ownersByPath[alias, default: []].insert(key)
                pathsByDirectory[Self.directory(of: alias), default: []].insert(alias)
            }
        }
    }

    /// The folders to watch.
    var directories: Set<String> { Set(pathsByDirectory.keys) }

    /// Every watched path (including symlink targets).
    var allPaths: [String] { Array(ownersByPath.keys) }

    /// The keys (standardized paths) of the caller's URLs that `path` stands for; empty when `path`
    /// is not watched.
    func owners(ofPath path: String) -> Set<String> { ownersByPath[path] ?? [] }

    /// The keys of the caller's URLs whose file (or symlink target) lives in `directory`.
    func owners(inDirectory directory: String) -> Set<String> {
        var result: Set<String> = []
        for path in pathsByDirectory[directory] ?? [] { result.formUnion(owners(ofPath: path)) }
        return result
    }

    /// The keys of every caller's URL.
    var allKeys: Set<String> { Set(urlByKey.keys) }

    /// The caller's URLs for `keys`, in the order the caller gave them.
    func urls(forKeys keys: Set<String>) -> [URL] {
        urls.filter { keys.contains(Self.standardizedPath(of: $0)) }
    }

    /// The absolute, standardized path of a file URL (relative URLs are resolved against the
    /// current directory).
    static func standardizedPath(of url: URL) -> String {
        url.absoluteURL.standardizedFileURL.path
    }

    /// The folder part of an absolute path (`/` for a file at the root).
    static func directory(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "/" : parent
    }

    /// Joins a folder and a file name the way ``directory(of:)`` splits them.
    static func path(inDirectory directory: String, name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }
}
