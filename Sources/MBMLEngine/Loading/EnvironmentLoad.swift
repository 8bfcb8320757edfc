import Foundation

/// What ``EnvironmentBuilder/build(_:limits:)`` produced: always a new environment, with every problem
/// found on the way as a typed ``Diagnostic``.
///
/// An input that could not be loaded at all (a manifest that is missing or not well-formed XML, a
/// data file that is unreadable or not JSON) is listed in ``failedInputs``; whatever the other
/// inputs declared is still in the environment. Hosts decide what a failure means: the CLI stops,
/// the inspector keeps its last good environment.
public struct EnvironmentLoad {
    /// The new environment holding every declaration that loaded.
    public let environment: Environment
    /// Errors and warnings in the order they were found.
    public let diagnostics: [Diagnostic]
    /// Every file read or named, in load order: manifests, includes (also those that then failed
    /// to parse) and data files (also missing ones), so that a watcher notices when they change or
    /// appear.
    public let files: [URL]
    /// The inputs that could not be loaded at all.
    public let failedInputs: [EnvironmentInput]

    public init(environment: Environment, diagnostics: [Diagnostic], files: [URL], failedInputs: [EnvironmentInput]) {
        self.environment = environment
        self.diagnostics = diagnostics
        self.files = files
        self.failedInputs = failedInputs
    }

    /// True when some input could not be loaded.
    public var hasFailures: Bool { !failedInputs.isEmpty }

    /// The diagnostics of severity ``Diagnostic/Severity/error``.
    public var errors: [Diagnostic] {
        diagnostics.filter { $0.severity == .error }
    }

    /// The diagnostics of severity ``Diagnostic/Severity/warning``.
    public var warnings: [Diagnostic] {
        diagnostics.filter { $0.severity == .warning }
    }
}
