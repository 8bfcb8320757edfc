import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run in the foreground of the inspector's terminal, as a job-control shell runs one:
/// in its own process group, which is given the terminal until the program ends.
///
/// Foundation's `Process` puts its child in a new process group but never in the terminal's
/// foreground, so a terminal editor stops at its first read or mode change (SIGTTIN, SIGTTOU) and
/// the inspector waits for it forever. This type does what a shell does instead:
///
/// 1. spawns the program in a new process group (signal dispositions reset to their defaults),
/// 2. makes that group the terminal's foreground (`tcsetpgrp`, with SIGTTOU ignored meanwhile),
/// 3. waits for it with `WUNTRACED`: a child stopped by the terminal before it owned it is
///    continued; a child the user suspended (Ctrl-Z in the editor) suspends the inspector too,
///    and both go on after `fg`,
/// 4. takes the terminal back for the inspector's process group.
///
/// When the inspector is not in the terminal's foreground itself, the program runs in the
/// inspector's process group instead and nothing is handed over.
struct ForegroundJob {
    /// How the program ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
        /// It could not be started (`posix_spawn` failed with this errno).
        case notStarted(Int32)
    }

    /// The program and its arguments (`arguments[0]` is the program's name).
    var path: String
    var arguments: [String]
    /// The terminal handed over (standard input by default).
    var terminal: Int32 = STDIN_FILENO

    /// Runs the program and waits until it has ended. The caller leaves curses mode before and
    /// restores the screen after.
    func run() -> Ending {
        let ownGroup = getpgrp()
        let handsOver = isatty(terminal) == 1 && tcgetpgrp(terminal) == ownGroup
        let previousTTOU = signal(SIGTTOU, SIG_IGN)
        defer {
            if handsOver { _ = tcsetpgrp(terminal, ownGroup) }
            signal(SIGTTOU, previousTTOU)
        }
        let (child, failure) = spawn(newGroup: handsOver)
        guard failure == 0 else { return .notStarted(failure) }
        if handsOver { _ = tcsetpgrp(terminal, child) }
        return wait(for: child, handsOver: handsOver, ownGroup: ownGroup)
    }

    /// Starts the program; returns its process id and 0, or an errno.
    private func spawn(newGroup: Bool) -> (child: pid_t, failure: Int32) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if newGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE, SIGCHLD, SIGWINCH] {
            sigaddset(&defaults, number)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, nil, &attributes, argv, environ)
        return (child, status)
    }

    private func wait(for child: pid_t, handsOver: Bool, ownGroup: pid_t) -> Ending {
        while true {
            var status: Int32 = 0
            let waited = waitpid(child, &status, WUNTRACED)
            if waited < 0 {
                if errno == EINTR { continue }
                return .notStarted(errno)
            }
            switch WaitStatus(status) {
            case .exited(let code):
                return .exited(code)
            case .signaled(let number):
                return .signaled(number)
            case .stopped(let number):
                if handsOver, number != SIGTTIN, number != SIGTTOU {
                    // Suspended by the user: suspend the inspector too, as the shell's job.
                    _ = tcsetpgrp(terminal, ownGroup)
                    Self.stopSelf()
                }
                if handsOver { _ = tcsetpgrp(terminal, child) }
                kill(handsOver ? -child : child, SIGCONT)
            }
        }
    }

    /// Stops this process as Ctrl-Z would, until the shell continues it.
    private static func stopSelf() {
        let previous = signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        signal(SIGTSTP, previous)
    }
}

/// A `waitpid` status, decoded (the C macros are not imported into Swift).
enum WaitStatus: Equatable {
    case exited(Int32)
    case signaled(Int32)
    case stopped(Int32)

    init(_ status: Int32) {
        let low = status & 0x7F
        if low == 0 {
            self = .exited((status >> 8) & 0xFF)
        } else if status & 0xFF == 0x7F {
            self = .stopped((status >> 8) & 0xFF)
        } else {
            self = .signaled(low)
        }
    }
}
