import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's text editor, opened at a line: `$VISUAL`, else `$EDITOR`, else `vi`, run as
/// `EDITOR +LINE FILE` through `/bin/sh` (so that `VISUAL="code --wait"` works), in the
/// terminal's foreground (see ``ForegroundJob``).
enum ExternalEditor {
    /// The editor command the environment asks for.
    static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// The arguments after the editor command: `+LINE FILE`. A relative file name that starts with
    /// `+` or `-` is given as `./NAME`, so that no editor reads it as a command (`+!cmd` in vi) or an
    /// option, whatever form `$VISUAL`/`$EDITOR` takes (`./` works for every editor; `--` does not).
    static func arguments(file: String, line: Int) -> [String] {
        ["+\(max(line, 1))", pathArgument(file)]
    }

    /// `file` as an editor argument that can only be read as a path.
    static func pathArgument(_ file: String) -> String {
        file.hasPrefix("-") || file.hasPrefix("+") ? "./" + file : file
    }

    /// The shell's arguments that run `editor` on `file` at `line`: the editor's own words are
    /// split by the shell, `exec` makes the editor the process waited for (so that its
    /// suspension is seen), and the file and line go as positional parameters, never quoted
    /// into the command.
    static func shellArguments(editor: String, file: String, line: Int) -> [String] {
        ["sh", "-c", "exec " + editor + " \"$@\"", "mbml-editor"] + arguments(file: file, line: line)
    }

    /// Why `editor` can not be started, found before the terminal is handed over: its first word
    /// names no executable (looked up in `PATH` when it has no slash). Nil when it looks startable
    /// or is too involved to check (quotes, variables, assignments: the shell then decides).
    static func startProblem(
        editor: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        guard let program = editor.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init),
            !program.contains(where: { "'\"$`\\=;&|<>(){}*?~".contains($0) })
        else { return nil }
        if program.contains("/") {
            return access(program, X_OK) == 0 ? nil : "Could not start the editor: \(program) is not an executable file"
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        if directories.contains(where: { access("\($0)/\(program)", X_OK) == 0 }) { return nil }
        return "Could not start the editor: \(program) not found (set $VISUAL or $EDITOR)"
    }

    /// What a finished editor run means for the user: nil when all went well.
    static func problem(with ending: ForegroundJob.Ending, editor: String) -> String? {
        switch ending {
        case .exited(0):
            return nil
        case .exited(126):
            return "Could not start the editor (\(editor)): not executable"
        case .exited(127):
            return "Could not start the editor (\(editor)): command not found"
        case .exited(let status):
            return "The editor (\(editor)) exited with status \(status)"
        case .signaled(let number):
            return "The editor (\(editor)) was ended by signal \(number)"
        case .notStarted(let code):
            return "Could not start the editor (\(editor)): \(String(cString: strerror(code)))"
        }
    }

    /// Runs the editor in the terminal's foreground and waits for it. The caller leaves curses
    /// mode before (``NcursesScreen/handOver(mouseEnabled:to:)``) and restores it after.
    /// - Returns: nil when it ran and exited with status 0, otherwise what went wrong.
    static func run(file: String, line: Int, editor: String) -> String? {
        let job = ForegroundJob(path: "/bin/sh", arguments: shellArguments(editor: editor, file: file, line: line))
        return problem(with: job.run(), editor: editor)
    }
}
