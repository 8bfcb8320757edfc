import Foundation
import MBMLEngine
import MBMLInspector

/// What `mbml [PATH]` opens: a manifest, a JSON or JSON Lines data file (as `$data`, or `--name`),
/// JSON or NDJSON read from standard input, or the built-in tutorial.
enum InspectTarget: Equatable {
    case manifest(String)
    case dataFile(String)
    case standardInput
    case tutorial

    /// The largest JSON document read from standard input.
    static let standardInputLimit = 1 << 30

    /// Decides from the argument and whether standard input is a terminal.
    /// - Throws: a message when the path does not exist.
    static func choose(path: String?, standardInputIsTerminal: Bool) throws -> InspectTarget {
        guard let path = path else { return standardInputIsTerminal ? .tutorial : .standardInput }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InspectTargetError("\(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw InspectTargetError("\(path): is a directory, not a manifest or JSON file")
        }
        return looksLikeJSON(path) ? .dataFile(path) : .manifest(path)
    }

    /// A `.json`, `.jsonl` or `.ndjson` name, or a file whose first non-blank character is `{` or `[`.
    static func looksLikeJSON(_ path: String) -> Bool {
        if path.lowercased().hasSuffix(".json") || DataFileSpec.isJSONLinesName(path) { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: 4096)
        let first = head.first {
            ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains($0)
        }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Reads JSON from standard input into `$name` of a new environment, then makes the terminal
    /// (`/dev/tty`) standard input, so that keys come from the keyboard while the data came from a pipe.
    /// - Throws: a message when the input is not JSON, too large, or there is no terminal.
    static func readStandardInput(name: String, options: EnvironmentOptions) throws -> Environment {
        var data = Data()
        while true {
            let chunk = FileHandle.standardInput.readData(ofLength: 1 << 20)
            if chunk.isEmpty { break }
            data.append(chunk)
            if data.count > standardInputLimit {
                throw InspectTargetError(
                    "standard input: more than \(standardInputLimit >> 20) MiB of JSON; save it to a file and open that"
                )
            }
        }
        let value: Value
        do {
            // NDJSON (one record a line, as `jq -c` and log tools write) opens as an array of the records.
            value = try JSONCodec.decodePipedLazily(data)
        } catch let error as JSONDecodingError {
            throw InspectTargetError("standard input:\(error.line):\(error.column): \(error.message)")
        }
        let terminal = open("/dev/tty", O_RDWR)
        guard terminal >= 0, dup2(terminal, STDIN_FILENO) >= 0 else {
            throw InspectTargetError(
                "read the JSON from standard input, but there is no terminal (/dev/tty) to take keys from")
        }
        close(terminal)
        let environment = Environment(options: options)
        environment.variables.declare(name, value: value)
        return environment
    }
}

/// Why `mbml` could not open what it was given.
struct InspectTargetError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
