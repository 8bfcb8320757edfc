import XCTest

@testable import MBMLEngine

/// The one `memchr` line-feed search behind JSON line numbers, JSON Lines records and a manifest's
/// cut, against counting byte by byte.
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
