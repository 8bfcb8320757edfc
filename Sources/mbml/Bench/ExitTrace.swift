import Foundation

#if canImport(Glibc)
import Glibc
#endif
#if os(Linux)
import CProcessTrace
#endif

/// The peak resident memory of a spawned program, its own and nothing else's.
///
/// On Linux the kernel's `rusage` of a child cannot give it: when a process calls `exec`, the
/// kernel folds the high-water mark of the memory it leaves into the process's `ru_maxrss`, and
/// a spawned child leaves its parent's memory (shared after `vfork`, copied after `fork`). So
/// every program `mbml bench` starts would report at least the bench's own size. Instead the
/// program is started through a shell that stops itself, is traced from there (`PTRACE_SEIZE`
/// with `PTRACE_O_TRACEEXIT`), then `exec`s the program, whose fresh memory has its own
/// high-water mark; at the stop on exit, before that memory is released, its `VmHWM` is read
/// from `/proc/PID/status`. Where tracing is not possible the `rusage` figure stands.
enum ExitTrace {
    /// The program and arguments to spawn so that `executable` can be traced before it runs.
    static func launch(_ executable: String, _ arguments: [String]) -> (String, [String]) {
        #if os(Linux)
        return ("/bin/sh", ["-c", "kill -STOP $$ && exec \"$0\" \"$@\"", executable] + arguments)
        #else
        return (executable, arguments)
        #endif
    }

    /// How a spawned program stands after ``attach(_:)``.
    enum Attachment {
        /// Traced: it stops at its exit.
        case traced
        /// Running, not traced (tracing refused, or not Linux).
        case untraced
        /// It ended before it could be traced, with this wait status.
        case exited(Int32)
    }

    /// Waits until the shell spawned by ``launch(_:_:)`` has stopped itself, traces it and lets it
    /// go on.
    static func attach(_ pid: pid_t) -> Attachment {
        #if os(Linux)
        var status: Int32 = 0
        while waitpid(pid, &status, WUNTRACED) < 0 {
            if errno != EINTR { return .untraced }
        }
        guard status & 0xFF == 0x7F else { return .exited(status) }
        let traced = mbml_trace_exit(pid) == 0
        kill(pid, SIGCONT)
        return traced ? .traced : .untraced
        #else
        return .untraced
        #endif
    }

    /// Waits for the program to exit: its wait status, its `rusage` and, when it was traced, its
    /// own peak resident memory in bytes read at its exit.
    static func wait(_ pid: pid_t, _ attachment: Attachment) -> (status: Int32, usage: rusage, peak: Int?) {
        if case .exited(let status) = attachment { return (status, rusage(), nil) }
        let traced = if case .traced = attachment { true } else { false }
        var status: Int32 = 0
        var usage = rusage()
        var peak: Int?
        while true {
            if wait4(pid, &status, 0, &usage) < 0 {
                if errno == EINTR { continue }
                return (status, usage, peak)
            }
            guard traced, status & 0xFF == 0x7F else { return (status, usage, peak) }
            #if os(Linux)
            // A stop of the traced program: at its exit, read its peak; a signal for it, pass on;
            // any other stop (job control), resume.
            let signal = (status >> 8) & 0xFF
            let event = status >> 16
            if event == mbml_trace_event_exit() {
                peak = highWaterMark(of: pid) ?? peak
                _ = mbml_trace_continue(pid, 0)
            } else {
                _ = mbml_trace_continue(pid, event == 0 ? signal : 0)
            }
            #endif
        }
    }

    /// `VmHWM` of a live process in bytes, from `/proc/PID/status`.
    static func highWaterMark(of pid: pid_t) -> Int? {
        let descriptor = open("/proc/\(pid)/status", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var text = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { text.append(contentsOf: buffer[0..<count]); continue }
            if count < 0, errno == EINTR { continue }
            break
        }
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n")
        where line.hasPrefix("VmHWM:") {
            let kilobytes = line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first
                .flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}
