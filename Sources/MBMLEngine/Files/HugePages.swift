#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Transparent huge pages for large buffers that are about to be filled front to back.
///
/// Filling fresh memory costs a page fault for every 4 KiB page (the kernel clears and maps each
/// one): the hundred thousand declarations of a large manifest fault in some twenty megabytes of
/// records and tables one page at a time, about a sixth of the load's time. With 2 MiB pages the
/// same memory takes a few dozen faults (10,400 faults became 5,900 for the whole process). The
/// advice does nothing where the system offers no huge pages (or gives them to every mapping
/// anyway).
///
/// A huge page is only ever the 2 MiB-aligned 2 MiB of a mapping, and a buffer's first bytes are
/// rarely on such a boundary: a buffer of 2 to 4 MiB usually holds none, and the part before its
/// first boundary is faulted 4 KiB at a time. So a buffer is given a size that makes the C
/// allocator's mapping of it a whole number of huge pages (``capacity(_:of:)``): Linux (6.7 and
/// later) places such an anonymous mapping on a huge-page boundary, and the advice then covers the
/// whole buffer, from the mapping's first page. Where the allocator or the system does otherwise,
/// the buffer is as large and the advice covers its aligned part, as before.
///
/// Not for gigabytes: on the VM this was measured on, a 1 GB data file read into 2 MiB pages took
/// twice the CPU time of 4 KiB ones, nearly all of it clearing them (memory the host had not yet
/// given the guest), so ``FileBytes`` does not ask.
enum HugePages {
    /// The size of a huge page on x86-64 and arm64 with 4 KiB base pages.
    static let size = 2 << 20
    /// The largest file read into huge pages (``FileDoor``): a manifest or an include, not a file
    /// of gigabytes (see the type's comment).
    static let largestAdvised = 256 << 20
    /// The base page size the advice is rounded to (the start of a mapping is on one).
    static let basePageSize = 4096
    /// What a Swift array's heap object holds before its elements (object header, count and
    /// capacity) plus what the C allocator keeps beside a mapped block, with room to spare: a
    /// block of a whole number of huge pages less this is mapped as that whole number.
    static let allocationOverhead = 96

    /// `madvise`'s `MADV_COLLAPSE` (Linux 6.1; older systems refuse it, which changes nothing).
    static let collapseAdvice: Int32 = 25

    /// Advises huge pages for the `byteCount` bytes at `start` and the rest of the base pages they
    /// are on, when that is at least one huge page.
    ///
    /// When they start a huge page, that first huge page is made one at once (`MADV_COLLAPSE`):
    /// the allocator has written its header in the first base page already, and a huge page is
    /// only ever given on a fault in a range where nothing is mapped yet, so that range would be
    /// faulted in 4 KiB at a time (512 faults). Later huge pages are given as they are first written.
    static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        guard byteCount >= size else { return }
        let address = UInt(bitPattern: start)
        let page = UInt(basePageSize)
        let first = address / page * page
        let end = (address + UInt(byteCount) + page - 1) / page * page
        guard let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pointer, Int(end - first), MADV_HUGEPAGE)
        if first % UInt(size) == 0 && end - first >= UInt(size) {
            _ = madvise(pointer, size, collapseAdvice)
        }
    }

    /// The capacity to allocate for at least `capacity` elements of `Element`: when that is at
    /// least a huge page of bytes, the largest capacity that keeps the array's allocation within
    /// the same whole number of huge pages (see the type's comment); otherwise `capacity`.
    static func capacity<Element>(_ capacity: Int, of element: Element.Type) -> Int {
        let stride = MemoryLayout<Element>.stride
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: stride)
        guard !overflow, bytes >= size, bytes <= Int.max - 2 * size else { return capacity }
        let pages = (bytes + allocationOverhead + size - 1) / size
        return max(capacity, (pages * size - allocationOverhead) / stride)
    }

    /// Reserves room for `capacity` elements in `array` (more, up to a whole number of huge pages)
    /// and, when that room is large, advises huge pages for it (before it is written, which is when
    /// pages are faulted in).
    static func reserve<Element>(_ array: inout [Element], capacity: Int) {
        // Room already there is kept (a larger one would be a copy).
        guard array.capacity < capacity else { return }
        array.reserveCapacity(Self.capacity(capacity, of: Element.self))
        let bytes = array.capacity * MemoryLayout<Element>.stride
        guard bytes >= size else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            advise(UnsafeMutableRawPointer(base), byteCount: bytes)
        }
    }
}
