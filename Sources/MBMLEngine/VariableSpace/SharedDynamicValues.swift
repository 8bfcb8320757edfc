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

    /// Values shared from now on for `space`.
    /// - Parameters:
    ///   - space: the space whose dynamic variables are shared; a value is reused only while the
    ///     space is unchanged since it was computed.
    ///   - known: values of dynamic variables the caller already has for the space as it is now
    ///     (the inspector's tree computed them): read as if a job had computed them first.
    public init(for space: VariableSpace, reusing known: [String: Value?] = [:]) {
        let version = space.version
        values = Mutex(known.mapValues { (version: version, value: $0) })
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
