/// The time budgets of the language server: how long loading a document and answering a request
/// may run before they stop with an error, and how long a request waits for the newest version of
/// its document to load before it is answered from the last one loaded.
public struct LanguageServerLimits: Equatable, Sendable {
    /// The longest a document's load may run (a manifest whose load-time expression never ends must
    /// not keep its diagnostics away for ever).
    public var loadSeconds: Double
    /// The longest one hover or completion may evaluate.
    public var answerSeconds: Double
    /// How long a request on a document whose newest text is still loading waits for that load
    /// before it is answered from the last loaded version (a hover then says which version it
    /// shows). Long enough for the load after a burst of keystrokes in a large manifest (an
    /// incremental load), short enough that a hover answers within 1.5 s of the last change.
    public var waitForLoadSeconds: Double
    /// How long a document's text must stay the newest before a background load of it starts: a
    /// burst of keystrokes loads once, after the last, instead of starting a load per keystroke
    /// that the next one supersedes (a load parsing a large manifest cannot stop mid-parse).
    public var settleSeconds: Double

    /// The budgets `mbml lsp` uses: 10 s a load, 2 s an answer, 1.4 s of waiting for a load, 0.1 s
    /// of quiet before a load.
    public init(
        loadSeconds: Double = 10, answerSeconds: Double = 2, waitForLoadSeconds: Double = 1.4,
        settleSeconds: Double = 0.1
    ) {
        self.loadSeconds = loadSeconds
        self.answerSeconds = answerSeconds
        self.waitForLoadSeconds = waitForLoadSeconds
        self.settleSeconds = settleSeconds
    }

}
