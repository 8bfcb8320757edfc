import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``HugePages``: a large buffer's room is a whole number of huge pages less the allocators'
/// overhead (so that Linux maps it on a huge-page boundary), its contents are what was written
/// and read, and on Linux with transparent huge pages its first huge page is there before a byte
/// is written (`MADV_COLLAPSE`: the fast path ran).
final class HugePagesTests: XCTestCase {
    func testSmallCapacitiesAreKeptAndLargeOnesFillTheirHugePages() {
        for capacity in [0, 1, 1000, HugePages.size / 8 - 1] {
            XCTAssertEqual(HugePages.capacity(capacity, of: UInt64.self), capacity)
        }
        Self.assertFillsItsHugePages(HugePages.size, of: UInt8.self)
        Self.assertFillsItsHugePages(4_781_201, of: UInt8.self)
        Self.assertFillsItsHugePages(HugePages.size / 8, of: UInt64.self)
        Self.assertFillsItsHugePages(100_000, of: (Int64, Int64, Int64, Int64, Int64).self)
        XCTAssertEqual(HugePages.capacity(Int.max / 2, of: UInt64.self), Int.max / 2, "an overflow keeps the request")
    }

    /// `capacity` elements are given at least their room, up to the end of the huge pages that
    /// room and the overhead take, and no further.
    private static func assertFillsItsHugePages<Element>(
        _ capacity: Int, of element: Element.Type, line: UInt = #line
    ) {
        let stride = MemoryLayout<Element>.stride
        let rounded = HugePages.capacity(capacity, of: element)
        XCTAssertGreaterThanOrEqual(rounded, capacity, line: line)
        let pages = (capacity * stride + HugePages.allocationOverhead + HugePages.size - 1) / HugePages.size
        let allocation = rounded * stride + HugePages.allocationOverhead
        XCTAssertLessThanOrEqual(allocation, pages * HugePages.size, "within the same huge pages", line: line)
        XCTAssertGreaterThan(allocation + stride, pages * HugePages.size, "the most they hold", line: line)
    }

    /// A reserved table and a file read into advised memory hold what was written, at every size
    /// around a huge page.
    func testReservedAndReadBuffersHoldTheirBytes() throws {
        let folder = try ScratchFolder()
        for count in [HugePages.size / 8 - 1, HugePages.size / 8, HugePages.size / 8 + 5, 3 * HugePages.size / 8 + 7] {
            var table: [UInt64] = []
            HugePages.reserve(&table, capacity: count)
            XCTAssertGreaterThanOrEqual(table.capacity, count)
            table.append(contentsOf: (0..<UInt64(count)).map { $0 &* 0x9E37_79B9 })
            XCTAssertTrue(table.elementsEqual((0..<UInt64(count)).map { $0 &* 0x9E37_79B9 }))
            let before = table.capacity
            HugePages.reserve(&table, capacity: count)
            XCTAssertEqual(table.capacity, before, "room already there is kept")
        }
        for size in [HugePages.size - 1, HugePages.size, HugePages.size + 1, 4_781_201] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
            let path = try folder.write(bytes, to: "file-\(size)").path
            let read = try FileDoor.read(
                path, as: .manifest, policy: EnvironmentOptions().fileReadPolicy, maximumSize: Int.max)
            XCTAssertEqual(read.count, size)
            XCTAssertTrue(read.elementsEqual(bytes), "the bytes of a file of \(size) bytes")
        }
    }

    /// On Linux with transparent huge pages, a large reserved buffer is mapped on a huge-page
    /// boundary and its first huge page is in place before it is written. (Larger than the most
    /// glibc ever serves from its heap, 32 MiB: smaller blocks are mapped, as a load's are, only
    /// until the process has freed a mapped block that large.)
    func testTheFirstHugePageIsThereBeforeAWrite() throws {
        #if os(Linux)
        let enabled =
            (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? ""
        guard enabled.contains("[always]") || enabled.contains("[madvise]") else {
            throw XCTSkip("no transparent huge pages here (\(enabled))")
        }
        var table: [UInt8] = []
        HugePages.reserve(&table, capacity: (32 << 20) + 1)
        let base = table.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let mapping = base / UInt(HugePages.basePageSize) * UInt(HugePages.basePageSize)
        guard mapping % UInt(HugePages.size) == 0 else {
            throw XCTSkip("the allocator did not map the table on a huge-page boundary")
        }
        // Read to its end (a /proc file's size is 0).
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let entry = Self.smapsEntry(containing: mapping, in: smaps)
        XCTAssertNotNil(entry, "the table's mapping")
        XCTAssertTrue(entry?.flags.contains("hg") ?? false, "advised: \(entry?.flags ?? [])")
        guard let kernel = Self.kernelVersion(), kernel >= (6, 1) else { return }
        // The kernel may have had no free huge page to give (memory fragmented, as on a machine
        // that has run for long): that is the system's, not a failure.
        guard (entry?.anonHugeKiB ?? 0) >= 2048 else {
            throw XCTSkip("the system gave no huge page for the advised table")
        }
        withExtendedLifetime(table) {}
        #else
        throw XCTSkip("transparent huge pages are Linux's")
        #endif
    }

    /// The smaps entry of the mapping that starts at `start`: its VmFlags and AnonHugePages.
    private static func smapsEntry(containing start: UInt, in smaps: String) -> (flags: [String], anonHugeKiB: Int)? {
        var inside = false
        var flags: [String] = []
        var huge = 0
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let low = UInt(line[..<dash], radix: 16),
                let space = line.firstIndex(of: " "), let high = UInt(line[line.index(after: dash)..<space], radix: 16)
            {
                if inside { return (flags, huge) }
                inside = low <= start && start < high
                continue
            }
            guard inside else { continue }
            if line.hasPrefix("VmFlags:") { flags = line.dropFirst(8).split(separator: " ").map(String.init) }
            if line.hasPrefix("AnonHugePages:") { huge = Int(line.split(separator: " ")[1]) ?? 0 }
        }
        return inside ? (flags, huge) : nil
    }

    private static func kernelVersion() -> (Int, Int)? {
        guard let release = try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8) else {
            return nil
        }
        let parts = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }
}
