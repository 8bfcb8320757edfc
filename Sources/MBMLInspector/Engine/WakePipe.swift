import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A non-blocking pipe a background queue writes a byte to, so that the event loop's `poll` wakes
/// when answers are waiting.
final class WakePipe: Sendable {
    private let descriptors: [Int32]

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for fd in descriptors {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        self.descriptors = descriptors
    }

    deinit {
        for fd in descriptors where fd >= 0 { close(fd) }
    }

    /// Readable after ``wake()``.
    var fileDescriptor: Int32 { descriptors[0] }

    func wake() {
        var byte: UInt8 = 1
        _ = write(descriptors[1], &byte, 1)
    }

    /// Empties the pipe (before collecting what is waiting).
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(descriptors[0], &buffer, buffer.count) > 0 {}
    }
}
