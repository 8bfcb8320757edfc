import Foundation
import Synchronization

/// Parsed token trees keyed by (expression text, grammar) (<doc:ContextsAndCoercions>). Values are never
/// cached. Lock-protected; bounded so that a stream of distinct expressions cannot exhaust memory.
final class ExpressionCache: Sendable {
    private struct Key: Hashable {
        let text: String
        let grammar: Grammar
    }

    private let entries = Mutex<[Key: [Token]]>([:])
    private let capacity: Int

    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    func tokens(for text: String, grammar: Grammar) -> [Token]? {
        entries.withLock { $0[Key(text: text, grammar: grammar)] }
    }

    func store(_ tokens: [Token], for text: String, grammar: Grammar) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[Key(text: text, grammar: grammar)] = tokens
        }
    }

    func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    var count: Int {
        entries.withLock { $0.count }
    }
}
