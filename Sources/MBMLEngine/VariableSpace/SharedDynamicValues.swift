import Synchronization

/// Dynamic values shared by the jobs of one request: each dynamic variable is computed at most
/// once while the space does not change, and every job that was given this object
/// (``Evaluation/init(limits:sharing:)``) reads that value.
///
/// One expression evaluated in several contexts reads a slow dynamic variable once, as
/// `mbml eval --context all` does. A second read gives the first read's value until a declaration,
/// a value, a push or a pop changes the space. A read made while a function iterates (with `$item`
/// bound) neither takes nor gives a shared value: it may depend on the item.
///
/// The host decides which jobs share, by handing them the same object: nothing is kept by thread.
public final class SharedDynamicValues: Sendable {
    private let values: Mutex<[String: (version: Int, value: Value?)]>
    /// The space's version when the request began: the ``exchange`` speaks of the space as it was then.
    private let baseVersion: Int
    private let exchange: (any DynamicValueExchange)?

    /// Values shared from now on for `space`.
    /// - Parameters:
    ///   - space: the space whose dynamic variables are shared; a value is reused only while the
    ///     space is unchanged since it was computed.
    ///   - known: values of dynamic variables the caller already has for the space as it is now
    ///     (the inspector's tree computed them): read as if a job had computed them first.
    ///   - exchange: where the host keeps the dynamic values other requests computed, or are
    ///     computing, for the space as it is now (``DynamicValueExchange``): asked before a job of
    ///     this request computes one itself, while the space is unchanged.
    public init(
        for space: VariableSpace, reusing known: [String: Value?] = [:], exchange: (any DynamicValueExchange)? = nil
    ) {
        let version = space.version
        values = Mutex(known.mapValues { (version: version, value: $0) })
        baseVersion = version
        self.exchange = exchange
    }

    /// The exchange, while the space is at `version` as it was when the request began.
    func exchange(atVersion version: Int) -> (any DynamicValueExchange)? {
        version == baseVersion ? exchange : nil
    }

    /// The value of `name` computed while the space was at `version`, if there is one.
    func value(of name: String, atVersion version: Int) -> Value?? {
        values.withLock { values in
            guard let shared = values[name], shared.version == version else { return nil }
            return .some(shared.value)
        }
    }

    /// Keeps `value` of `name`, computed while the space was at `version`.
    func keep(_ value: Value?, of name: String, atVersion version: Int) {
        values.withLock { $0[name] = (version, value) }
    }
}

/// What a host knows of the dynamic values of a space beyond one request: the inspector's tree
/// computes them while the editor's text is evaluated, and neither computes one the other has, or
/// is computing. Handed to ``SharedDynamicValues/init(for:reusing:exchange:)``.
public protocol DynamicValueExchange: Sendable {
    /// Asked before a job computes the dynamic variable `name` itself.
    /// - Parameters:
    ///   - name: the dynamic variable.
    ///   - mayWait: whether the job may wait while another computes `name`: false while the job is
    ///     computing another dynamic variable, so that a job others may be waiting for never waits
    ///     itself (two jobs never wait for each other).
    ///   - shouldStop: true once the job must stop (its deadline, cancellation): stop waiting.
    /// - Returns: ``DynamicValueAnswer/known(_:)`` with the value to read, or whether the job
    ///   computing it now must report it (``DynamicValueAnswer/claimed``) or not.
    func answer(for name: String, mayWait: Bool, shouldStop: () -> Bool) -> DynamicValueAnswer
    /// The job that claimed `name` is done: `value` is its value when `isWhole` (it was not
    /// stopped half way), else nothing is known.
    func finished(_ name: String, value: Value?, isWhole: Bool)
}

/// A ``DynamicValueExchange``'s answer to a job about to compute a dynamic variable.
public enum DynamicValueAnswer: Sendable, Equatable {
    /// Read this value; compute nothing.
    case known(Value?)
    /// Compute it, and report it with ``DynamicValueExchange/finished(_:value:isWhole:)``: others
    /// wait for it meanwhile.
    case claimed
    /// Compute it, reporting nothing (another job is computing it and this one may not wait).
    case unclaimed
}
