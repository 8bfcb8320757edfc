import ArgumentParser
import MBMLEngine

/// The options every command that builds a variable space shares: JSON data files and the file-write
/// permission. `eval`, `vars`, `bench` (through ``EngineOptions``) and `inspect` include them.
struct SessionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A JSON file to load into $NAME (repeatable).", valueName: "NAME=FILE.json"))
    var data: [String] = []

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

    /// The environment options these flags ask for.
    var environmentOptions: EnvironmentOptions {
        var options = EnvironmentOptions()
        options.allowsFileWrites = allowFileWrites
        return options
    }
}
