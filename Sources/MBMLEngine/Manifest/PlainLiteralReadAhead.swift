import Foundation
import Synchronization

/// The plain literals (``PlainLiteralRun``) among a large document's top-level elements, read on a
/// helper thread ahead of the load, which takes them in order as it reaches each element.
///
/// Reading a plain literal (its two attributes decoded into strings) is a third of what declaring
/// it costs, and depends only on the document, which no one changes once it is parsed: the helper
/// does for the load exactly what ``ManifestLoadSession/plainLiteral(_:varName:)`` would, on the
/// machine's other core. Everything that depends on what was declared before, and every log line,
/// stays with the load, in document order.
///
/// The helper publishes how many elements it has read, a chunk at a time; the load waits only when
/// it has caught up. ``finish()`` stops the helper and waits for it: after it, no thread reads the
/// document (the load calls it before it returns, stopped or not).
final class PlainLiteralReadAhead: @unchecked Sendable {
    /// Documents with fewer top-level elements are read by the load itself: starting a thread
    /// costs more than the reading it saves.
    static let minimumElements = 16_384
    /// How many elements the helper reads between two publications.
    private static let chunk = 256

    /// How many top-level elements there are.
    let count: Int
    /// Each element's name and literal; an empty name for an element that is not a plain literal
    /// (a plain literal's name is never empty). Initialized by the helper (so that the pages it
    /// touches are faulted in on its thread) before it publishes them.
    private let entries: UnsafeMutablePointer<(name: String, literal: String)>
    /// How many entries the helper has written.
    private let published = Atomic<Int>(0)
    private let stopRequested = Atomic<Bool>(false)
    /// Guards `isFinished`; the helper signals it after each publication.
    private let condition = NSCondition()
    private var isFinished = false

    /// Starts reading the `count` top-level `children` of a document whose `Var` name has the
    /// number `varName`.
    init(children: XMLChildElements, count: Int, varName: UInt32) {
        self.count = count
        entries = .allocate(capacity: max(count, 1))
        let thread = Thread { [self] in read(children, varName: varName) }
        thread.start()
    }

    /// The helper holds the instance until it returns: the entries it initialized are final.
    deinit {
        entries.deinitialize(count: published.load(ordering: .acquiring))
        entries.deallocate()
    }

    /// The name and literal of the `index`-th top-level element when it is a plain literal, waiting
    /// for the helper to read it if it has not yet.
    func literal(at index: Int) -> (name: String, literal: String)? {
        guard index < count else { return nil }
        if published.load(ordering: .acquiring) <= index {
            condition.lock()
            while published.load(ordering: .acquiring) <= index, !isFinished { condition.wait() }
            condition.unlock()
            // Only a stopped helper leaves elements unread; the load stops before it asks for them.
            guard published.load(ordering: .acquiring) > index else { return nil }
        }
        let entry = entries[index]
        return entry.name.isEmpty ? nil : entry
    }

    /// Stops the helper and waits until it has returned.
    func finish() {
        stopRequested.store(true, ordering: .relaxed)
        condition.lock()
        while !isFinished { condition.wait() }
        condition.unlock()
    }

    /// The helper's work: each top-level element in order.
    private func read(_ children: XMLChildElements, varName: UInt32) {
        var index = 0
        for child in children {
            guard index < count else { break }
            (entries + index).initialize(to: PlainLiteralRun.literal(of: child, varName: varName) ?? ("", ""))
            index += 1
            if index % Self.chunk == 0 {
                publish(index)
                if stopRequested.load(ordering: .relaxed) { break }
            }
        }
        published.store(index, ordering: .releasing)
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }

    private func publish(_ index: Int) {
        published.store(index, ordering: .releasing)
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }
}
