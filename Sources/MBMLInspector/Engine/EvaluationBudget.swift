import Foundation
import MBMLEngine

extension Deadline {
    /// What the result rows show once the time budget of an evaluation of the editor's text
    /// (`mbml inspect --timeout SECONDS`) is spent: the error `mbml eval` gives.
    func expressionError(expression: String) -> ExpressionError {
        ExpressionError(.generic, exceeded.description + " (--timeout SECONDS changes it)", expression: expression)
    }
}
