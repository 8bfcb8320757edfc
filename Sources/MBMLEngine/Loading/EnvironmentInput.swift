import Foundation

/// One thing an environment is built from. ``EnvironmentBuilder`` loads a list of them in order into
/// one environment, so that each input sees everything loaded before it.
public enum EnvironmentInput: Sendable, Equatable {
    /// An MBML manifest file and everything it includes.
    case manifest(URL)
    /// MBML manifest text held in memory (the built-in tutorial, a manifest read from standard
    /// input), named `name` in diagnostics. It stands where `name` would be as a file (a relative
    /// name resolved against `directory`): relative includes resolve against that folder.
    case manifestText(String, name: String, directory: URL)
    /// A JSON file loaded into one variable (`--data NAME=FILE.json`).
    case data(DataFileSpec)
    /// JSON held in memory loaded into the variable `name` (`--data NAME=-`: JSON read from
    /// standard input), called `label` in diagnostics. Text that is JSON Lines (one record a line)
    /// loads as the array of its records, as a `.jsonl` file does.
    case dataText(name: String, bytes: Data, label: String)
    /// The process environment as the read-only dictionary `$ENV`, the way the original's `plate`
    /// tool provided it to its templates. Keys are sorted, so listings are stable.
    case processEnvironment([String: String])

    /// The variable ``processEnvironment(_:)`` declares.
    public static let processEnvironmentName = "ENV"

    /// `$ENV` from this process's environment.
    public static var currentProcessEnvironment: EnvironmentInput {
        .processEnvironment(ProcessInfo.processInfo.environment)
    }

    /// The file this input names, if any (to watch it, also when it does not exist yet).
    public var fileURL: URL? {
        switch self {
        case .manifest(let url): return url.absoluteURL.standardizedFileURL
        case .data(let spec): return spec.url()
        case .manifestText, .dataText, .processEnvironment: return nil
        }
    }
}
