import ArgumentParser
import Foundation
import MBMLEngine

/// What the session options say — JSON data files, `$ENV`, file-write permission, the read
/// policy's folders and the project file — and what a run makes of it.
///
/// ``SessionOptions`` (ArgumentParser's parse) and ``EvalFastPath/Session`` (the fast path's) both
/// conform, so each rule below has one home whichever parser read the line.
protocol SessionSettings {
    /// The `--data` specifications as written (`NAME=FILE.json`).
    var data: [String] { get }
    /// `--env` (true), `--no-env` (false) or neither (nil).
    var env: Bool? { get }
    /// `--allow-file-writes`.
    var allowFileWrites: Bool { get }
    /// The `--allow-file-reads` folders.
    var allowFileReads: [String] { get }
    /// `--project`.
    var project: String? { get }
    /// `--no-project`.
    var noProject: Bool { get }
}

extension SessionSettings {
    /// Throws the usage error of values that cannot go together or cannot be read.
    func checkValues() throws {
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
