import Foundation
import Synchronization

/// A manifest read ahead on a thread of its own while a short-lived process does the rest of its
/// start (`mbml eval` parses its options, finds its project, builds its function table), so that
/// the load, when it reaches the file, takes these bytes instead of reading them then
/// (``EnvironmentBuilder/prefetch``).
///
/// Only a regular file is read ahead: a pipe's bytes, once read here, would be gone for a load
/// that did not take them. A file that cannot be read, is not a regular file or is larger than
/// the `maximumSize` given here is left to the load, which reads it itself and reports what is
/// wrong.
///
/// The file is mapped, not copied, and its pages are mapped in here, so that the parse meets no
/// page fault: no memory is cleared to hold a copy, and the load waits for no read. Its bytes are
/// then the file's as it is while it is parsed; a file written or truncated meanwhile fails the
/// load, which says it changed while it was read (a file saved by renaming a new one over it, as
/// editors do, is not a change: the load reads the file it opened). Where the file cannot be
/// mapped (too many mappings guarded against truncation at once), it is read.
public final class ManifestPrefetch: Sendable {
    /// The path read ahead and its bytes, once the thread that reads them is done.
    private let read = Mutex<(path: String, bytes: DocumentBytes?)>(("", nil))
    /// The file's size as soon as it is open (before its bytes are read), and the path it was
    /// opened at.
    private let opened = Mutex<(path: String, size: Int)?>(nil)
    private let finished = DispatchGroup()

    /// Starts reading the manifest at `path` (a file path, as `--manifest` takes it) on a thread of
    /// its own, up to `maximumSize` bytes.
    ///
    /// The path is made absolute here, against the current directory now. The other thread names
    /// it as the load does (``path``), which is the first use of the URL type's machinery, some
    /// tenths of a millisecond: a path without `.` or `..` segments, which that naming leaves as it
    /// is, is read first and named after.
    public init(path: String, maximumSize: Int = FileLimits().manifest) {
        let absolute = path.hasPrefix("/") ? path : Self.currentDirectory() + "/" + path
        finished.enter()
        SiblingThread.start { [self] in
            defer { finished.leave() }
            let readsEarly = Self.mayBeNamedAsLoaded(absolute)
            let early = readsEarly ? readFile(absolute, maximumSize: maximumSize) : nil
            let named = EnvironmentBuilder.location(ofManifest: URL(fileURLWithPath: absolute)).path
            // Read under another name than the load's, the file is read again under the load's (a
            // file that could not be read under the same name is not tried twice).
            let bytes = readsEarly && named == absolute ? early : readFile(named, maximumSize: maximumSize)
            read.withLock { $0 = (named, bytes) }
        }
    }

    /// The path read ahead, as the load names the file: absolute, without `.` or `..` (this waits
    /// for the reading thread).
    public var path: String {
        finished.wait()
        return read.withLock { $0.path }
    }

    /// The size of the file at `path` while its bytes are still being read ahead: known once the
    /// file is open, without waiting. Nil for another file, before the file is open, or once its
    /// bytes are read (``bytes(of:maximumSize:)`` then answers at once).
    func sizeWhileReading(_ path: String) -> Int? {
        guard finished.wait(timeout: .now()) == .timedOut else { return nil }
        return opened.withLock { $0?.path == path ? $0?.size : nil }
    }

    /// The bytes read ahead of the file at `path`, once they are read (this waits for them); nil
    /// when `path` is another file, or when the file was not read ahead or holds more than
    /// `maximumSize` bytes (the load then reads it itself).
    func bytes(of path: String, maximumSize: Int) -> DocumentBytes? {
        finished.wait()
        return read.withLock { read in
            guard read.path == path, let bytes = read.bytes, bytes.count <= maximumSize else { return nil }
            return bytes
        }
    }

    /// Whether naming `absolute` as the load does may leave it as it is: it has no `.` or `..`
    /// segment and no empty one (``bytes(of:maximumSize:)`` compares the names all the same).
    private static func mayBeNamedAsLoaded(_ absolute: String) -> Bool {
        !absolute.contains("/.") && !absolute.contains("//") && !absolute.hasSuffix("/")
    }

    /// The process's current directory (`getcwd`; "." when it cannot be read, which leaves a
    /// relative path as relative as it was).
    private static func currentDirectory() -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
            guard let base = buffer.baseAddress, getcwd(base, buffer.count) != nil else { return "." }
            return String(cString: base)
        }
    }

    /// The bytes of the regular file at `path`, mapped with their pages mapped in (or read when
    /// they cannot be mapped), or nil for anything else (see the type's comment); its size is known
    /// (``sizeWhileReading(_:)``) from when it is open.
    private func readFile(_ path: String, maximumSize: Int) -> DocumentBytes? {
        // A manifest the person running mbml named is not under the file-read policy.
        guard let file = try? FileDoor.open(path, as: .manifest, policy: .anywhere, maximumSize: maximumSize),
            !file.isPipe
        else { return nil }
        opened.withLock { $0 = (path, file.size) }
        if file.size > 0, let mapped = try? MappedFile(file, path: path) {
            mapped.populate(0..<mapped.buffer.count)
            return DocumentBytes(mapped: mapped)
        }
        return (try? FileDoor.readAll(file, path: path, maximumSize: maximumSize)).map(DocumentBytes.init)
    }
}
