import ArgumentParser
import Foundation
import MBMLEngine

/// The options that build the environment expressions run in: manifests, plus the data files,
/// `$ENV` and file-write permission of ``SessionOptions``. Every input loads into one environment
/// (``EnvironmentBuilder``): `$ENV` first, then `--manifest` and `--data` in command-line order.
struct EngineOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "An MBML manifest to load (repeatable; - reads standard input). Inputs load in command-line order into one environment, each seeing what came before it.",
            valueName: "file"))
    var manifest: [String] = []

    @OptionGroup var session: SessionOptions

    func validate() throws {
        if manifest.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("Only one --manifest may read standard input (-).")
        }
    }

    /// The environment options these flags ask for.
    var environmentOptions: EnvironmentOptions { environmentOptions() }

    /// The environment options, with the manifests' folders, those of `inputs` (a template, expectation
    /// files) and `workFolders` in the file-read policy.
    func environmentOptions(inputs: [String] = [], workFolders: [String] = []) -> EnvironmentOptions {
        session.environmentOptions(inputs: manifest + inputs, workFolders: workFolders)
    }

    /// The inputs in load order: `$ENV` (when asked for), then manifests and data files as they
    /// appear on the command line.
    ///
    /// - Parameter envByDefault: whether `$ENV` loads when neither `--env` nor `--no-env` is given.
    func inputs(envByDefault: Bool, arguments: [String] = CommandLine.arguments) throws -> [EnvironmentInput] {
        let dataFiles = try session.dataFiles()
        let manifests = try manifest.map(manifestInput)
        let order =
            InputOrder.kinds(in: arguments, manifestCount: manifests.count, dataCount: dataFiles.count)
            ?? Array(repeating: .manifest, count: manifests.count) + Array(repeating: .data, count: dataFiles.count)
        var nextManifest = manifests.makeIterator()
        var nextData = dataFiles.makeIterator()
        let ordered: [EnvironmentInput] = order.compactMap { kind in
            kind == .manifest ? nextManifest.next() : nextData.next().map(EnvironmentInput.data)
        }
        return session.environmentInputs(defaultingTo: envByDefault) + ordered
    }

    /// Loads every input into a new environment that logs to standard error (where every
    /// diagnostic is printed as `file:line:column: message`, as it is found).
    ///
    /// - Parameter budget: limits for evaluations at load time too: the file-size cap, and the time
    ///   budget for the whole load (a manifest whose `if` or `value` never ends stops with an error).
    ///   - inputs, workFolders: more files and folders for the file-read policy (``environmentOptions(inputs:workFolders:)``).
    /// - Throws: `ExitCode.failure` when an input cannot be loaded at all.
    func makeEnvironment(
        log: LogSink = .standardError(), parsing: XMLParsingMode = .strict,
        envByDefault: Bool = false, budget: BudgetOptions? = nil, inputs: [String] = [], workFolders: [String] = []
    ) throws -> Environment {
        var options = environmentOptions(inputs: inputs, workFolders: workFolders)
        if let budget = budget {
            options.maximumFileSize = budget.maxFileSize
            options.maximumEvaluationBytes = budget.maxMemory
        }
        var builder = EnvironmentBuilder(options: options, log: log, parsing: parsing)
        builder.limitHint = { LimitHint.hint(for: $0) }
        // The whole load is one job: one deadline and one memory budget for all its expressions.
        let load = builder.build(try self.inputs(envByDefault: envByDefault), limits: budget?.limits())
        if load.hasFailures { throw ExitCode.failure }
        return load.environment
    }

    private func manifestInput(_ path: String) throws -> EnvironmentInput {
        guard path == "-" else { return .manifest(URL(fileURLWithPath: path)) }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard let text = String(data: data, encoding: .utf8) else {
            StandardStream.error.writeLine("<stdin>:1:1: the manifest on standard input is not UTF-8 text")
            throw ExitCode.failure
        }
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return .manifestText(text, name: "<stdin>", directory: directory)
    }
}
