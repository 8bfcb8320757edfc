extension JSONStructureIndexer {
    /// The offset just past the container that opens at `start` when it is valid JSON and ends at
    /// or before `limit` (its closing bracket before it), with at most `depthLimit` levels of
    /// containers in it counting itself; else nil, and the pass reads the container itself.
    ///
    /// A container shorter than ``indexedContainerBytes`` has no member recorded, nor has any
    /// container in it, so all the pass does in it is check it. This loop does only that, with its
    /// few variables in registers (the open containers are bits of one word, 1 for an array) and
    /// none of the pass's bookkeeping per token (chunk boundaries, arriving bytes, progress, members
    /// to record), and reads strings from the same blocks (``StringBlocks``). Nil is never a
    /// verdict: the pass reads on from `start` as if this had not been called, so it refuses what
    /// it refuses, with its message, and a container too long or too deep costs only this read.
    ///
    /// - Precondition: `start < limit`, and `base[start]` is `[` or `{`.
    static func endOfSmallContainer(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ limit: Int, depthLimit: Int, strings: inout StringBlocks
    ) -> Int? {
        // The container at `start`.
        guard depthLimit >= 1 else { return nil }
        var depth = 1
        var kinds: UInt64 = base[start] == UInt8(ascii: "[") ? 1 : 0
        var position = start &+ 1
        guard var byte = token(base, &position, limit) else { return nil }
        if byte == closing(kinds) { return position &+ 1 }
        // Here `byte`, at `position`, begins a member of the innermost container.
        member: while true {
            if kinds & 1 == 0 {
                guard byte == UInt8(ascii: "\""), let end = strings.endOfString(base, position, limit) else {
                    return nil
                }
                position = end
                guard token(base, &position, limit) == UInt8(ascii: ":") else { return nil }
                position &+= 1
                guard let next = token(base, &position, limit) else { return nil }
                byte = next
            }
            if byte == UInt8(ascii: "\"") {
                guard let end = strings.endOfString(base, position, limit) else { return nil }
                position = end
            } else if byte | 0x20 == UInt8(ascii: "{") {
                guard depth < depthLimit else { return nil }
                depth &+= 1
                kinds = kinds &<< 1 | (byte == UInt8(ascii: "[") ? 1 : 0)
                position &+= 1
                guard let next = token(base, &position, limit) else { return nil }
                byte = next
                // An empty container's closing bracket is read below.
                if byte != closing(kinds) { continue member }
            } else {
                guard let end = endOfScalar(base, position, limit) else { return nil }
                position = end
            }
            // Here a value has just ended (or an empty container is about to).
            while true {
                guard let next = token(base, &position, limit) else { return nil }
                byte = next
                if byte == UInt8(ascii: ",") {
                    position &+= 1
                    guard let next = token(base, &position, limit) else { return nil }
                    byte = next
                    continue member
                }
                guard byte == closing(kinds) else { return nil }
                position &+= 1
                depth &-= 1
                kinds &>>= 1
                if depth == 0 { return position }
            }
        }
    }

    /// The byte at `position` or, when that is white space, at the first position past it, which
    /// `position` is moved to; nil at `limit`.
    @inline(__always)
    private static func token(_ base: UnsafePointer<UInt8>, _ position: inout Int, _ limit: Int) -> UInt8? {
        guard position < limit else { return nil }
        let byte = base[position]
        guard byte <= 0x20 else { return byte }
        position = JSONBytes.skipWhitespace(base, position, limit)
        return position < limit ? base[position] : nil
    }

    /// The closing bracket of the innermost of the open containers `kinds`: `]` and `}` differ
    /// only in the bit 0x20.
    @inline(__always)
    private static func closing(_ kinds: UInt64) -> UInt8 {
        UInt8(ascii: "}") ^ UInt8(truncatingIfNeeded: (kinds & 1) &<< 5)
    }
}
