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
        if project != nil, noProject { throw ValidationError("--project and --no-project exclude each other.") }
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

    /// `$ENV` as the first input when `--env` asks for it, else when the project says so (its
    /// `"env"`), else when the command's default does (`--no-env`: never); with the project's
    /// variables set over the process's.
    func environmentInputs(defaultingTo envByDefault: Bool, project: ProjectFile? = nil) -> [EnvironmentInput] {
        let projectSays = project.flatMap { $0.specifiesProcessEnvironment ? $0.includesProcessEnvironment : nil }
        guard env ?? projectSays ?? envByDefault else { return [] }
        return [project?.processEnvironmentInput() ?? .currentProcessEnvironment]
    }

    /// The project file of a run that opens `start` (a file or folder; the current folder by
    /// default): the one `--project` names, else the nearest found (``ProjectFileLocator``), unless
    /// `--no-project`. A project file that cannot be used is reported as `file:line:column: message`.
    /// - Throws: `ExitCode.failure` for a project file that cannot be used.
    func projectFile(startingAt start: String? = nil) throws -> ProjectFile? {
        if noProject { return nil }
        do {
            if let project { return try ProjectFile(contentsOf: project) }
            return try ProjectFile.discover(from: start ?? FileManager.default.currentDirectoryPath)
        } catch {
            StandardStream.error.writeLine(error.description)
            throw ExitCode.failure
        }
    }

    /// The environment options these flags ask for.
    var environmentOptions: EnvironmentOptions { environmentOptions(inputs: []) }

    /// The environment options these flags ask for, with a file-read policy (<doc:RunningUntrustedMBML>)
    /// that allows the current folder (unless it is `/` or the home folder), the folders of the data
    /// files and of `inputs` (manifests, templates, expectation files: each a file path), `workFolders`
    /// and the folders of `--allow-file-reads`.
    /// A project adds its folder, the folders of the files it names and its `allowFileReads` folders
    /// (``ProjectFile/widening(_:)``).
    func environmentOptions(inputs: [String], workFolders: [String] = [], project: ProjectFile? = nil)
        -> EnvironmentOptions
    {
        var options = EnvironmentOptions()
        options.allowsFileWrites = allowFileWrites
        let dataPaths = ((try? dataFiles()) ?? []).map(\.path)
        options.fileReadPolicy = .forInputs(
            current: FileManager.default.currentDirectoryPath, inputs: inputs + dataPaths, allowed: allowFileReads,
            workFolders: workFolders)
        if let project { options.fileReadPolicy = project.widening(options.fileReadPolicy) }
        return options
    }
}
