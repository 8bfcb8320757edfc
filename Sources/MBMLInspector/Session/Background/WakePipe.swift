import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A non-blocking pipe a background queue writes a byte to, so that the event loop's `poll` wakes
/// when answers are waiting.
final class WakePipe: Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for fd in descriptors {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        readEnd = descriptors[0]
        writeEnd = descriptors[1]
    }

    deinit {
        for fd in [readEnd, writeEnd] where fd >= 0 { close(fd) }
    }

    /// Readable after ``wake()``.
    var fileDescriptor: Int32 { readEnd }

    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe (before collecting what is waiting).
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}
