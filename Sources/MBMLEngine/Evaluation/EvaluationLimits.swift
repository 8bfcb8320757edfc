import Foundation

/// What one evaluation job may spend (<doc:RunningUntrustedMBML>): a deadline, a memory budget and a
/// cancellation check, handed to the call that starts the job (``Environment/evaluate(_:in:limits:)``,
/// ``Evaluation/init(limits:sharing:)``, ``EnvironmentBuilder/build(_:limits:)``).
///
/// A job is everything the call does: the expression with every evaluation it starts (dynamic
/// variables, per-item expressions, `^eval`), a whole manifest load, or the text a host makes
/// from a result (``Evaluation/text(of:)``).
public struct EvaluationLimits: Sendable {
    /// When the job stops with ``DeadlineExceeded``; nil for no time limit.
    public var deadline: Deadline?
    /// What the job may build, in bytes (counted by the job's memory meter); 0 or less for no memory limit.
    public var maximumBytes: Int
    /// Asked as the job goes: true stops it with ``CancellationFailure`` (a host's Esc, a client's
    /// `$/cancelRequest`, a superseded keystroke).
    public var isCancelled: @Sendable () -> Bool

    /// - Parameters:
    ///   - deadline: when the job stops; nil for never.
    ///   - maximumBytes: the memory budget (``EnvironmentOptions/defaultMaximumEvaluationBytes`` unless
    ///     said otherwise).
    ///   - isCancelled: the host's stop check.
    public init(
        deadline: Deadline? = nil, maximumBytes: Int = EnvironmentOptions.defaultMaximumEvaluationBytes,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.deadline = deadline
        self.maximumBytes = maximumBytes
        self.isCancelled = isCancelled
    }

    /// The limits `options` set (its ``EnvironmentOptions/maximumEvaluationBytes``), with a time
    /// budget of `seconds` from now (0 or less: none) and the host's stop check.
    public init(
        options: EnvironmentOptions, seconds: Double = 0,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.init(
            deadline: Deadline(secondsFromNow: seconds), maximumBytes: options.maximumEvaluationBytes,
            isCancelled: isCancelled)
    }
}

extension EvaluationLimits {
    /// These limits with the deadline's budget counted again from now: for a job that starts after
    /// work of its own budget (a hover that first loads a sample's space).
    public func restarted() -> EvaluationLimits {
        var limits = self
        limits.deadline = deadline.flatMap { Deadline(secondsFromNow: $0.seconds) }
        return limits
    }
}

/// A point in time a job must finish by, with the budget it was made from (for the error message).
public struct Deadline: Sendable, Equatable {
    /// The monotonic clock's reading (`DispatchTime.uptimeNanoseconds`) at the deadline.
    public let uptimeNanoseconds: UInt64
    /// The time budget the deadline was made from, in seconds.
    public let seconds: Double

    /// A deadline `seconds` from now; nil when `seconds` is 0 or less, or not finite (no deadline).
    public init?(secondsFromNow seconds: Double) {
        guard seconds > 0, seconds.isFinite else { return nil }
        self.seconds = seconds
        self.uptimeNanoseconds = DispatchTime.now().uptimeNanoseconds &+ UInt64(min(seconds, 1e9) * 1e9)
    }

    /// Whether the deadline has passed (reads the monotonic clock).
    ///
    /// Loops ask it for every item, so it first reads the coarse monotonic clock (a read of memory
    /// the kernel updates every tick, without the time-stamp counter): a coarse reading lags the
    /// precise one by less than the coarse clock's resolution, so while it is more than that
    /// before the deadline, the deadline has not passed. Only near the deadline is the precise
    /// clock read: the answer is the precise clock's.
    public var hasPassed: Bool {
        if let coarse = CoarseClock.now(), coarse &+ CoarseClock.resolution < uptimeNanoseconds { return false }
        return DispatchTime.now().uptimeNanoseconds >= uptimeNanoseconds
    }

    /// The error a job that ran past this deadline ends with.
    public var exceeded: DeadlineExceeded { DeadlineExceeded(seconds: seconds) }
}

/// An evaluation ran past its ``EvaluationLimits/deadline``.
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

/// Thrown when a long evaluation is cancelled by its host (e.g. the inspector after a keystroke).
public struct CancellationFailure: Error, Sendable, CustomStringConvertible {
    public init() {}
    public var description: String { "evaluation cancelled" }
}
