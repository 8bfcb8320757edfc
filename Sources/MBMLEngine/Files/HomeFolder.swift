import Foundation

/// The one meaning of "home" in mbml: `$HOME` when it is set and not empty, else the home folder
/// from the user database — what `^directoryForHome()` returns, what the file-read policy never
/// takes as an implicit work folder, and where the inspector keeps its state.
public enum HomeFolder {
    /// The home folder for `environment` (the process environment by default), without a trailing slash.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        StandardDirectories(environment: environment).home
    }
}
