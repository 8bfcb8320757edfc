import Foundation

/// One pass over JSON text that checks it and notes where the members of its large containers
/// begin, without building any value: the first stage of a ``JSONDocument``.
///
/// It accepts exactly what ``JSONReader`` accepts in plain mode or less: a text it refuses is handed
/// to the reader, whose message (with line and column) is the one people see, so the two never have
/// to agree on messages, only on what is valid. Invalid UTF-8 is accepted (the reader replaces it).
///
/// The loop is written for speed: the position, the innermost container and the offset its
/// members are recorded from are local variables, the open containers are two flat stacks
/// allocated once (no array bookkeeping per member), a string's plain run is skipped eight bytes at
/// a time and its end read from the quotes of the last word (escapes take a separate path), and the
/// members of all open containers share one flat stack; the top-level container takes that stack
/// without a copy.
///
/// The pass is a chain of steps, each at the position the one before it gave (measured: a fifth
/// fewer instructions, the same time), so what pays is a shorter chain per token — one read less
/// per string gave a tenth of the time. Two fast paths (``Reading``) shorten it: strings end where
/// the bit masks of their 64-byte block say (``StringBlocks``), and a container shorter than
/// ``indexedContainerBytes`` — most of them — is read by a loop of its own that only checks it
/// (``endOfSmallContainer(_:_:_:depthLimit:strings:)``). On the gigabyte of people they took a
/// quarter of the instructions and of the CPU time; the index and the verdict are the same, and a
/// pass without them is the reference the tests compare against.
struct JSONStructureIndexer {
    /// Containers whose text is at least this many bytes have their member offsets kept; smaller
    /// ones are scanned when touched (a few microseconds).
    static let indexedContainerBytes = 4096

    /// How often (in bytes of text) the pass calls its `checkCancellation` and `passing` closures.
    static let progressStride = 1 << 20

    /// How far ahead of the pass the bytes must have arrived while a file is still being read.
    private static let arrivalWindow = 1 << 20

    /// The index of `bytes`, or nil when they are not valid JSON or their top-level value is not
    /// an array or an object. `checkCancellation` is called about every megabyte (at the start of a
    /// member at least ``progressStride`` bytes past the last call), and `passing` then with the
    /// position reached: the pass reads no byte before it again except the first
    /// ``indexedContainerBytes`` of a large container when it closes (a mapped file gives those
    /// pages back, ``MappedFile/scanning(_:)``).
    ///
    /// With `arrived` the bytes are still being read (``FileBytes/array(_:path:whileReading:)``): the
    /// pass keeps a megabyte behind them. A value longer than that which has not fully arrived looks
    /// unfinished; the pass then waits for the whole text and runs again.
    ///
    /// With `split` other threads index chunks of a large top-level array at the same time
    /// (``Chunks``); the index is the same either way. `reading` says how strings are read
    /// (``StringBlocks``); the index is the same either way.
    static func index(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, arrived: ArrivingBytes? = nil,
        split: Split? = nil, reading: Reading = Reading(), checkCancellation: () throws -> Void = {},
        passing: (Int) -> Void = { _ in }
    ) rethrows -> JSONStructureIndex? {
        if let arrived {
            let found = try pass(
                bytes, maximumDepth: maximumDepth, arrived: arrived, reading: reading,
                checkCancellation: checkCancellation, passing: passing)
            if found != nil { return found?.index }
            _ = arrived.wait(until: bytes.count)
        }
        let chunks = split.flatMap { Chunks.start(bytes, maximumDepth: maximumDepth, split: $0, reading: reading) }
        defer { chunks?.stop() }
        return try pass(
            bytes, maximumDepth: maximumDepth, arrived: nil, chunks: chunks, reading: reading,
            checkCancellation: checkCancellation, passing: passing)?.index
    }

    /// What a pass found: the index, or for a pass from a member boundary (`resuming`) where it
    /// stopped and the members of the top-level array it found.
    struct Found {
        var index: JSONStructureIndex
        /// Where a pass from a boundary stopped: the offset of the top-level array's closing
        /// bracket, or of the chunk boundary `stop`.
        var end = 0
        /// The members of the top-level array the pass recorded (a pass from a boundary).
        var topMembers: [Int] = []
        /// The chunk (an index into ``Chunks/boundaries``) at whose boundary the pass stopped, or
        /// nil when it stopped at the array's end.
        var stop: Int?
    }

    /// The pass. With `resuming` it starts at that offset as if it had just read a member of the
    /// top-level array there (depth one, a comma or the end expected next), and stops before the
    /// array's closing bracket, or, with `chunks`, at the first chunk boundary past that offset it
    /// reaches in that same state. From the start of the text, with `chunks`, it takes the chunks'
    /// findings when it meets a boundary in that state (and would read on exactly as their passes did).
    static func pass(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, arrived: ArrivingBytes?, resuming: Int? = nil,
        chunks: Chunks? = nil, reading: Reading, checkCancellation: () throws -> Void, passing: (Int) -> Void
    ) rethrows -> Found? {
        guard let base = bytes.baseAddress, !bytes.isEmpty, maximumDepth >= 1 else { return nil }
        let total = bytes.count
        // The end of the bytes the pass may read (those that have arrived).
        var count = arrived?.wait(until: min(total, arrivalWindow)) ?? total
        var position = 0
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        position = JSONBytes.skipWhitespace(base, position, count)
        guard position < count, base[position] | 0x20 == UInt8(ascii: "{") else { return nil }
        let root = position
        var members: [Int: [Int]] = [:]
        // The open containers, innermost last, in two flat stacks of `maximumDepth` entries: each
        // one's start offset × 2 plus 1 for an array, and where its recorded members begin on
        // `memberStack`. Only members at least `indexedContainerBytes` into their container are
        // recorded as the pass goes (most containers are small); a large container's first members
        // are found again when it closes.
        let open = UnsafeMutablePointer<Int>.allocate(capacity: maximumDepth)
        let memberBase = UnsafeMutablePointer<Int>.allocate(capacity: maximumDepth)
        defer {
            open.deallocate()
            memberBase.deallocate()
        }
        var depth = 1
        // The innermost open container (as on `open`), kept in a register, and the offset from which
        // its members are recorded.
        var top = root &* 2 &+ (base[root] == UInt8(ascii: "[") ? 1 : 0)
        var recordFrom = root &+ Self.indexedContainerBytes
        open[0] = top
        memberBase[0] = 0
        // Whether the innermost open container has a member yet (then a comma or its end comes next).
        var hasMember = false
        var memberStack: [Int] = []
        var memberCount = 0
        var nextCheck = Self.progressStride
        var strings = StringBlocks(reading)
        // Containers opened at this depth or deeper are first read as small ones
        // (``endOfSmallContainer(_:_:_:depthLimit:strings:)``); one that is not is read here, and the
        // containers at its depth are read here until the next megabyte.
        var smallFrom = reading.smallContainers ? 1 : Int.max
        var small = 0
        defer { reading.counted(Reading.Counts(blocks: strings.classified, smallContainers: small)) }
        // From this position on the pass waits for more bytes to arrive (while the file is read).
        func refillPoint(_ count: Int) -> Int {
            arrived != nil && count < total ? count &- arrivalWindow &+ 1 : .max
        }
        var refillFrom = refillPoint(count)
        position = root &+ 1
        if let resuming {
            guard top & 1 == 1, resuming > root, resuming < total else { return nil }
            position = resuming
            hasMember = true
        }
        // The chunk boundaries this pass may stop at or take findings from: the next one is
        // `stops[stop]`, at `boundary`.
        let stops = chunks?.boundaries ?? []
        var stop = firstIndex(in: stops, after: position)
        var boundary = stop < stops.count ? stops[stop] : .max
        reserveMembers(&memberStack, textBytes: (resuming != nil && boundary < total ? boundary : total) &- position)
        // The first position at which a member's end has more to do than read on (a chunk
        // boundary, or bytes to wait for).
        var nextEvent = min(boundary, refillFrom)
        // Here a container has just opened or a member has just ended.
        while true {
            if position >= nextEvent {
                if position >= boundary {
                    // Boundaries passed (inside a value) are passed by.
                    while stop < stops.count, stops[stop] < position { stop &+= 1 }
                    // The state a chunk's pass starts in.
                    if stop < stops.count, stops[stop] == position, depth == 1, top & 1 == 1, hasMember {
                        memberStack.removeSubrange(memberCount...)
                        if resuming != nil {
                            return Found(
                                index: JSONStructureIndex(root: root, members: members), end: position,
                                topMembers: memberStack, stop: stop)
                        }
                        // The chunks' findings are this pass's: the chunks found the rest of the text
                        // invalid, or so would this pass.
                        let valid = try chunks?.rest(from: stop, checkCancellation: checkCancellation) { found in
                            memberStack.append(contentsOf: found.topMembers)
                            members.merge(found.index.members) { mine, _ in mine }
                            position = found.end
                        }
                        guard valid == true else { return nil }
                        memberCount = memberStack.count
                        stop = stops.count
                    }
                    if stop < stops.count, stops[stop] <= position { stop &+= 1 }
                    boundary = stop < stops.count ? stops[stop] : .max
                }
                if position >= refillFrom, let arrived {
                    count = arrived.wait(until: min(total, position &+ arrivalWindow))
                    refillFrom = refillPoint(count)
                }
                nextEvent = min(boundary, refillFrom)
            }
            if position < count, base[position] <= 0x20 { position = JSONBytes.skipWhitespace(base, position, count) }
            guard position < count else { return nil }
            var byte = base[position]
            if hasMember, byte == UInt8(ascii: ",") {
                // The most common case: the next member.
                position &+= 1
                if position < count, base[position] <= 0x20 {
                    position = JSONBytes.skipWhitespace(base, position, count)
                }
                guard position < count else { return nil }
                byte = base[position]
            } else if byte == (top & 1 == 1 ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                if resuming != nil, depth == 1 {
                    // The stack itself, not a copy of it (the top-level array's members are most of it).
                    memberStack.removeSubrange(memberCount...)
                    return Found(
                        index: JSONStructureIndex(root: root, members: members), end: position,
                        topMembers: memberStack)
                }
                position &+= 1
                let start = top >> 1
                depth &-= 1
                let first = memberBase[depth]
                if position &- start >= Self.indexedContainerBytes {
                    let early = earlyMembers(base, position, containerAt: start)
                    if depth == 0 {
                        // The top-level container (often the largest by far) takes the stack
                        // itself rather than a copy of it.
                        memberStack.removeSubrange(memberCount...)
                        memberStack.insert(contentsOf: early, at: 0)
                        members[start] = memberStack
                        memberStack = []
                    } else {
                        members[start] = early + memberStack[first..<memberCount]
                    }
                }
                memberCount = first
                if depth == 0 { break }
                top = open[depth &- 1]
                recordFrom = (top >> 1) &+ Self.indexedContainerBytes
                // The container was a member of the one that encloses it.
                hasMember = true
                continue
            } else if hasMember {
                return nil
            }
            if position >= nextCheck {
                try checkCancellation()
                passing(position)
                nextCheck = position &+ Self.progressStride
                if reading.smallContainers { smallFrom = 1 }
            }
            hasMember = true
            if position >= recordFrom {
                if memberCount == memberStack.count {
                    memberStack.append(position)
                } else {
                    memberStack[memberCount] = position
                }
                memberCount &+= 1
            }
            if top & 1 == 0 {
                // Most keys are followed directly by their colon and value.
                guard byte == UInt8(ascii: "\""), let end = strings.endOfString(base, position, count) else {
                    return nil
                }
                position = end
                if position < count, base[position] != UInt8(ascii: ":") {
                    position = JSONBytes.skipWhitespace(base, position, count)
                }
                guard position < count, base[position] == UInt8(ascii: ":") else { return nil }
                position &+= 1
                if position < count, base[position] <= 0x20 {
                    position = JSONBytes.skipWhitespace(base, position, count)
                }
                guard position < count else { return nil }
                byte = base[position]
            }
            if byte == UInt8(ascii: "\"") {
                guard let end = strings.endOfString(base, position, count) else { return nil }
                position = end
                continue
            }
            // `[` and `{` differ only in the bit 0x20.
            if byte | 0x20 == UInt8(ascii: "{") {
                guard depth < maximumDepth else { return nil }
                if depth >= smallFrom {
                    if let end = Self.endOfSmallContainer(
                        base, position, min(count, position &+ (Self.indexedContainerBytes &- 1)),
                        depthLimit: min(63, maximumDepth &- depth), strings: &strings)
                    {
                        position = end
                        small &+= 1
                        continue
                    }
                    smallFrom = depth &+ 1
                }
                top = position &* 2 &+ (byte == UInt8(ascii: "[") ? 1 : 0)
                open[depth] = top
                memberBase[depth] = memberCount
                depth &+= 1
                recordFrom = position &+ Self.indexedContainerBytes
                hasMember = false
                position &+= 1
                continue
            }
            guard let end = Self.endOfScalar(base, position, count) else { return nil }
            position = end
        }
        if let arrived { count = arrived.wait(until: total) }
        position = JSONBytes.skipWhitespace(base, position, count)
        guard position == total, resuming == nil else { return nil }
        return Found(index: JSONStructureIndex(root: root, members: members))
    }

    /// The index of the first of the increasing `offsets` past `position` (their count when none is).
    private static func firstIndex(in offsets: [Int], after position: Int) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] > position { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Texts of at least this many bytes have room for their members reserved before the pass
    /// (``reserveMembers(_:textBytes:)``).
    static let reservedTextBytes = 4 << 20

    /// The guess of how many bytes of text a member of a large container takes, at most, for most
    /// texts: one member per this many bytes is reserved (a record of the benchmark's people takes 178).
    static let bytesPerMemberGuess = 64

    /// Reserves room in `memberStack` for the members of a text of `textBytes` bytes (one per
    /// ``bytesPerMemberGuess``) when it is at least ``reservedTextBytes`` long.
    ///
    /// The members of a large top-level array are most of what a pass records (six million of
    /// them, 48 MB, in the gigabyte of people): grown by doubling, the stack was copied into fresh
    /// memory again and again, twice its final size faulted in and cleared a page at a time.
    /// Reserved memory that is never written costs only address space; a text with smaller members
    /// grows the stack by doubling from there, as before. Not on huge pages (``HugePages``): on the
    /// VM this was measured on, 48 MB of them took from a quarter to three and a half times the CPU
    /// time of 4 KiB pages, from one run to the next (the kernel compacts memory to find them).
    static func reserveMembers(_ memberStack: inout [Int], textBytes: Int) {
        guard textBytes >= reservedTextBytes else { return }
        memberStack.reserveCapacity(textBytes / bytesPerMemberGuess)
    }

    /// The members of the (checked) container at `start` that begin less than
    /// ``indexedContainerBytes`` into it: those the pass did not record.
    private static func earlyMembers(_ base: UnsafePointer<UInt8>, _ count: Int, containerAt start: Int) -> [Int] {
        var cursor = JSONTextCursor(bytes: UnsafeBufferPointer(start: base, count: count), position: start)
        return cursor.memberOffsets(before: start + indexedContainerBytes)
    }
}
