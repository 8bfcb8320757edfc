import Foundation
import Synchronization

/// Where `^log`, `^dump`, `^tokenize`, swallowed errors and manifest warnings write. The CLI prints it
/// on stderr; the inspector shows it in a pane. Never stdout, which carries results.
public final class LogSink: Sendable {
    private let storedLines = Mutex<(lines: [String], written: Int, held: [String]?)>(([], 0, nil))
    private let limit: Int
    private let handler: (@Sendable (String) -> Void)?

    /// - Parameters:
    ///   - limit: how many recent lines to keep in memory.
    ///   - handler: called with every line as it is written (e.g. print to stderr).
    public init(limit: Int = 1000, handler: (@Sendable (String) -> Void)? = nil) {
        self.limit = limit
        self.handler = handler
    }

    /// Writes one message (it may span several lines).
    public func write(_ message: String) {
        let isHeld = storedLines.withLock { stored in
            stored.written &+= 1
            if stored.held != nil {
                stored.held?.append(message)
                return true
            }
            store(message, in: &stored.lines)
            return false
        }
        if !isHeld { handler?(message) }
    }

    private func store(_ message: String, in lines: inout [String]) {
        lines.append(message)
        if lines.count > limit { lines.removeFirst(lines.count - limit) }
    }

    // MARK: Holding lines back

    /// Holds back every message written from now on (by anyone), until ``releaseHeld()`` writes
    /// them or ``discardHeld()`` drops them: a load that may have to start again
    /// (``ManifestLoadSession``) writes only what the load it keeps wrote.
    func hold() {
        storedLines.withLock { stored in
            if stored.held == nil { stored.held = [] }
        }
    }

    /// Writes the messages held back, in order, and stops holding.
    func releaseHeld() {
        let held = storedLines.withLock { stored in
            let held = stored.held ?? []
            stored.held = nil
            for message in held { store(message, in: &stored.lines) }
            return held
        }
        if let handler { held.forEach(handler) }
    }

    /// Drops the messages held back, and stops holding.
    func discardHeld() {
        storedLines.withLock { $0.held = nil }
    }

    /// The most recent messages, oldest first.
    public var lines: [String] {
        storedLines.withLock { $0.lines }
    }

    /// How many messages were ever written (a clear does not reset it): whether an evaluation
    /// wrote anything is whether this changed meanwhile.
    var writtenCount: Int {
        storedLines.withLock { $0.written }
    }

    /// Forgets the stored messages.
    public func clear() {
        storedLines.withLock { $0.lines.removeAll() }
    }

    /// A sink that prints each message to standard error, through ``TerminalSafeText`` (line breaks
    /// and tabs kept): a logged value can not send the terminal a control sequence.
    public static func standardError() -> LogSink {
        LogSink(handler: { message in
            let safe = TerminalSafeText.escaping(message, layout: .multiLine)
            FileHandle.standardError.write(Data((safe + "\n").utf8))
        })
    }
}
