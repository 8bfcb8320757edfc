import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// A temporary folder with helpers to change files the ways editors do, for the FileWatcher tests.
final class WatcherScratchFolder {
    private let scratch: ScratchFolder
    var url: URL { scratch.url }

    init() throws {
        scratch = try ScratchFolder(prefix: "FileWatcherTests")
    }

    func file(_ name: String) -> URL { scratch.file(name) }

    /// Creates or truncates `name` with `text` (same inode when it exists).
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        try scratch.write(text, to: name)
    }

    /// Overwrites the existing file in place, keeping its inode (like `echo x > file`).
    func writeInPlace(_ text: String, to name: String) throws {
        let handle = try FileHandle(forWritingTo: file(name))
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        handle.write(Data(text.utf8))
    }

    /// Writes a temporary file in the same folder and renames it over `name` (vim's default, most IDEs).
    func renameSave(_ text: String, to name: String) throws {
        let target = file(name)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).tmp-\(UUID().uuidString)")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, target.path) == 0 else { throw POSIXError(.EIO) }
    }

    /// Renames the original to a backup, then writes a new file under the original name (vim with `backupcopy=no`).
    func backupThenWrite(_ text: String, to name: String) throws {
        guard rename(file(name).path, file(name + "~").path) == 0 else { throw POSIXError(.EIO) }
        try Data(text.utf8).write(to: file(name))
    }

    func delete(_ name: String) throws { try FileManager.default.removeItem(at: file(name)) }
}

extension XCTestCase {
    /// Calls `changedFiles()` every 10 ms until it reports something or `timeout` passes.
    func awaitWatcherChanges(_ watcher: FileWatcher, timeout: TimeInterval = 3) -> [String] {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let changed = watcher.changedFiles()
            if !changed.isEmpty { return changed.map(\.lastPathComponent) }
            usleep(10_000)
        }
        return []
    }

    /// Everything `changedFiles()` reports during `duration` (polled every 10 ms).
    func collectWatcherChanges(_ watcher: FileWatcher, for duration: TimeInterval) -> [String] {
        var all: [String] = []
        let end = Date().addingTimeInterval(duration)
        while Date() < end {
            all += watcher.changedFiles().map(\.lastPathComponent)
            usleep(10_000)
        }
        return all
    }
}
