import ArgumentParser
import Foundation
import MBMLEngine

/// What the engine options say — the manifests and the session's options — and how a run builds
/// its environment from them.
///
/// ``EngineOptions`` (ArgumentParser's parse) and ``EvalFastPath/Engine`` (the fast path's) both
/// conform. Every input loads into one environment (``EnvironmentBuilder``): `$ENV` first, then
/// `--manifest` and `--data` in command-line order.
protocol EngineSettings {
    associatedtype Session: SessionSettings
    /// The `--manifest` paths (`-`: standard input).
    var manifest: [String] { get }
    /// The session's options.
    var session: Session { get }
}

extension EngineSettings {
    /// Throws the usage error of inputs that cannot go together.
    func checkValues() throws {
        if standardInputReaders > 1 {
            throw ValidationError("Only one --manifest or --data may read standard input (-).")
        }
    }

    /// How many inputs read standard input (`--manifest -`, `--data NAME=-`).
    var standardInputReaders: Int {
        manifest.filter { $0 == StandardInputJSON.path }.count
            + ((try? session.dataFiles()) ?? []).filter { $0.path == StandardInputJSON.path }.count
    }

    /// The first `--manifest` file, read ahead on a thread of its own from now on
    /// (``ManifestPrefetch``): a command that loads it once, right after it starts, does the rest of
    /// its start meanwhile. Nil when the first manifest is standard input or there is none.
    func prefetchFirstManifest() -> ManifestPrefetch? {
        guard let path = manifest.first, path != StandardInputJSON.path else { return nil }
        return ManifestPrefetch(path: path)
    }

    /// The environment options these flags ask for.
    var environmentOptions: EnvironmentOptions { environmentOptions() }

    /// The environment options, with the manifests' folders, those of `inputs` (a template, expectation
    /// files) and `workFolders` in the file-read policy. The commands built on these options run
    /// once and end, so large data files are mapped (``DataFileReading/mapped``).
    func environmentOptions(inputs: [String] = [], workFolders: [String] = [], project: ProjectFile? = nil)
        -> EnvironmentOptions
    {
        var options = session.environmentOptions(inputs: manifest + inputs, workFolders: workFolders, project: project)
        options.dataFileReading = .mapped
        return options
    }

    /// The inputs in load order: `$ENV` (when asked for), then manifests and data files as they
    /// appear on the command line.
    ///
    /// - Parameter envByDefault: whether `$ENV` loads when neither `--env` nor `--no-env` is given.
    /// - Parameter pipedData: the variable that JSON piped on standard input loads into, first,
    ///   when no input reads standard input itself (`mbml eval`'s `$data`); nil: none.
    /// - Parameter project: the project whose inputs load first, in its order (after `$ENV`); the
    ///   options' inputs follow, those the project loads already left out.
    func inputs(
        envByDefault: Bool, pipedData: String? = nil, arguments: [String] = CommandLine.arguments,
        project: ProjectFile? = nil
    ) throws -> [EnvironmentInput] {
        let dataFiles = try session.dataFiles().map { spec in
            spec.path == StandardInputJSON.path ? try StandardInputJSON.input(name: spec.name) : .data(spec)
        }
        let manifests = try manifest.map(manifestInput)
        let order =
            InputOrder.kinds(in: arguments, manifestCount: manifests.count, dataCount: dataFiles.count)
            ?? Array(repeating: .manifest, count: manifests.count) + Array(repeating: .data, count: dataFiles.count)
        var nextManifest = manifests.makeIterator()
        var nextData = dataFiles.makeIterator()
        let ordered: [EnvironmentInput] = order.compactMap { kind in
            kind == .manifest ? nextManifest.next() : nextData.next()
        }
        var piped: [EnvironmentInput] = []
        if let pipedData, standardInputReaders == 0, StandardInputJSON.isPiped,
            try !session.dataFiles().contains(where: { $0.name == pipedData })
        {
            piped.append(try StandardInputJSON.input(name: pipedData))
        }
        let environment = session.environmentInputs(defaultingTo: envByDefault, project: project)
        guard let project else { return environment + piped + ordered }
        return project.environmentInputs(environment: environment.first, then: piped + ordered)
    }

    /// Loads every input into a new environment that logs to standard error (where every
    /// diagnostic is printed as `file:line:column: message`, as it is found).
    ///
    /// - Parameter budget: limits for evaluations at load time too: the file-size cap, and the time
    ///   budget for the whole load (a manifest whose `if` or `value` never ends stops with an error).
    ///   - inputs, workFolders: more files and folders for the file-read policy (``environmentOptions(inputs:workFolders:)``).
    ///   - pipedData: the variable piped JSON loads into (see ``inputs(envByDefault:pipedData:arguments:project:)``).
    ///   - project: the project of the run (``SessionSettings/projectFile(startingAt:)``): its inputs
    ///     load first, its folders widen the file-read policy.
    ///   - prefetch: a manifest read ahead (``prefetchFirstManifest()``), taken when it is loaded.
    ///   - endsAfterAnswering: whether the process ends once this environment has answered (`eval`):
    ///     the load's documents and tables are then kept, not freed
    ///     (`EnvironmentBuilder.keepsLoadStateUntilExit`).
    /// - Throws: `ExitCode.failure` when an input cannot be loaded at all.
    func makeEnvironment(
        log: LogSink = .standardError(), parsing: XMLParsingMode = .strict, envByDefault: Bool = false,
        budget: (any BudgetSettings)? = nil, inputs: [String] = [], workFolders: [String] = [],
        pipedData: String? = nil, project: ProjectFile? = nil, prefetch: ManifestPrefetch? = nil,
        endsAfterAnswering: Bool = false
    ) throws -> Environment {
        var options = environmentOptions(inputs: inputs, workFolders: workFolders, project: project)
        if let budget = budget { options = budget.limiting(options) }
        var builder = EnvironmentBuilder(options: options, log: log, parsing: parsing)
        builder.limitHint = { LimitHint.hint(for: $0) }
        builder.prefetch = prefetch
        builder.keepsLoadStateUntilExit = endsAfterAnswering
        // The whole load is one job: one deadline and one memory budget for all its expressions.
        let load = builder.build(
            try self.inputs(envByDefault: envByDefault, pipedData: pipedData, project: project),
            limits: budget?.limits())
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
