import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX probes and deletion behind the File functions (<doc:FunctionLibrary>); reads go through
/// `FileDoor`. Paths are used
/// as given (no `~` expansion; relative paths resolve against the working directory). Failures
/// carry the operating system's own reason, e.g. `couldn't read "/x": No such file or directory`,
/// or say what the item is (`it is a FIFO, not a regular file`). A path with a NUL character names
/// no file (the system would read it only up to the NUL): probes give false and operations fail.
enum FileSystemAccess {
    // MARK: Probes (never fail)

    /// Something exists at `path`; symbolic links are followed, so a dangling link does not exist.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return isUsable(path) && stat(path, &info) == 0
    }

    /// The item exists and the process may read it.
    static func isReadable(_ path: String) -> Bool {
        exists(path) && access(path, R_OK) == 0
    }

    /// The item exists and the process may write it.
    static func isWritable(_ path: String) -> Bool {
        exists(path) && access(path, W_OK) == 0
    }

    /// The item exists (a dangling link counts) and could be removed: its directory is writable and
    /// searchable, and in a sticky directory the process owns the item or the directory (or is root).
    static func isDeletable(_ path: String) -> Bool {
        var item = stat()
        guard isUsable(path), lstat(path, &item) == 0 else { return false }
        let name = PathText.lastComponent(path)
        guard name != "/", name != ".", name != ".." else { return false }
        var parent = PathText.deletingLastComponent(path)
        if parent.isEmpty { parent = "." }
        var directory = stat()
        guard access(parent, W_OK | X_OK) == 0, stat(parent, &directory) == 0 else { return false }
        if directory.st_mode & mode_t(S_ISVTX) != 0 {
            let user = geteuid()
            return user == 0 || user == item.st_uid || user == directory.st_uid
        }
        return true
    }

    /// The item exists and is a directory (links followed).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return isUsable(path) && stat(path, &info) == 0 && isDirectoryMode(info.st_mode)
    }

    // MARK: Operations that report errors

    /// The size in bytes from the item's metadata; a symbolic link itself is measured.
    static func size(of path: String) throws -> Int {
        try checkNoNUL(path, "get the size of")
        var info = stat()
        guard lstat(path, &info) == 0 else { throw failure("get the size of", path, code: errno) }
        return Int(info.st_size)
    }

    /// The names of the entries directly inside the directory, for ``remove(_:)`` (reads for MBML
    /// list through ``FileDoor/entries(ofDirectory:policy:)``).
    private static func entries(of path: String) throws -> [String] {
        try checkNoNUL(path, "list the directory")
        guard let directory = opendir(path) else { throw failure("list the directory", path, code: errno) }
        defer { closedir(directory) }
        return FileDoor.sortedNames(in: directory)
    }

    /// Removes the item at `path`; a directory is removed with everything inside it. A symbolic link
    /// is removed itself, never its target.
    static func remove(_ path: String) throws {
        try checkNoNUL(path, "delete")
        var info = stat()
        guard lstat(path, &info) == 0 else { throw failure("delete", path, code: errno) }
        if isDirectoryMode(info.st_mode) {
            for name in try entries(of: path) {
                try remove(path.hasSuffix("/") ? path + name : path + "/" + name)
            }
            guard rmdir(path) == 0 else { throw failure("delete", path, code: errno) }
        } else {
            guard unlink(path) == 0 else { throw failure("delete", path, code: errno) }
        }
    }

    // MARK: Helpers

    /// A path the system can be asked about: not empty and without NUL characters.
    private static func isUsable(_ path: String) -> Bool {
        !path.isEmpty && !path.utf8.contains(0)
    }

    /// Throws when `path` contains a NUL character, which would cut it short for the system.
    private static func checkNoNUL(_ path: String, _ action: String) throws {
        if path.utf8.contains(0) {
            throw FunctionError(
                "couldn't \(action) \"\(path.replacingOccurrences(of: "\0", with: "\\0"))\": the path contains a NUL character"
            )
        }
    }

    private static func isDirectoryMode(_ mode: mode_t) -> Bool {
        mode & mode_t(S_IFMT) == mode_t(S_IFDIR)
    }

    /// An error naming the action, the path and the system's description of `code`.
    static func failure(_ action: String, _ path: String, code: Int32) -> FunctionError {
        FunctionError("couldn't \(action) \"\(path)\": \(String(cString: strerror(code)))")
    }
}
