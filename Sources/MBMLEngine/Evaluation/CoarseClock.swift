#if canImport(Glibc)
import Glibc
#endif

/// The monotonic clock read coarsely (Linux's `CLOCK_MONOTONIC_COARSE`: the time of the last
/// tick, read from memory the kernel shares with the process), for ``Deadline/hasPassed``, which
/// per-item loops ask for every item. Its readings are on the precise clock's scale
/// (`DispatchTime.uptimeNanoseconds` reads `CLOCK_MONOTONIC` on Linux) and lag it by less than
/// ``resolution``. Elsewhere there is no coarse clock (nil): the precise one is read.
enum CoarseClock {
    /// The coarse clock's reading in nanoseconds, or nil where there is none.
    @inline(__always)
    static func now() -> UInt64? {
        #if os(Linux)
        var time = timespec()
        guard clock_gettime(CLOCK_MONOTONIC_COARSE, &time) == 0 else { return nil }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        #else
        return nil
        #endif
    }

    /// How far a coarse reading may lag the precise clock, in nanoseconds (twice the coarse
    /// clock's resolution, at least 10 ms: a margin, not a measure).
    static let resolution: UInt64 = {
        #if os(Linux)
        var step = timespec()
        if clock_getres(CLOCK_MONOTONIC_COARSE, &step) == 0 {
            let nanoseconds = UInt64(step.tv_sec) &* 1_000_000_000 &+ UInt64(step.tv_nsec)
            return max(2 &* nanoseconds, 10_000_000)
        }
        #endif
        return 10_000_000
    }()
}
