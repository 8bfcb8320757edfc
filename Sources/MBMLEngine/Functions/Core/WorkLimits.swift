/// Caps on the work one function call may ask for (<doc:FunctionCalls>),
/// checked before any allocation or loop, so a number in an expression cannot exhaust memory or
/// stop the process. Time is bounded separately by the host's cancellation (`mbml eval --timeout`).
enum WorkLimits {
    /// The most repetitions `^repeat`/`^repeatBool` run and the most groups
    /// `^distributeArrayElements` makes.
    static let maximumCount = 1_000_000

    /// The count itself when it is at most ``maximumCount``.
    /// - Throws: a ``FunctionError`` naming what was counted and the cap.
    static func checkedCount(_ count: Int, of what: String) throws -> Int {
        guard count <= maximumCount else {
            throw FunctionError("\(what) \(count) is more than the limit of \(maximumCount)")
        }
        return count
    }
}
