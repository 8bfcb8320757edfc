import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output moved to the terminal while the inspector draws, when it is not one (a pipe, a
/// file): the screen goes to `/dev/tty`, and ``restore()`` gives standard output back for what
/// the user quits with.
final class TerminalOutput {
    private var saved: Int32

    private init(saved: Int32) {
        self.saved = saved
    }

    /// Makes `/dev/tty` standard output when standard output is not a terminal.
    /// - Returns: nil when standard output already is a terminal (nothing moved).
    /// - Throws: ``InspectorStartError`` when there is no terminal to draw on.
    static func takeTerminal() throws -> TerminalOutput? {
        guard isatty(STDOUT_FILENO) != 1 else { return nil }
        let terminal = open("/dev/tty", O_RDWR)
        guard terminal >= 0 else {
            throw InspectorStartError(
                description: "mbml inspect needs a terminal to draw on (/dev/tty); use `mbml eval` in scripts")
        }
        defer { close(terminal) }
        let saved = dup(STDOUT_FILENO)
        guard saved >= 0, dup2(terminal, STDOUT_FILENO) >= 0 else {
            if saved >= 0 { close(saved) }
            throw InspectorStartError(description: "mbml inspect could not draw on the terminal (/dev/tty)")
        }
        return TerminalOutput(saved: saved)
    }

    /// Gives standard output back (once; later calls do nothing).
    func restore() {
        guard saved >= 0 else { return }
        fflush(nil)
        dup2(saved, STDOUT_FILENO)
        close(saved)
        saved = -1
    }
}
