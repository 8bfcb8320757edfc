import ArgumentParser
import Foundation
import MBMLEngine

/// The options every command that builds a variable space shares: JSON data files, `$ENV` and the
/// file-write permission. `eval`, `vars`, `render`, `bench` (through ``EngineOptions``) and
/// `inspect` include them.
struct SessionOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON file to load into $NAME (repeatable; loads in command-line order with --manifest). A .jsonl or .ndjson file is read as JSON Lines: an array of its records.",
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

    func validate() throws {
        _ = try dataFiles()
    }

    /// The parsed `--data` specifications.
    func dataFiles() throws -> [DataFileSpec] {
        do {
            return try data.map(DataFileSpec.init(parsing:))
        } catch let error as DataFileError {
            throw ValidationError(error.description)
        }
    }

    /// `$ENV` as the first input when `--env` (or the command's default) asks for it.
    func environmentInputs(defaultingTo envByDefault: Bool) -> [EnvironmentInput] {
        (env ?? envByDefault) ? [.currentProcessEnvironment] : []
    }

    /// The environment options these flags ask for.
    var environmentOptions: EnvironmentOptions { environmentOptions(inputs: []) }

    /// The environment options these flags ask for, with a file-read policy (<doc:RunningUntrustedMBML>)
    /// that allows the current folder (unless it is `/` or the home folder), the folders of the data
    /// files and of `inputs` (manifests, templates, expectation files: each a file path), `workFolders`
    /// and the folders of `--allow-file-reads`.
    func environmentOptions(inputs: [String], workFolders: [String] = []) -> EnvironmentOptions {
        var options = EnvironmentOptions()
        options.allowsFileWrites = allowFileWrites
        let dataPaths = ((try? dataFiles()) ?? []).map(\.path)
        options.fileReadPolicy = .forInputs(
            current: FileManager.default.currentDirectoryPath, inputs: inputs + dataPaths, allowed: allowFileReads,
            workFolders: workFolders)
        return options
    }
}
