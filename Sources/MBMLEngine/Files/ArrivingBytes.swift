import Foundation
import Synchronization

/// How many bytes of a buffer a reading thread has filled so far, for a consumer that works on them
/// while the rest are still being read (``FileBytes/array(_:path:whileReading:)``).
final class ArrivingBytes: Sendable {
    private let filled = Atomic<Int>(0)
    private let finished = Atomic<Bool>(false)
    private let abandoned = Atomic<Bool>(false)

    /// Whether the consumer stopped wanting bytes (the reader stops at its next chunk).
    var isAbandoned: Bool { abandoned.load(ordering: .relaxed) }

    /// Called by the consumer when it stops early.
    func abandon() {
        abandoned.store(true, ordering: .relaxed)
    }

    /// Called by the reader after each chunk: the bytes before `count` are in place.
    func arrive(upTo count: Int) {
        filled.store(count, ordering: .releasing)
    }

    /// Called by the reader when it stops, after the whole file or a failure.
    func finish() {
        finished.store(true, ordering: .releasing)
    }

    /// Waits until at least `count` bytes have arrived, or the reader has stopped, and returns how
    /// many have arrived; it looks every `interval` microseconds.
    func wait(until count: Int, lookingEvery interval: UInt32 = 50) -> Int {
        while true {
            let arrived = filled.load(ordering: .acquiring)
            if arrived >= count || finished.load(ordering: .acquiring) {
                return filled.load(ordering: .acquiring)
            }
            usleep(interval)
        }
    }
}
