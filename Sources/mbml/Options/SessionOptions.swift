import ArgumentParser
import Foundation
import MBMLEngine

/// The options every command that builds a variable space shares: JSON data files, `$ENV` and the
/// file-write permission. `eval`, `vars`, `render`, `bench` (through ``EngineOptions``) and
/// `inspect` include them. What a run makes of them is in ``SessionSettings``.
struct SessionOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON file to load into $NAME (repeatable; loads in command-line order with --manifest). A .jsonl or .ndjson file is read as JSON Lines: an array of its records. NAME=- reads JSON from standard input.",
            valueName: "NAME=FILE.json"))
    var data: [String] = []

    @Flag(
        name: .long, inversion: .prefixedNo,
        help: ArgumentHelp(
            "Put the process environment into $ENV (read-only) before anything else loads. Off by default except in `render`: environment variables often hold secrets (tokens) that should not show up on a shared screen."
        ))
    var env: Bool?

    @Flag(name: .long, help: "Allow functions that write or delete files (^writeFile, ^deleteFile, ...).")
    var allowFileWrites = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Let ^fileContents, ^fileData, ^listDirectory and <Include> read this folder, hidden files included (repeatable; / allows everything but /proc, /sys and /dev, which must be named). By default they read only the current folder and the folders of the inputs, without hidden files.",
            valueName: "dir"))
    var allowFileReads: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The project file to use (default: the nearest mbml.json in the folder of what is opened or a folder above it, up to the repository root).",
            valueName: "mbml.json"))
    var project: String?

    @Flag(name: .long, help: "Use no project file, even when one is found.")
    var noProject = false

    func validate() throws {
        try checkValues()
    }
}

extension SessionOptions: SessionSettings {}
