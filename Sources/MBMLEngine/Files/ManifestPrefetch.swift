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
/// wrong. The bytes are the file as it was a few milliseconds before the load would have read it:
/// a change in between is one the load could as well have missed by starting a little earlier.
public final class ManifestPrefetch: Sendable {
    /// The path read ahead and its bytes, once the thread that reads them is done.
    private let read = Mutex<(path: String, bytes: [UInt8]?)>(("", nil))
    private let finished = DispatchGroup()

    /// Starts reading the manifest at `path` (a file path, as `--manifest` takes it) on a thread of
    /// its own, up to `maximumSize` bytes.
    ///
    /// The path is made absolute here, against the current directory now, and the other thread
    /// names it as the load does (``path``): the first use of the URL type's machinery, a
    /// millisecond, is then spent beside the caller's start.
    public init(path: String, maximumSize: Int = FileLimits().manifest) {
        let absolute = path.hasPrefix("/") ? path : Self.currentDirectory() + "/" + path
        finished.enter()
        SiblingThread.start { [self] in
            defer { finished.leave() }
            let named = EnvironmentBuilder.location(ofManifest: URL(fileURLWithPath: absolute)).path
            let bytes = Self.read(named, maximumSize: maximumSize)
            read.withLock { $0 = (named, bytes) }
        }
    }

    /// The path read ahead, as the load names the file: absolute, without `.` or `..` (this waits
    /// for the reading thread).
    public var path: String {
        finished.wait()
        return read.withLock { $0.path }
    }

    /// The bytes read ahead of the file at `path`, once they are read (this waits for them); nil
    /// when `path` is another file, or when the file was not read ahead or holds more than
    /// `maximumSize` bytes (the load then reads it itself).
    func bytes(of path: String, maximumSize: Int) -> [UInt8]? {
        finished.wait()
        return read.withLock { read in
            guard read.path == path, let bytes = read.bytes, bytes.count <= maximumSize else { return nil }
            return bytes
        }
    }

    /// The process's current directory (`getcwd`; "." when it cannot be read, which leaves a
    /// relative path as relative as it was).
    private static func currentDirectory() -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
            guard let base = buffer.baseAddress, getcwd(base, buffer.count) != nil else { return "." }
            return String(cString: base)
        }
    }

    /// The bytes of the regular file at `path`, or nil for anything else (see the type's comment).
    private static func read(_ path: String, maximumSize: Int) -> [UInt8]? {
        // A manifest the person running mbml named is not under the file-read policy.
        guard let file = try? FileDoor.open(path, as: .manifest, policy: .anywhere, maximumSize: maximumSize),
            !file.isPipe
        else { return nil }
        return try? FileDoor.readAll(file, path: path, maximumSize: maximumSize)
    }
}
