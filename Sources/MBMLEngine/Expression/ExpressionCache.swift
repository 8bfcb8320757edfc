import Foundation

/// Parsed token trees keyed by (expression text, grammar) (<doc:ContextsAndCoercions>). Values are never
/// cached. Lock-protected; bounded so that a stream of distinct expressions cannot exhaust memory.
final class ExpressionCache: @unchecked Sendable {
    private struct Key: Hashable {
        let text: String
        let grammar: Grammar
    }

    private var entries: [Key: [Token]] = [:]
    private let lock = NSLock()
    private let capacity: Int

    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    func tokens(for text: String, grammar: Grammar) -> [Token]? {
        lock.lock()
        defer { lock.unlock() }
        return entries[Key(text: text, grammar: grammar)]
    }

    func store(_ tokens: [Token], for text: String, grammar: Grammar) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[Key(text: text, grammar: grammar)] = tokens
    }

    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}
