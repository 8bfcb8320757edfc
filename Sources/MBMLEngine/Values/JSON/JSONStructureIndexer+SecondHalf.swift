import Foundation
import Synchronization

extension JSONStructureIndexer {
    /// How a pass over a large text may share its work with a second thread (``SecondHalf``).
    struct Split: Sendable {
        /// Texts shorter than this are indexed by one thread.
        var minimumBytes = 32 << 20
        /// Where the helper starts: nil, a guessed member boundary past the middle of the text; or
        /// this offset (for tests: any offset, right or wrong).
        var boundary: Int?
        /// Gives back the pages of a range of the text the helper has passed (from any thread; the
        /// range starts at a page boundary), as ``MappedFile/release(_:)`` does.
        var release: @Sendable (Range<Int>) -> Void = { _ in }
        /// Called when the pass takes the helper's findings (for tests).
        var helped: @Sendable () -> Void = {}
        /// Whether the pass, at the boundary, waits for a helper the system has not started yet
        /// rather than going on alone (for tests of short texts, which the pass crosses at once).
        var waitsForStart = false
    }

    /// A pass over the second half of a large top-level array on another thread, from a guessed
    /// boundary between two members: a comma right after a closing bracket and right before an
    /// opening one (`},{`, `],[`), past the middle of the text.
    ///
    /// The pass over the whole text takes the helper's findings only when it reaches that boundary
    /// itself, in the top-level array, having just read a member: its state then is exactly the
    /// state the helper started from (the pass is a function of the bytes from there on), so the
    /// index is the one a single thread finds. When the guess was wrong (the comma was in a string,
    /// or deeper), the pass goes on alone and stops the helper.
    ///
    /// It never waits for anything but the helper's end, which never waits: a helper the system has
    /// not started yet when it is needed or stopped is not waited for (it then does nothing), and a
    /// running one stops at its next megabyte once stopped.
    final class SecondHalf: @unchecked Sendable {
        /// Where the helper's pass begins.
        let boundary: Int
        /// Called when the pass takes the helper's findings.
        let helped: @Sendable () -> Void
        private let waitsForStart: Bool
        private let state = Atomic<Int>(State.waiting)
        private let ended = DispatchSemaphore(value: 0)
        /// Written by the helper before `ended` is signalled, read after it is waited for.
        private var result: Found?
        /// Whether `ended` was waited for (by the thread that runs the pass, only).
        private var joined = false

        private enum State {
            static let waiting = 0
            static let running = 1
            static let cancelled = 2
            static let stopping = 3
        }

        private struct Stopped: Error {}

        private init(boundary: Int, split: Split) {
            self.boundary = boundary
            self.helped = split.helped
            self.waitsForStart = split.waitsForStart
        }

        /// A helper started on `bytes` as `split` says, or nil when the text is too short, its
        /// top-level value is not an array, or no boundary is found a megabyte past its middle.
        static func start(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, split: Split) -> SecondHalf? {
            guard bytes.count >= split.minimumBytes, let boundary = split.boundary ?? guessedBoundary(in: bytes)
            else { return nil }
            let helper = SecondHalf(boundary: boundary, split: split)
            let text = UnsafeText(bytes: bytes)
            let release = split.release
            DispatchQueue.global().async {
                helper.run(text.bytes, maximumDepth: maximumDepth, release: release)
            }
            return helper
        }

        /// A comma between `}` or `]` and `{` or `[`, in the megabyte after the middle of `bytes`.
        static func guessedBoundary(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            let middle = bytes.count / 2
            let end = min(bytes.count - 1, middle + (1 << 20))
            guard middle >= 1, middle < end else { return nil }
            for position in middle..<end where bytes[position] == UInt8(ascii: ",") {
                if bytes[position - 1] | 0x20 == UInt8(ascii: "}"), bytes[position + 1] | 0x20 == UInt8(ascii: "{") {
                    return position
                }
            }
            return nil
        }

        private func run(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, release: (Range<Int>) -> Void) {
            guard
                state.compareExchange(expected: State.waiting, desired: State.running, ordering: .acquiringAndReleasing)
                    .exchanged
            else { return }
            let page = 1 << 12
            var released = (boundary + page - 1) / page * page
            result = try? JSONStructureIndexer.pass(
                bytes, maximumDepth: maximumDepth, arrived: nil, resuming: boundary,
                checkCancellation: { if self.state.load(ordering: .relaxed) == State.stopping { throw Stopped() } },
                passing: { position in
                    let end = position / page * page
                    if end > released {
                        release(released..<end)
                        released = end
                    }
                })
            ended.signal()
        }

        /// The helper's findings once it has ended (nil: the text is not valid JSON from its
        /// boundary on), calling `checkCancellation` every 10 ms while it waits; or the pass's own
        /// result when the helper never started (it will not now).
        func found(checkCancellation: () throws -> Void) rethrows -> Found?? {
            while waitsForStart, state.load(ordering: .acquiring) == State.waiting {
                try checkCancellation()
                usleep(50)
            }
            let (cancelled, original) = state.compareExchange(
                expected: State.waiting, desired: State.cancelled, ordering: .acquiringAndReleasing)
            if cancelled || original == State.cancelled || original == State.stopping { return .none }
            while !joined {
                if ended.wait(timeout: .now() + .milliseconds(10)) == .success {
                    joined = true
                } else {
                    try checkCancellation()
                }
            }
            helped()
            return .some(result)
        }

        /// Stops the helper (if it has not ended) and waits for its end (if it started).
        func stop() {
            let (cancelled, original) = state.compareExchange(
                expected: State.waiting, desired: State.cancelled, ordering: .acquiringAndReleasing)
            guard !cancelled, original != State.cancelled, !joined else { return }
            state.store(State.stopping, ordering: .relaxed)
            ended.wait()
            joined = true
        }
    }

    /// The text, for the helper's thread: the pass over the whole text does not return before the
    /// helper has ended or will never start (``SecondHalf/stop()``), so the bytes outlive it.
    private struct UnsafeText: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
    }
}
