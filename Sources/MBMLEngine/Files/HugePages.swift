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
/// advice covers the 2 MiB-aligned part of the buffer and does nothing where the system offers no
/// huge pages (or gives them to every mapping anyway).
///
/// Not for gigabytes: on the VM this was measured on, a 1 GB data file read into 2 MiB pages took
/// twice the CPU time of 4 KiB ones, nearly all of it clearing them (memory the host had not yet
/// given the guest), so ``FileBytes`` does not ask.
enum HugePages {
    /// The size of a huge page on x86-64 and arm64 with 4 KiB base pages.
    static let size = 2 << 20

    /// Advises huge pages for the aligned part of `byteCount` bytes at `start` (when that spans at
    /// least one huge page).
    static func advise(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        guard byteCount >= 2 * size else { return }
        let address = UInt(bitPattern: start)
        let first = (address + UInt(size) - 1) / UInt(size) * UInt(size)
        let end = (address + UInt(byteCount)) / UInt(size) * UInt(size)
        guard end > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pointer, Int(end - first), MADV_HUGEPAGE)
    }

    /// Reserves room for `capacity` elements in `array` and, when that room is large, advises huge
    /// pages for it (before it is written, which is when pages are faulted in).
    static func reserve<Element>(_ array: inout [Element], capacity: Int) {
        array.reserveCapacity(capacity)
        let bytes = array.capacity * MemoryLayout<Element>.stride
        guard bytes >= 2 * size else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            advise(UnsafeMutableRawPointer(base), byteCount: bytes)
        }
    }
}
