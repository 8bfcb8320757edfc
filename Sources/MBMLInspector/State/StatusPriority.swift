/// How much a status-line message matters next to a reload summary: a reload hides the
/// `.normal` messages said before it (a hint, "Copied …"), so that an older message never
/// hides what the reload changed; `.high` ones (a failure the user must see) stay until the
/// next key.
enum StatusPriority: Int, Comparable, Sendable {
    case normal
    case high

    static func < (lhs: StatusPriority, rhs: StatusPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
