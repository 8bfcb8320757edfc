import ArgumentParser
import Foundation
import MBMLEngine

#if canImport(Glibc)
import Glibc
#endif

/// JSON piped to a command on standard input: `--data NAME=-`, or `$data` of `mbml eval` when
/// input is piped in and the expression reads `$data` (as `mbml` opens piped JSON in the inspector).
enum StandardInputJSON {
    /// The name `--data NAME=-` uses for standard input.
    static let path = "-"
    /// What diagnostics call it.
    static let label = "<stdin>"
    /// The variable piped JSON fills when no `--data NAME=-` names one.
    static let defaultName = "data"

    /// Whether standard input is a pipe or a file (not a terminal, not `/dev/null` or another device):
    /// something was piped or redirected in.
    static var isPiped: Bool {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFREG || type == S_IFSOCK
    }

    /// Reads all of standard input as the variable `name`.
    /// - Throws: `ExitCode.failure` (with a message) past ``InspectTarget/standardInputLimit``.
    static func input(name: String) throws -> EnvironmentInput {
        var data = Data()
        while true {
            let chunk = FileHandle.standardInput.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            data.append(chunk)
            if data.count > InspectTarget.standardInputLimit {
                StandardStream.error.writeLine(
                    "\(label): more than \(InspectTarget.standardInputLimit >> 20) MiB of JSON; save it to a file and use --data \(name)=FILE.json"
                )
                throw ExitCode.failure
            }
        }
        return .dataText(name: name, bytes: data, label: label)
    }

    /// Whether `expression` reads the variable `name` (in any grammar).
    static func expression(_ expression: String, reads name: String) -> Bool {
        [Grammar.object, .math, .boolean].contains { grammar in
            MBMLSyntax.references(in: expression, grammar: grammar).variables.contains(name)
        }
    }
}
