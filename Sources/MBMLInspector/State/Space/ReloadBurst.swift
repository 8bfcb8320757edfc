import Foundation
import MBMLEngine

/// Reloads that come close together (an editor's several writes of one save, the watcher's event
/// after the `E` round trip's own reload) make one report: each is compared with the space the
/// screen showed before the first of them, so a later reload that finds nothing new does not
/// replace "1 changed" with "0 changed".
struct ReloadBurst {
    /// Reloads requested less than this long after the previous one join its burst.
    static let window: TimeInterval = 1.5

    /// The space on show before the burst's first reload.
    var base: VariableSnapshot
    /// The results on show before the burst's first reload (for the `~ changed` marks).
    var resultsBefore: (text: String, results: [ExpressionContext: ContextResult])?
    /// When the burst's last reload was requested.
    var date: Date

    /// Whether a reload requested at `date` joins this burst.
    func includes(_ date: Date) -> Bool {
        let elapsed = date.timeIntervalSince(self.date)
        return elapsed >= 0 && elapsed < Self.window
    }
}
