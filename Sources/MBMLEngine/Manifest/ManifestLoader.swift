import Foundation

/// Loads an MBML manifest and the files it includes into a new ``Environment``
/// (<doc:Manifests>).
///
/// Each load builds a fresh environment, so a failed load never disturbs one already in use: keep
/// the previous environment until `load` returns. Problems that do not stop the load (a missing
/// include, a `<Var>` that does not validate, ...) are returned as diagnostics and also written to
/// the log; a manifest that cannot be read or parsed, or whose root is not `<MBML>`, throws.
///
/// ```swift
/// let result = try ManifestLoader().load(manifestAt: URL(fileURLWithPath: "manifest.xml"))
/// for diagnostic in result.diagnostics { print(diagnostic) }   // file:line:column: message
/// let price = result.environment.variables["price"]
/// ```
public struct ManifestLoader {
    public var options: EnvironmentOptions
    public var functions: FunctionRegistry
    public var log: LogSink

    /// - Parameters:
    ///   - options: the new environment's options; `searchDirectories` and `maximumIncludeDepth`
    ///     also steer the load.
    ///   - functions: the functions the environment starts with; `<Function>` elements redeclare them.
    ///   - log: where diagnostics, redeclarations and evaluation errors are written.
    public init(
        options: EnvironmentOptions = EnvironmentOptions(), functions: FunctionRegistry = .builtIn,
        log: LogSink = LogSink()
    ) {
        self.options = options
        self.functions = functions
        self.log = log
    }

    /// Loads the manifest and its includes into a new Environment (an ``EnvironmentBuilder`` with
    /// this one input).
    ///
    /// - Throws: ``ManifestError`` with every diagnostic found, if the manifest is missing,
    ///   unreadable, not well-formed XML or has a root element other than `<MBML>`.
    public func load(manifestAt url: URL) throws -> ManifestLoadResult {
        try load(.manifest(url))
    }

    /// Loads from a string (for tests and the built-in sample); `path` names it in diagnostics and is
    /// the base for includes.
    ///
    /// - Throws: ``ManifestError`` if `contents` is not well-formed XML or its root is not `<MBML>`.
    public func load(contents: String, path: String) throws -> ManifestLoadResult {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return try load(.manifestText(contents, name: path, directory: directory))
    }

    private func load(_ input: EnvironmentInput) throws -> ManifestLoadResult {
        let load = EnvironmentBuilder(options: options, functions: functions, log: log).build([input])
        if load.hasFailures { throw ManifestError(diagnostics: load.diagnostics) }
        return ManifestLoadResult(environment: load.environment, diagnostics: load.diagnostics, files: load.files)
    }
}

/// What a successful load produced.
public struct ManifestLoadResult {
    /// The new environment holding every declaration.
    public let environment: Environment
    /// Errors and warnings in the order they were found.
    public let diagnostics: [Diagnostic]
    /// Every file read, manifest first (also included files that then failed to parse, so that a
    /// watcher notices when they are fixed).
    public let files: [URL]

    public init(environment: Environment, diagnostics: [Diagnostic], files: [URL]) {
        self.environment = environment
        self.diagnostics = diagnostics
        self.files = files
    }

    /// The diagnostics of severity ``Diagnostic/Severity/error``.
    public var errors: [Diagnostic] {
        diagnostics.filter { $0.severity == .error }
    }

    /// The diagnostics of severity ``Diagnostic/Severity/warning``.
    public var warnings: [Diagnostic] {
        diagnostics.filter { $0.severity == .warning }
    }
}
