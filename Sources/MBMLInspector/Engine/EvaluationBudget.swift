import Foundation
import MBMLEngine

/// The time one evaluation of the editor's text may take (`mbml inspect --timeout SECONDS`), from
/// when it starts: once spent, the engine's cancellation check stops the evaluation and the
/// contexts left show the error `mbml eval` gives.
struct EvaluationBudget: Sendable {
    let seconds: Double
    private let start = DispatchTime.now().uptimeNanoseconds

    /// - Parameter seconds: 0 (or less): no limit.
    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Whether the time is up.
    var isSpent: Bool {
        guard seconds > 0, seconds.isFinite else { return false }
        return Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9 >= seconds
    }

    /// The error the contexts show once the time is up.
    func error(expression: String) -> ExpressionError {
        ExpressionError(
            .generic, DeadlineExceeded(seconds: seconds).description + " (--timeout SECONDS changes it)",
            expression: expression)
    }
}
