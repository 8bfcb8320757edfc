import Foundation

/// Where an environment may read files: what `^fileContents`, `^fileData`, `^listDirectory` and a
/// manifest's `<Include>` may open (<doc:RunningUntrustedMBML>). Probes (`^fileExists`,
/// `^isDirectoryAtPath`, `^sizeOfFile`, ...) read no contents and are not restricted. Files the
/// person running mbml names (manifests, templates, `--data`, expectation files) are not under it.
///
/// A name is checked twice by the engine's one file door: resolved first — made absolute against
/// the working directory, symbolic links and `..` followed — so that a refusal names the path as
/// written, and then as the path of the file actually opened (the descriptor's own path), so that a
/// link swapped between the check and the open never yields an outside file. Then:
/// 1. `/proc`, `/sys` and `/dev` are never read (they hold the process environment, kernel state and
///    devices that never end) unless one of ``allowedFolders`` lies inside them.
/// 2. Without ``workFolders`` restriction (``isRestricted`` false, the library's default) anything
///    else may be read.
/// 3. Otherwise a path must lie in one of ``allowedFolders`` (whole), or in one of ``workFolders``
///    without passing through a hidden entry below it (`.ssh`, `.env`, `.git`): the folders a
///    command works in hold what it needs, and dot-files in them hold most secrets.
///
/// ``forInputs(current:inputs:allowed:workFolders:home:)`` builds the policy of a command from
/// explicit folders, with no dependency on the process's working folder.
public struct FileReadPolicy: Equatable, Sendable {
    /// Whether reads are limited to ``workFolders`` and ``allowedFolders``.
    public var isRestricted: Bool
    /// Folders read in full, hidden entries included, as the person running mbml named them
    /// (`--allow-file-reads DIR`); resolved paths.
    public private(set) var allowedFolders: [String]
    /// Folders read without their hidden entries: the current folder and the folders of the
    /// inputs; resolved paths.
    public private(set) var workFolders: [String]

    /// Anywhere but `/proc`, `/sys` and `/dev`: the library's default.
    public static let anywhere = FileReadPolicy(isRestricted: false, allowedFolders: [], workFolders: [])

    /// Only the given folders (and nothing of `/proc`, `/sys` and `/dev` unless an allowed folder
    /// lies inside them).
    public static func restricted(workFolders: [String], allowedFolders: [String] = []) -> FileReadPolicy {
        var policy = FileReadPolicy(isRestricted: true, allowedFolders: [], workFolders: [])
        for folder in workFolders { policy.addWorkFolder(folder) }
        for folder in allowedFolders { policy.addAllowedFolder(folder) }
        return policy
    }

    private init(isRestricted: Bool, allowedFolders: [String], workFolders: [String]) {
        self.isRestricted = isRestricted
        self.allowedFolders = allowedFolders
        self.workFolders = workFolders
    }

    /// Adds a folder read without its hidden entries (an input's folder).
    public mutating func addWorkFolder(_ path: String) {
        let folder = Self.resolved(path)
        if !workFolders.contains(folder) { workFolders.append(folder) }
    }

    /// Adds a folder read in full.
    public mutating func addAllowedFolder(_ path: String) {
        let folder = Self.resolved(path)
        if !allowedFolders.contains(folder) { allowedFolders.append(folder) }
    }

    /// The policy of a command (<doc:RunningUntrustedMBML>): its implicit work folders are
    /// `current` — unless it is `/` or the home folder, which hold far more than one piece of work —
    /// the folders of `inputs` (same exception) and `workFolders`; `allowed` are read in full.
    /// - Parameters:
    ///   - current: the absolute folder relative names are meant against (the working folder of a
    ///     command, a language server's workspace root), or nil for none.
    ///   - inputs: the files the person named (manifests, templates, data and expectation files);
    ///     relative ones against `current`; `-` (standard input) is skipped.
    ///   - allowed: folders read in full, hidden entries included (`--allow-file-reads`); relative
    ///     ones against `current`.
    ///   - workFolders: more folders read without their hidden entries (`render`'s project).
    ///   - home: the home folder (``HomeFolder/path(environment:)``).
    public static func forInputs(
        current: String?, inputs: [String], allowed: [String], workFolders: [String] = [],
        home: String = HomeFolder.path()
    ) -> FileReadPolicy {
        let base = current ?? "/"
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : base + "/" + path }
        let excluded = Set(["/", resolved(home)])
        var implicit: [String] = current.map { [$0] } ?? []
        implicit += inputs.filter { $0 != "-" && !$0.isEmpty }.map { PathText.deletingLastComponent(absolute($0)) }
        implicit += workFolders.map(absolute)
        var policy = FileReadPolicy(isRestricted: true, allowedFolders: [], workFolders: [])
        for candidate in implicit where !candidate.isEmpty {
            let folder = resolved(candidate)
            if !excluded.contains(folder), !policy.workFolders.contains(folder) { policy.workFolders.append(folder) }
        }
        for folder in allowed { policy.addAllowedFolder(absolute(folder)) }
        return policy
    }

    /// Why `path` may not be read, or nil when it may.
    public func refusal(for path: String) -> String? {
        refusal(forResolved: Self.resolved(path))
    }

    /// Why the file at `resolved`, a path already absolute and free of links (an opened file's own
    /// path), may not be read, or nil when it may. It is not resolved again: a folder swapped for a
    /// link in the meantime can not change the answer.
    func refusal(forResolved resolved: String) -> String? {
        if Self.isSpecial(resolved) {
            let named = allowedFolders.contains { Self.isSpecial($0) && Self.relative(resolved, to: $0) != nil }
            return named ? nil : "the file-read policy does not read /proc, /sys or /dev unless it names them"
        }
        guard isRestricted else { return nil }
        if allowedFolders.contains(where: { Self.relative(resolved, to: $0) != nil }) { return nil }
        for folder in workFolders {
            guard let inside = Self.relative(resolved, to: folder) else { continue }
            if inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                return
                    "the file-read policy does not read hidden files and folders (\(Self.firstHidden(in: inside))) unless it allows them"
            }
            return nil
        }
        return "it is outside the folders the file-read policy allows (\(Self.list(workFolders + allowedFolders)))"
    }

    /// Throws a ``FunctionError`` naming the policy when `path` may not be read.
    func check(_ path: String, action: String = "read") throws {
        guard let reason = refusal(for: path) else { return }
        throw FunctionError("couldn't \(action) \"\(path)\": \(reason)", limit: .fileReads)
    }

    // MARK: Paths

    /// `path` made absolute and canonical: symbolic links and `..` resolved as far as the path
    /// exists, the rest normalized by its text.
    static func resolved(_ path: String) -> String {
        let absolute =
            path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var existing = normalized(absolute)
        var missing: [Substring] = []
        while existing != "/" {
            if let real = realPath(existing) {
                return normalized(([real] + missing.reversed().map(String.init)).joined(separator: "/"))
            }
            let parent = (existing as NSString).deletingLastPathComponent
            missing.append(Substring((existing as NSString).lastPathComponent))
            existing = parent.isEmpty ? "/" : parent
        }
        return normalized(absolute)
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `.`, `..` and empty components removed by the text alone.
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The part of `path` below `folder`, or nil when it is not inside it ("" for the folder itself).
    private static func relative(_ path: String, to folder: String) -> String? {
        if path == folder { return "" }
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    private static func isSpecial(_ path: String) -> Bool {
        ["/proc", "/sys", "/dev"].contains { relative(path, to: $0) != nil }
    }

    private static func firstHidden(in inside: String) -> String {
        inside.split(separator: "/").first { $0.hasPrefix(".") }.map(String.init) ?? inside
    }

    private static func list(_ folders: [String]) -> String {
        folders.isEmpty ? "none" : folders.joined(separator: ", ")
    }
}
