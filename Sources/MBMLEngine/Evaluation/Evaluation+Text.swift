import Foundation

/// Text made from values under a job's limits (<doc:RunningUntrustedMBML>): what a host prints,
/// answers or logs from a result is part of the job, so a value that is small in memory but huge as
/// text (a list of ten thousand references to one long text) ends with ``MemoryBudgetExceeded``
/// instead of exhausting the process. The text is written under the bound of what is left of the
/// budget, and never built past it.
extension Evaluation {
    /// ``Value/text`` (the property-list text form), charged to the job's memory budget.
    /// - Throws: the job's stop (``MemoryBudgetExceeded`` when the text would pass what is left of the
    ///   budget, ``DeadlineExceeded``, ``CancellationFailure``).
    public func text(of value: Value) throws -> String {
        try text(of: value, charging: true)
    }

    /// ``JSONCodec/encode(_:)`` (the tagged JSON encoding on one line), charged to the job's memory
    /// budget.
    /// - Throws: the job's stop, as ``text(of:)``.
    public func json(of value: Value?) throws -> String {
        try checkStop()
        let room = meter?.remaining ?? .max
        guard let text = JSONCodec.encode(value, maximumBytes: room, stoppingWhen: { self.isStopped }) else {
            throw exhausted(room: room)
        }
        try charge(text.utf8.count)
        return text
    }

    /// ``JSONCodec/quoted(_:)``, charged to the job's memory budget.
    public func quoted(_ text: String) throws -> String {
        try json(of: .string(text))
    }

    /// A value's text under the job's limits; `charging` adds its bytes to the budget (a caller that
    /// charges them itself passes false).
    func text(of value: Value, charging: Bool) throws -> String {
        try checkStop()
        let room = meter?.remaining ?? .max
        if case .string(let text) = value {
            if charging { try charge(text.utf8.count) }
            return text
        }
        guard let text = value.text(stoppingWhen: { self.isStopped }, maximumBytes: room) else {
            throw exhausted(room: room)
        }
        if charging { try charge(text.utf8.count) }
        return text
    }

    /// The error of a text that stopped: the job's stop, or the memory budget the text passed.
    private func exhausted(room: Int) -> any Error {
        if let stop { return stop }
        do {
            try charge(room &+ 1)
        } catch {
            return error
        }
        return MemoryBudgetExceeded(bytes: limits.maximumBytes)
    }
}
