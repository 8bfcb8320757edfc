import XCTest

@testable import MBMLEngine

/// The one `memchr` line-feed search behind JSON line numbers, JSON Lines records and a manifest's
/// cut, and the vector count of a manifest's lines, against counting byte by byte.
final class LineFeedsTests: XCTestCase {
    private func counted(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { LineFeeds.count(in: $0) }
    }

    func testCountsEveryLineFeedWhereverItIs() {
        XCTAssertEqual(counted([]), 0)
        XCTAssertEqual(counted(Array("no line feed".utf8)), 0)
        XCTAssertEqual(counted(Array("\n".utf8)), 1)
        XCTAssertEqual(counted(Array("\n\n\r\n".utf8)), 3)
        XCTAssertEqual(counted(Array("a\nb\nc".utf8)), 2)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in
                ([0x0A, 0x0D, 0x41, 0x00, 0xFF] as [UInt8]).randomElement(using: &generator) ?? 0
            }
            XCTAssertEqual(counted(bytes), bytes.filter { $0 == 0x0A }.count)
        }
    }

    func testCountsLongRunsAtEveryAlignmentAndLength() {
        // Lanes count up to 255 vectors (4,080 bytes) before they are added up: nothing but line
        // feeds, and runs whose length is about a multiple of that, from every offset.
        let allFeeds = [UInt8](repeating: 0x0A, count: 20_100)
        allFeeds.withUnsafeBytes { raw in
            for length in [4_079, 4_080, 4_081, 8_160, 8_161, 16_383, 19_990] {
                for offset in 0..<17 {
                    let slice = UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + length)])
                    XCTAssertEqual(LineFeeds.count(in: slice), length, "length \(length), offset \(offset)")
                }
            }
        }
        var generator = SystemRandomNumberGenerator()
        let mixed = (0..<50_000).map { _ in
            ([0x0A, 0x0A, 0x0B, 0x09, 0x8A, 0x41] as [UInt8]).randomElement(using: &generator) ?? 0
        }
        mixed.withUnsafeBytes { raw in
            for offset in [0, 1, 7, 15, 16, 4_081] {
                let slice = UnsafeRawBufferPointer(rebasing: raw[offset...])
                XCTAssertEqual(LineFeeds.count(in: slice), mixed[offset...].filter { $0 == 0x0A }.count)
            }
        }
    }

    func testNextFindsTheFirstLineFeedFromAPositionOrTheEnd() {
        let bytes = Array("ab\ncd\n".utf8)
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return XCTFail("no bytes") }
            XCTAssertEqual(LineFeeds.next(in: base, from: 0, end: raw.count), 2)
            XCTAssertEqual(LineFeeds.next(in: base, from: 2, end: raw.count), 2)
            XCTAssertEqual(LineFeeds.next(in: base, from: 3, end: raw.count), 5)
            XCTAssertEqual(LineFeeds.next(in: base, from: 6, end: raw.count), 6)
            // Only the first `end` bytes are searched.
            XCTAssertEqual(LineFeeds.next(in: base, from: 3, end: 5), 5)
            XCTAssertEqual(LineFeeds.next(in: base, from: 3, end: 4), 4)
        }
    }
}
