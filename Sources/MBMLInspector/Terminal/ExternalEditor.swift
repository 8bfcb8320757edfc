import Foundation

/// The user's text editor, opened at a line: `$VISUAL`, else `$EDITOR`, else `vi`, run as
/// `EDITOR +LINE FILE` through `/bin/sh` (so that `EDITOR="code -w"` works), in the same terminal.
enum ExternalEditor {
    /// The editor command the environment asks for.
    static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value }
        }
        return "vi"
    }

    /// The arguments after the editor command: `+LINE FILE`.
    static func arguments(file: String, line: Int) -> [String] {
        ["+\(max(line, 1))", file]
    }

    /// Runs the editor and waits for it.
    /// - Returns: nil when it ran and exited with status 0, otherwise what went wrong.
    static func run(file: String, line: Int, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        let editor = command(environment: environment)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", editor + " \"$@\"", "mbml-editor"] + arguments(file: file, line: line)
        do {
            try process.run()
        } catch {
            return "Could not start the editor (\(editor)): \(error.localizedDescription)"
        }
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            return "The editor (\(editor)) exited with status \(process.terminationStatus)"
        }
        return nil
    }
}
