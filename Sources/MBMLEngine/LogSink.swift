import Foundation

/// Where `^log`, `^dump`, `^tokenize`, swallowed errors and manifest warnings write. The CLI prints it
/// on stderr; the inspector shows it in a pane. Never stdout, which carries results.
public final class LogSink: @unchecked Sendable {
    private let lock = NSLock()
    private var storedLines: [String] = []
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
        lock.lock()
        storedLines.append(message)
        if storedLines.count > limit { storedLines.removeFirst(storedLines.count - limit) }
        lock.unlock()
        handler?(message)
    }

    /// The most recent messages, oldest first.
    public var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storedLines
    }

    /// Forgets the stored messages.
    public func clear() {
        lock.lock()
        storedLines.removeAll()
        lock.unlock()
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
