import CJSONBlocks

extension JSONStructureIndexer {
    /// The fast paths of a pass: strings ended from the masks of 64-byte blocks (``StringBlocks``)
    /// and small containers read by a loop of their own
    /// (``endOfSmallContainer(_:_:_:depthLimit:strings:)``). Without them, the pass is the reference
    /// tests compare against: strings read eight bytes at a time
    /// (``JSONStructureIndexer/endOfString(_:_:_:)``), every container by the pass's own loop.
    struct Reading: Sendable {
        /// Whether strings are ended from the masks of 64-byte blocks (else eight bytes at a time).
        var blocks = true
        /// Whether containers shorter than ``indexedContainerBytes`` are first read by their own loop.
        var smallContainers = true
        /// Called at the end of each pass with what its fast paths did (for tests).
        var counted: @Sendable (Counts) -> Void = { _ in }

        /// What a pass's fast paths did.
        struct Counts: Sendable {
            /// How many 64-byte blocks were classified.
            var blocks = 0
            /// How many containers were read by the loop for small ones.
            var smallContainers = 0
        }

        /// The reference: neither fast path.
        static let reference = Reading(blocks: false, smallContainers: false)
    }

    /// The ends of strings found from bit masks of the text's 64-byte blocks, one bit a byte
    /// (`mbml_json_classify_block_widest`: AVX2 or SSE2 on x86-64): where the quotes are, and the bytes that end a
    /// plain run (a quote, a backslash, a control character).
    ///
    /// The pass is a chain of dependent steps, each at the position the one before gave. Read
    /// eight bytes at a time, a string's end costs a load at its start and a dozen operations on
    /// the word; from the masks of the block it starts in, already at hand for most strings (a
    /// record holds a dozen of them in three blocks), it is a shift, an and and a count of trailing
    /// zeros. The blocks are classified in turn, each at the offset after the one before, so their
    /// loads do not wait for the chain. Blocks lie at multiples of 64 from the text's start; the
    /// last bytes of the text (less than a block) are read the old way.
    ///
    /// A string whose plain run ends at anything but its closing quote (an escape, a control
    /// character) is read on from that byte as before (``JSONStructureIndexer/endOfStringRest(_:_:_:)``):
    /// the same end, or the same refusal.
    struct StringBlocks {
        private let enabled: Bool
        /// The offset of the block the masks are of (far before the text until one is read).
        private var start = Int.min / 2
        private var quotes: UInt64 = 0
        private var specials: UInt64 = 0
        /// How many blocks were classified.
        private(set) var classified = 0

        init(_ reading: Reading) { enabled = reading.blocks }

        /// The offset just past the string whose opening quote is at `position`, or nil when it does
        /// not end before `count` or breaks JSON's rules: as ``JSONStructureIndexer/endOfString(_:_:_:)``.
        @inline(__always)
        mutating func endOfString(_ base: UnsafePointer<UInt8>, _ position: Int, _ count: Int) -> Int? {
            guard enabled else { return JSONStructureIndexer.endOfString(base, position, count) }
            var from = position &+ 1
            while true {
                var offset = UInt(bitPattern: from &- start)
                if offset >= 64 {
                    // The quote at `from - 1` is not read again.
                    guard classify(base, from, count) else {
                        return JSONStructureIndexer.endOfString(base, from &- 1, count)
                    }
                    offset = UInt(bitPattern: from &- start)
                }
                let special = specials & (~0 &<< UInt64(truncatingIfNeeded: offset))
                if special != 0 {
                    let at = start &+ special.trailingZeroBitCount
                    // Whether the first special byte is the closing quote is a branch, off the chain.
                    if special & (0 &- special) & quotes != 0 { return at &+ 1 }
                    return JSONStructureIndexer.endOfStringRest(base, at, count)
                }
                from = start &+ 64
            }
        }

        /// Classifies the block that holds `from` (most often the one after the last, off the chain
        /// of positions), or returns false when it does not end before `count`. Not inlined: it runs
        /// once a block, and the loops that end strings stay small.
        @inline(never)
        private mutating func classify(_ base: UnsafePointer<UInt8>, _ from: Int, _ count: Int) -> Bool {
            let next = UInt(bitPattern: from &- start) < 128 ? start &+ 64 : from & ~63
            guard next &+ 64 <= count else { return false }
            let block = mbml_json_classify_block_widest(base + next)
            start = next
            quotes = block.quotes
            specials = block.specials
            classified &+= 1
            return true
        }

        /// How the masks of a block are computed: as the pass computes them (the widest vectors
        /// the CPU has), with SSE2 (x86-64) or byte by byte (elsewhere), or byte by byte.
        enum Classifier: CaseIterable { case widest, baseline, bytewise }

        /// The masks of the 64 bytes at `bytes` (for tests).
        static func masks(of bytes: UnsafePointer<UInt8>, by classifier: Classifier) -> (
            quotes: UInt64, specials: UInt64
        ) {
            let block =
                switch classifier {
                case .widest: mbml_json_classify_block_widest(bytes)
                case .baseline: mbml_json_classify_block(bytes)
                case .bytewise: mbml_json_classify_block_bytewise(bytes)
                }
            return (block.quotes, block.specials)
        }
    }
}
