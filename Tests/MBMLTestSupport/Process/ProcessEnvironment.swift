import Foundation

/// Runs code with some process environment variables set or removed, restoring them afterwards —
/// for tests whose expected values were written for a particular time zone or locale.
public enum ProcessEnvironment {
    /// Runs `body` with each variable of `changes` set to its value (nil: removed), then restores
    /// the previous values, also when `body` throws. Foundation's cached time zone is reset on
    /// both sides, so `TimeZone.current` follows `TZ`.
    public static func with<T>(_ changes: [String: String?], _ body: () throws -> T) rethrows -> T {
        let saved = changes.keys.map { ($0, ProcessInfo.processInfo.environment[$0]) }
        apply(Dictionary(uniqueKeysWithValues: changes.map { ($0.key, $0.value) }))
        defer { apply(Dictionary(uniqueKeysWithValues: saved)) }
        return try body()
    }

    private static func apply(_ values: [String: String?]) {
        for (name, value) in values {
            if let value {
                setenv(name, value, 1)
            } else {
                unsetenv(name)
            }
        }
        tzset()
        NSTimeZone.resetSystemTimeZone()
    }
}
