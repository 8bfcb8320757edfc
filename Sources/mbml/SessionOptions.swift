import ArgumentParser
import MBMLEngine

/// The options every command that builds a variable space shares: JSON data files, `$ENV` and the
/// file-write permission. `eval`, `vars`, `render`, `bench` (through ``EngineOptions``) and
/// `inspect` include them.
struct SessionOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A JSON file to load into $NAME (repeatable; loads in command-line order with --manifest).",
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
    var environmentOptions: EnvironmentOptions {
        var options = EnvironmentOptions()
        options.allowsFileWrites = allowFileWrites
        return options
    }
}
