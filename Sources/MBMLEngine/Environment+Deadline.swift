import Foundation

/// A time budget for headless evaluation (`mbml eval --timeout`), built on the same cancellation the
/// inspector uses (``Environment/isCancelled``): long-running functions check it and stop.
extension Environment {
    /// Runs `body` — an evaluation in this environment — with a deadline `seconds` from now; `0` or
    /// less means no deadline. A cancellation check the host already installed stays in force.
    ///
    /// - Throws: ``DeadlineExceeded`` when the deadline passes during `body`: also when some function
    ///   swallowed the stop and `body` returned anyway (its result may be wrong, so it is dropped);
    ///   otherwise whatever `body` throws.
    public func withDeadline<T>(seconds: Double, _ body: () throws -> T) throws -> T {
        guard seconds > 0, seconds.isFinite else { return try body() }
        let start = DispatchTime.now().uptimeNanoseconds
        let budget = UInt64(min(seconds, 1e9) * 1e9)
        let expired: @Sendable () -> Bool = { DispatchTime.now().uptimeNanoseconds &- start >= budget }
        let previous = isCancelled
        isCancelled = { previous() || expired() }
        defer { isCancelled = previous }
        do {
            let result = try body()
            if expired() { throw DeadlineExceeded(seconds: seconds) }
            return result
        } catch {
            if expired() { throw DeadlineExceeded(seconds: seconds) }
            throw error
        }
    }
}

/// An evaluation ran past the deadline of ``Environment/withDeadline(seconds:_:)``.
public struct DeadlineExceeded: Error, Sendable, CustomStringConvertible {
    /// The budget, in seconds.
    public let seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    /// The limit this error hit, for a host that tells people how to change it.
    public var limit: EngineLimit { .timeBudget }

    public var description: String {
        "evaluation stopped: it ran longer than its time budget of \(Self.budgetText(seconds: seconds))"
    }

    /// A budget in words: `30 seconds`, `1 second`, `0.2 seconds`.
    public static func budgetText(seconds: Double) -> String {
        let amount = seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
        return "\(amount) second\(seconds == 1 ? "" : "s")"
    }
}
