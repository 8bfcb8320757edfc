import Foundation
import Synchronization

extension JSONStructureIndexer {
    /// How a pass over a large text may share its work with other threads (``Chunks``).
    struct Split: Sendable {
        /// Texts shorter than this are indexed by one thread.
        var minimumBytes = 32 << 20
        /// About how many bytes of text a chunk spans.
        var chunkBytes = 16 << 20
        /// Where the chunks after the first begin: nil, guessed member boundaries about
        /// ``chunkBytes`` apart; or these offsets, in increasing order (for tests: any offsets, right
        /// or wrong).
        var boundaries: [Int]?
        /// How many threads besides the pass's own take chunks: one per core (up to four), so one
        /// more than the cores. Chunks make a thread too many cheap (whichever runs takes the next),
        /// and on a core shared with another program the system shares by threads: with the other
        /// core kept busy by a loop, three threads read the gigabyte of people in 1.16 s where two
        /// took 1.33 s (medians of seven, load about 2.5), at idle within the noise.
        var helpers = max(1, min(4, Evaluation.activeProcessors))
        /// Gives back the pages of a range of the text a chunk's pass has passed (from any thread;
        /// the range starts at a page boundary), as ``MappedFile/release(_:)`` does.
        var release: @Sendable (Range<Int>) -> Void = { _ in }
        /// Maps the pages of a range of the text just ahead of a chunk's pass (from any thread; the
        /// range starts at a page boundary), as ``MappedFile/populate(_:)`` does.
        var populate: @Sendable (Range<Int>) -> Void = { _ in }
        /// Called for each chunk's findings the pass takes (for tests).
        var helped: @Sendable () -> Void = {}
    }

    /// The work of a pass over a large top-level array, cut into chunks that threads take one at a
    /// time, whichever is free next (a thread on a core it shares gets fewer of them). Each chunk but
    /// the first begins at a guessed boundary between two members: a comma right after a closing
    /// bracket and right before an opening one (`},{`, `],[`), about ``Split/chunkBytes`` apart.
    ///
    /// A chunk's pass starts at its boundary as if it had just read a member of the top-level array
    /// there, and stops at the first later boundary it reaches in that same state (or at the
    /// array's end). The pass over the whole text, from the first byte, takes the chunks' findings
    /// from the first boundary it reaches in that state, chunk after chunk as each one's pass
    /// stopped: at each, the state is exactly the state the next chunk's pass started from (a pass is
    /// a function of the bytes from there on), so the index is the one a single thread finds. A
    /// chunk whose guess was wrong (the comma was in a string, or deeper) is never reached so; the
    /// pass before it reads on over it, and its findings are dropped.
    ///
    /// It never waits for anything but chunks being read: a helper the system has not started yet
    /// when the chunks run out does nothing, and a running one stops at its next megabyte once
    /// stopped.
    final class Chunks: @unchecked Sendable {
        /// Where the chunks after the first begin, in increasing order.
        let boundaries: [Int]
        private let bytes: UnsafeBufferPointer<UInt8>
        private let maximumDepth: Int
        private let split: Split
        /// How the chunks' passes read strings.
        private let strings: Reading
        /// The next chunk not yet taken (an index into `boundaries`).
        private let next = Atomic<Int>(0)
        /// How many chunks being read have not ended yet.
        private let reading = Atomic<Int>(0)
        private let stopping = Atomic<Bool>(false)
        /// Signalled when a chunk's read ends.
        private let chunkEnded = DispatchSemaphore(value: 0)
        /// Each chunk's findings, once its read has ended.
        private let outcomes: Mutex<[Outcome]>

        private enum Outcome: Sendable {
            case pending
            /// The text is not valid JSON from the chunk's boundary on (or its pass was stopped).
            case invalid
            case found(Found)
            /// The findings were taken by the pass.
            case taken
        }

        private struct Stopped: Error {}

        private init(
            _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, boundaries: [Int], split: Split, reading: Reading
        ) {
            self.bytes = bytes
            strings = reading
            self.maximumDepth = maximumDepth
            self.boundaries = boundaries
            self.split = split
            outcomes = Mutex(Array(repeating: .pending, count: boundaries.count))
        }

        /// Chunks of `bytes` as `split` says, with its helpers started, or nil when the text is
        /// too short, or no boundary is found.
        static func start(
            _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, split: Split, reading: Reading
        ) -> Chunks? {
            guard bytes.count >= split.minimumBytes else { return nil }
            let boundaries = split.boundaries ?? guessedBoundaries(in: bytes, every: split.chunkBytes)
            guard !boundaries.isEmpty else { return nil }
            let chunks = Chunks(
                bytes, maximumDepth: maximumDepth, boundaries: boundaries, split: split, reading: reading)
            for _ in 0..<max(1, split.helpers) {
                DispatchQueue.global().async { chunks.help() }
            }
            return chunks
        }

        /// A boundary near each multiple of `stride` past the first in `bytes` (the first
        /// ``guessedBoundary(in:from:)`` finds there, or past the one before), in increasing order.
        static func guessedBoundaries(in bytes: UnsafeBufferPointer<UInt8>, every stride: Int) -> [Int] {
            guard stride > 0 else { return [] }
            var boundaries: [Int] = []
            for start in Swift.stride(from: stride, to: bytes.count, by: stride) {
                if let boundary = guessedBoundary(in: bytes, from: max(start, (boundaries.last ?? 0) + 1)) {
                    boundaries.append(boundary)
                }
            }
            return boundaries
        }

        /// A comma between `}` or `]` and `{` or `[`, in the megabyte from `start` in `bytes`.
        static func guessedBoundary(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
            let end = min(bytes.count - 1, start + (1 << 20))
            guard start >= 1, start < end else { return nil }
            for position in start..<end where bytes[position] == UInt8(ascii: ",") {
                if bytes[position - 1] | 0x20 == UInt8(ascii: "}"), bytes[position + 1] | 0x20 == UInt8(ascii: "{") {
                    return position
                }
            }
            return nil
        }

        /// Calls `take` with the findings of the chunks from the one at `boundaries[first]` on, in
        /// the order the pass takes them (each from the boundary where the one before stopped), and
        /// returns whether the text is valid JSON from there (false: `take` may have been called for
        /// some). This thread reads the chunks no other has taken, taking the findings ready after
        /// each (so that few chunks' findings are held at once), then waits for those it still
        /// needs, calling `checkCancellation` every 10 ms.
        func rest(
            from first: Int, checkCancellation: () throws -> Void, take: (Found) -> Void
        ) rethrows -> Bool {
            var chunk: Int? = first
            // Takes the findings of the chunks on from `chunk` until one is not ready (`waiting`:
            // until all are taken); false when one is invalid.
            func takeReady(waiting: Bool, _ checkCancellation: () throws -> Void) rethrows -> Bool {
                while let current = chunk {
                    let outcome = outcomes.withLock { outcomes in
                        defer { if case .found = outcomes[current] { outcomes[current] = .taken } }
                        return outcomes[current]
                    }
                    switch outcome {
                    case .pending:
                        guard waiting else { return true }
                        if chunkEnded.wait(timeout: .now() + .milliseconds(10)) == .timedOut { try checkCancellation() }
                    case .found(let found):
                        split.helped()
                        take(found)
                        chunk = found.stop
                    case .invalid, .taken:
                        return false
                    }
                }
                return true
            }
            while let next = claim() {
                try read(next, checkCancellation: checkCancellation)
                guard try takeReady(waiting: false, checkCancellation) else { return false }
            }
            return try takeReady(waiting: true, checkCancellation)
        }

        /// Stops the helpers (chunks not taken yet are not read, those being read end at their next
        /// megabyte) and waits for the chunks being read.
        func stop() {
            stopping.store(true, ordering: .relaxed)
            // Sequentially consistent with `claim()`: a thread that has not counted itself as
            // reading before this store sees it.
            next.store(boundaries.count, ordering: .sequentiallyConsistent)
            while reading.load(ordering: .sequentiallyConsistent) > 0 {
                _ = chunkEnded.wait(timeout: .now() + .milliseconds(1))
            }
        }

        /// The next chunk no thread has taken, now this one's; the chunk counts as being read.
        private func claim() -> Int? {
            reading.add(1, ordering: .sequentiallyConsistent)
            let chunk = next.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue
            if chunk < boundaries.count { return chunk }
            reading.subtract(1, ordering: .releasing)
            return nil
        }

        /// A helper's work: chunks until none is left.
        private func help() {
            while let chunk = claim() {
                try? read(chunk) { if self.stopping.load(ordering: .relaxed) { throw Stopped() } }
            }
        }

        /// Reads the chunk at `boundaries[chunk]`, mapping the pages just ahead of its pass and giving
        /// back those behind it, and records its outcome.
        private func read(_ chunk: Int, checkCancellation: () throws -> Void) rethrows {
            var outcome = Outcome.invalid
            defer {
                outcomes.withLock { $0[chunk] = outcome }
                reading.subtract(1, ordering: .releasing)
                chunkEnded.signal()
            }
            let page = 1 << 12
            let lead = 3 << 20
            let start = boundaries[chunk]
            // Pages past the chunk are not mapped ahead: another thread may have passed them.
            let chunkEnd = chunk + 1 < boundaries.count ? boundaries[chunk + 1] : bytes.count
            var released = (start + page - 1) / page * page
            var populated = start / page * page
            func mapAhead(of position: Int) {
                let end = min(chunkEnd, position + lead)
                guard end > populated else { return }
                split.populate(populated..<end)
                populated = end
            }
            mapAhead(of: start)
            let found = try JSONStructureIndexer.pass(
                bytes, maximumDepth: maximumDepth, arrived: nil, resuming: start, chunks: self, reading: strings,
                checkCancellation: checkCancellation,
                passing: { position in
                    mapAhead(of: position)
                    let end = position / page * page
                    if end > released {
                        split.release(released..<end)
                        released = end
                    }
                })
            if let found {
                let end = found.end / page * page
                if end > released { split.release(released..<end) }
                outcome = .found(found)
            }
        }
    }
}
