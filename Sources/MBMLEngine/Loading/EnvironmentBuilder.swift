import Foundation

/// The one way an environment is built: every command of `mbml` and the inspector call it.
///
/// Inputs are loaded **in the order given** into **one** new environment, so each input sees
/// everything loaded before it: a manifest's `value="${x}"` sees the `$x` of an earlier manifest or
/// data file, and `$ENV` (when asked for) is there before anything else that comes after it. As in
/// the original, a file name is loaded at most once: a manifest or include whose file name was
/// already loaded is skipped (with a warning when the user named it directly). The original's core
/// module file, `MBDataEnvironmentModule.xml`, counts as loaded from the start: the port's standard
/// variables and functions are that module.
///
/// A load that succeeds also warns about variables its expressions refer to but nothing declares
/// (one warning per name, at its first use).
///
/// Building never disturbs an environment in use: each build makes a new one, and the host swaps it
/// in when it likes what it got (see ``EnvironmentLoad``).
///
/// ```swift
/// let load = EnvironmentBuilder().build([
///     .manifest(URL(fileURLWithPath: "repos.xml")),
///     .data(DataFileSpec(name: "user", path: "user.json")),
/// ])
/// for diagnostic in load.diagnostics { print(diagnostic) }    // file:line:column: message
/// ```
public struct EnvironmentBuilder: Sendable {
    public var options: EnvironmentOptions
    public var functions: FunctionRegistry
    /// Where diagnostics, redeclarations and load-time evaluation errors are written.
    public var log: LogSink
    /// How manifests are parsed; ``XMLParsingMode/recovering`` only for plate-compatible rendering.
    public var parsing: XMLParsingMode

    /// The error a build cancelled by its ``EvaluationLimits/isCancelled`` check reports.
    public var cancellationMessage = "Loading was cancelled"
    /// How the host says to change a limit (the CLI names its flag): appended in parentheses to the
    /// error of a build stopped by its deadline or memory budget. Nil: nothing is appended.
    public var limitHint: (@Sendable (EngineLimit) -> String)?
    /// Whether a large top-level manifest is declared while it is parsed (``XMLPieceStream``;
    /// tests compare the ways).
    var pipelining = XMLSplitting.automatic
    /// A manifest read ahead while the host started (``ManifestPrefetch``): the build takes its
    /// bytes when it loads that file. Nil: every file is read when it is loaded.
    public var prefetch: ManifestPrefetch?
    /// Whether the load's parsed documents and tables are kept until the process ends instead of
    /// freed when the build returns: for a process that ends once the environment has answered
    /// (`mbml eval`), freeing a large manifest's tables (half a millisecond for a hundred thousand
    /// declarations) only delays the answer, and the system frees them all at once at the exit.
    public var keepsLoadStateUntilExit = false

    public init(
        options: EnvironmentOptions = EnvironmentOptions(), functions: FunctionRegistry = .builtIn,
        log: LogSink = LogSink(), parsing: XMLParsingMode = .strict
    ) {
        self.options = options
        self.functions = functions
        self.log = log
        self.parsing = parsing
    }

    /// Loads `inputs`, in order, into a new environment, as one job under `limits` (nil: the limits
    /// of ``options``): every expression the load evaluates (`<Var value>`, `if` conditions) shares
    /// its one deadline and one memory budget, and the load stops where one is hit. A stopped build
    /// lists the input it was loading as failed, with an error saying which limit stopped it.
    public func build(_ inputs: [EnvironmentInput], limits: EvaluationLimits? = nil) -> EnvironmentLoad {
        build(inputs, limits: limits, recording: nil).load
    }

    /// ``build(_:limits:)``, recording what each top-level element of the manifest text
    /// `inputs[recording]` did (``DocumentRecord``; nil when that input did not load).
    func build(
        _ inputs: [EnvironmentInput], limits: EvaluationLimits?, recording: Int?
    ) -> (load: EnvironmentLoad, record: DocumentRecord?) {
        // One deadline for both builds when there are two.
        let limits = limits ?? EvaluationLimits(options: options)
        let built = build(inputs, limits: limits, recording: recording, pipelining: pipelining)
        guard built.pieceWasRefused else { return (built.load, built.record) }
        // A manifest's pieces did not stand for it: build again, parsing it whole (nothing of the
        // first build was logged, see ``ManifestLoadSession``).
        let again = build(inputs, limits: limits, recording: recording, pipelining: .never)
        return (again.load, again.record)
    }

    /// One build, declaring a large top-level manifest while it is parsed as `pipelining` says. It
    /// stops where a manifest's pieces did not stand for it (``ManifestLoadSession/pieceWasRefused``).
    private func build(
        _ inputs: [EnvironmentInput], limits: EvaluationLimits, recording: Int?, pipelining: XMLSplitting
    ) -> (load: EnvironmentLoad, record: DocumentRecord?, pieceWasRefused: Bool) {
        let environment = Environment(options: options, functions: functions, log: log)
        let evaluation = Evaluation(limits: limits)
        let session = ManifestLoadSession(environment: environment, parsing: parsing, evaluation: evaluation)
        session.pipelining = pipelining
        session.prefetch = prefetch
        if let recording, inputs.indices.contains(recording),
            case .manifestText(_, let name, let directory) = inputs[recording]
        {
            session.recordedManifest = Self.url(ofText: name, in: directory)
        }
        var failed: [EnvironmentInput] = []
        var named: [URL] = []
        for input in inputs {
            if let url = input.fileURL { named.append(url) }
            if !load(input, into: session) || evaluation.isStopped { failed.append(input) }
            if session.pieceWasRefused { break }
            if let stop = evaluation.stop {
                session.record(
                    Diagnostic(
                        file: input.fileURL?.path ?? "input", line: 1, column: 1,
                        message: message(for: stop)))
                break
            }
        }
        if failed.isEmpty, !evaluation.isStopped, !session.pieceWasRefused {
            UndeclaredReferences.diagnostics(in: environment).forEach(session.record)
        }
        var seen = Set<String>()
        let files = (session.files + named).filter { seen.insert($0.standardizedFileURL.path).inserted }
        let load = EnvironmentLoad(
            environment: environment, diagnostics: session.diagnostics, files: files,
            failedInputs: failed)
        if keepsLoadStateUntilExit { _ = Unmanaged.passRetained(session) }
        return (load, session.documentRecord, session.pieceWasRefused)
    }

    /// Where the manifest file `url` names is loaded from (and a manifest read ahead is known by,
    /// ``ManifestPrefetch``): absolute, without `.` or `..`.
    static func location(ofManifest url: URL) -> URL {
        url.absoluteURL.standardizedFileURL
    }

    /// The URL a manifest text named `name` stands at.
    static func url(ofText name: String, in directory: URL) -> URL {
        URL(fileURLWithPath: name, relativeTo: directory).absoluteURL.standardizedFileURL
    }

    /// The error of a build that `stop` stopped.
    private func message(for stop: any Error) -> String {
        let limit: EngineLimit
        switch stop {
        case let exceeded as DeadlineExceeded:
            limit = exceeded.limit
        case let exceeded as MemoryBudgetExceeded:
            limit = exceeded.limit
        default:
            return cancellationMessage
        }
        let reason = String(describing: stop).replacingOccurrences(of: "evaluation stopped: ", with: "")
        let hint = limitHint.map { " (\($0(limit)))" } ?? ""
        return "Loading stopped: " + reason + hint
    }

    /// Loads one input; false when it could not be loaded at all (already reported).
    private func load(_ input: EnvironmentInput, into session: ManifestLoadSession) -> Bool {
        switch input {
        case .manifest(let url):
            let absolute = Self.location(ofManifest: url)
            return loadManifest(at: absolute, path: url.relativePath, contents: nil, into: session)
        case .manifestText(let text, let name, let directory):
            let url = Self.url(ofText: name, in: directory)
            return loadManifest(at: url, path: name, contents: Array(text.utf8), into: session)
        case .data(let spec):
            do {
                try spec.declare(in: session.environment)
                session.environment.recordProvenance(
                    VariableProvenance(kind: .dataFile, file: spec.path),
                    of: spec.name)
                return true
            } catch let error as DataFileError {
                session.record(error.diagnostic)
                return false
            } catch {
                session.record(Diagnostic(file: spec.path, line: 1, column: 1, message: String(describing: error)))
                return false
            }
        case .dataText(let name, let bytes, let label):
            do {
                let value = try JSONCodec.decodePipedLazily(bytes)
                session.environment.variables.declare(name, value: value)
                session.environment.recordProvenance(VariableProvenance(kind: .dataFile), of: name)
                return true
            } catch let error as JSONDecodingError {
                session.record(DataFileError.invalidJSON(path: label, error).diagnostic)
                return false
            } catch {
                session.record(Diagnostic(file: label, line: 1, column: 1, message: String(describing: error)))
                return false
            }
        case .processEnvironment(let variables):
            let sorted = variables.sorted { $0.key < $1.key }.map { ($0.key, Value.string($0.value)) }
            session.environment.variables.declare(
                EnvironmentInput.processEnvironmentName,
                value: .dictionary(.init(uniqueKeysWithValues: sorted)),
                readOnly: true)
            session.environment.recordProvenance(
                VariableProvenance(kind: .processEnvironment, isReadOnly: true),
                of: EnvironmentInput.processEnvironmentName)
            return true
        }
    }

    private func loadManifest(at url: URL, path: String, contents: [UInt8]?, into session: ManifestLoadSession) -> Bool
    {
        if session.hasLoaded(fileNamed: url) {
            let module = BuiltInModule(fileName: url.lastPathComponent)
            let reason: String
            switch module {
            case .core?: reason = "it is the core module, which is built in"
            case let module?:
                session.environment.enable(module)
                reason = "it is the file of the built-in module \(module.className), which is now enabled"
            case nil: reason = "a file with this name was already loaded (a file name is loaded once)"
            }
            session.record(
                Diagnostic(
                    file: path, line: 1, column: 1, message: "Skipped: \(reason)",
                    severity: .warning))
            return true
        }
        do {
            try session.loadManifest(at: url, path: path, contents: contents)
            return true
        } catch {
            return false
        }
    }
}
