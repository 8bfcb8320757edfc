import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to standard output or standard error: every call is one `write(2)`, so a line
/// reaches a reading process at once (the `--jsonl` protocol depends on it).
struct StandardStream {
    let handle: FileHandle

    static let output = StandardStream(handle: .standardOutput)
    static let error = StandardStream(handle: .standardError)

    /// Writes `text` and a line feed.
    func writeLine(_ text: String) {
        write(text + "\n")
    }

    /// Writes `text`. A closed pipe is ignored (SIGPIPE is ignored by `main`).
    func write(_ text: String) {
        let data = Data(text.utf8)
        data.withUnsafeBytes { buffer in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = systemWrite(handle.fileDescriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                remaining -= written
                pointer += written
            }
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
