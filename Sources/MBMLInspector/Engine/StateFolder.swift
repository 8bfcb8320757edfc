import Foundation
import MBMLEngine

/// Where the inspector keeps what outlives a session (the expression history, lesson progress):
/// `$XDG_STATE_HOME/mbml` when that is an absolute path, else `~/.local/state/mbml`.
enum StateFolder {
    /// The folder for `environment` (the process environment by default).
    static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = URL(fileURLWithPath: state, isDirectory: true)
        } else {
            let home = HomeFolder.path(environment: environment)
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
                ".local/state", isDirectory: true)
        }
        return base.appendingPathComponent("mbml", isDirectory: true)
    }
}
