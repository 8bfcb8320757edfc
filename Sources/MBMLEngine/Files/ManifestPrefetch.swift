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
    /// The path read ahead, as the load names the file: absolute, without `.` or `..`.
    public let path: String
    private let bytes = Mutex<[UInt8]?>(nil)
    private let finished = DispatchGroup()

    /// Starts reading the manifest at `path` (a file path, as `--manifest` takes it) on a thread of
    /// its own, up to `maximumSize` bytes.
    public init(path: String, maximumSize: Int = FileLimits().manifest) {
        self.path = EnvironmentBuilder.location(ofManifest: URL(fileURLWithPath: path)).path
        finished.enter()
        SiblingThread.start { [self] in
            defer { finished.leave() }
            guard let read = Self.read(self.path, maximumSize: maximumSize) else { return }
            bytes.withLock { $0 = read }
        }
    }

    /// The bytes read ahead of the file at `path`, once they are read (this waits for them); nil
    /// when `path` is another file, or when the file was not read ahead or holds more than
    /// `maximumSize` bytes (the load then reads it itself).
    func bytes(of path: String, maximumSize: Int) -> [UInt8]? {
        guard path == self.path else { return nil }
        finished.wait()
        guard let read = bytes.withLock({ $0 }), read.count <= maximumSize else { return nil }
        return read
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
