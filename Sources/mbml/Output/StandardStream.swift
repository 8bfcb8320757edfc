import Foundation
import MBMLEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to standard output or standard error: every call is one `write(2)`, so a line
/// reaches a reading process at once (the `--jsonl` protocol depends on it).
///
/// Text for a person (``error``, ``report``) passes through ``TerminalSafeText`` on its way out,
/// keeping line breaks and tabs: whatever a manifest, data file, template or expectation file puts
/// into a diagnostic, log line or report reaches the terminal as visible escapes, never as a
/// control sequence. ``output`` carries results for programs (JSON, rendered text) byte for byte.
struct StandardStream {
    let handle: FileHandle
    /// Whether text passes through ``TerminalSafeText`` (line breaks and tabs kept).
    let isTerminalSafe: Bool

    /// Standard output for results: written as given.
    static let output = StandardStream(handle: .standardOutput, isTerminalSafe: false)
    /// Standard output for reports a person reads (`explain`, `check`, `vars`, `functions`, ...).
    static let report = StandardStream(handle: .standardOutput, isTerminalSafe: true)
    /// Standard error: diagnostics, log lines, error messages.
    static let error = StandardStream(handle: .standardError, isTerminalSafe: true)

    /// True when the stream is a terminal (not a pipe or file).
    var isTerminal: Bool { isatty(handle.fileDescriptor) == 1 }

    /// Writes `text` and a line feed.
    func writeLine(_ text: String) {
        write(text + "\n")
    }

    /// Writes `text`. When standard output cannot be written (a full disk, an I/O error) the command
    /// ends at once: the reason goes to standard error and the exit status is 1, so a result that was
    /// not delivered never looks like success. A closed pipe means the reader has all it wanted (as
    /// `head` does; SIGPIPE is ignored by `main`): the command stops quietly with status 0. A failed
    /// write to standard error is ignored (there is nowhere left to report it).
    func write(_ text: String) {
        let text = isTerminalSafe ? TerminalSafeText.escaping(text, layout: .multiLine) : text
        guard let failure = writeAll(text) else { return }
        guard handle.fileDescriptor == FileHandle.standardOutput.fileDescriptor else { return }
        if failure == EPIPE { exit(0) }
        _ = StandardStream.error.writeAll(
            "error: couldn't write to standard output: \(String(cString: strerror(failure)))\n")
        exit(1)
    }

    /// Writes every byte of `text`; returns the `errno` of a failed write, or nil.
    private func writeAll(_ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { buffer -> Int32? in
            guard var pointer = buffer.baseAddress else { return nil }
            var remaining = buffer.count
            while remaining > 0 {
                let written = systemWrite(handle.fileDescriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                remaining -= written
                pointer += written
            }
            return nil
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
