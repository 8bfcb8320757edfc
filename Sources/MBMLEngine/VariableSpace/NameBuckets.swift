#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The buckets of a ``NamePositions`` table: a power-of-two number of 8-byte words, all zero when
/// made, in memory of their own.
///
/// Not an array: an array's header sits before its words, so a table of exactly 2 MiB of words
/// (the 262,144 buckets of a hundred thousand names) spills into a second huge page, which the
/// kernel then clears whole for those few bytes; and an array's words must be written once to
/// exist, though fresh memory is zero already. Here a table of a huge page or more is its own
/// mapping, on a huge-page boundary, advised to be huge pages before anything is written (its
/// first write to each 2 MiB is one fault), and a smaller one comes from `calloc`.
///
/// A reference type under ``NamePositions``'s value semantics: the table copies its buckets
/// before changing them when another table shares them (``NamePositions`` checks
/// `isKnownUniquelyReferenced`).
final class NameBuckets: @unchecked Sendable {
    /// The number of buckets (a power of two).
    let count: Int
    /// The buckets. Written only by the one ``NamePositions`` that holds the only reference.
    let base: UnsafeMutablePointer<UInt64>
    /// The mapping's size when the buckets are a mapping of their own; 0 for `calloc`'s memory.
    private let mappedBytes: Int

    /// `count` buckets, each zero.
    init(count: Int) {
        self.count = count
        let bytes = count * MemoryLayout<UInt64>.stride
        if bytes >= HugePages.size, let mapped = Self.mapHugePageAligned(bytes) {
            base = mapped.bindMemory(to: UInt64.self, capacity: count)
            mappedBytes = bytes
            return
        }
        guard let memory = calloc(count, MemoryLayout<UInt64>.stride) else {
            fatalError("NameBuckets: out of memory for \(count) buckets")
        }
        base = memory.bindMemory(to: UInt64.self, capacity: count)
        mappedBytes = 0
    }

    deinit {
        if mappedBytes > 0 {
            munmap(UnsafeMutableRawPointer(base), mappedBytes)
        } else {
            free(base)
        }
    }

    /// The buckets, to read and write.
    var buffer: UnsafeMutableBufferPointer<UInt64> {
        UnsafeMutableBufferPointer(start: base, count: count)
    }

    /// A table of the same buckets, for a ``NamePositions`` about to change them while another
    /// shares them.
    func copy() -> NameBuckets {
        let copy = NameBuckets(count: count)
        copy.base.update(from: base, count: count)
        return copy
    }

    /// `bytes` of zeroed memory starting on a huge-page boundary, advised to be huge pages; nil
    /// when the system refuses the mapping.
    private static func mapHugePageAligned(_ bytes: Int) -> UnsafeMutableRawPointer? {
        // A huge page more than asked for, then the parts before the first boundary and after the
        // table given back.
        let slack = HugePages.size
        guard let mapping = mmap(nil, bytes + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != MAP_FAILED
        else { return nil }
        let address = UInt(bitPattern: mapping)
        let aligned = (address + UInt(slack) - 1) / UInt(slack) * UInt(slack)
        let head = Int(aligned - address)
        if head > 0 { munmap(mapping, head) }
        let tail = slack - head
        if tail > 0 { munmap(mapping + head + bytes, tail) }
        let start = mapping + head
        _ = madvise(start, bytes, MADV_HUGEPAGE)
        return start
    }
}
