import Foundation
import Synchronization

/// The events of one traced evaluation in the order they happened, shared by every recorder of that
/// evaluation (the top-level one and those of the parameters functions evaluate themselves). Bounded:
/// after `limit` events it only notes that it was cut.
///
/// Only the thread that traces uses it; it is `Sendable` (its list behind a lock) because the
/// captures that hold it live in the environment's lock-protected state.
final class StepLog: Sendable {
    /// Where a traced token is: its recorder and its key in that recorder.
    struct Site: Hashable, Sendable {
        let recorder: ObjectIdentifier
        let key: TraceRecorder.Key
    }

    enum Event: Sendable {
        /// A token produced `outcome`; `label` is the source text to show (a subreference's chain).
        /// `anchor` is where the shown span starts (the chain's variable or call), if not the token.
        case token(Site, anchor: Site?, kind: Token.Kind, label: String, outcome: TraceOutcome)
        /// A function call starts running, with its evaluated arguments (nil: it evaluates them itself).
        case callStarted(Site, name: String, arguments: [Value]?)
        /// An expression a function evaluated itself (a parameter) produced `outcome`.
        case expressionResult(Site, label: String, outcome: TraceOutcome)
        /// The running function bound per-item variables: one more iteration of the innermost call.
        case iteration(bindings: [(String, Value?)])
    }

    struct State {
        var events: [Event] = []
        var isCut = false
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    var events: [Event] { state.withLock { $0.events } }
    var isCut: Bool { state.withLock { $0.isCut } }

    func append(_ event: Event) {
        state.withLock { state in
            guard state.events.count < limit else {
                state.isCut = true
                return
            }
            state.events.append(event)
        }
    }
}

extension FunctionCall {
    /// Notes, while the call is traced step by step, that `bindings` start one more iteration.
    func noteIteration(_ bindings: [(String, Value?)]) {
        steps?.append(.iteration(bindings: bindings))
    }
}
