import XCTest

@testable import MBMLEngine

/// ``XMLBytes``' search for markup in raw bytes against a byte-by-byte search.
final class XMLBytesTests: XCTestCase {
    func testTheOffsetOfMarkupIsTheFirstPlaceItStartsAtOrAfterTheStart() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("<?->!xI".utf8)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0..<80, using: &random)).map { _ in
                alphabet.randomElement(using: &random) ?? 0
            }
            let start = Int.random(in: 0...bytes.count + 2, using: &random)
            bytes.withUnsafeBytes { buffer in
                for (text, pattern) in [("-->" as StaticString, Array("-->".utf8)), ("?>", Array("?>".utf8))] {
                    let expected = bytes.indices.first { index in
                        index >= start && bytes[index...].starts(with: pattern)
                    }
                    XCTAssertEqual(
                        XMLBytes.offset(of: text, in: buffer, from: start), expected, "\(bytes) from \(start)")
                    if let expected {
                        XCTAssertTrue(XMLBytes.hasPrefix(text, in: buffer, at: expected))
                    }
                }
            }
        }
        XCTAssertNil(Array("Inclu".utf8).withUnsafeBytes { XMLBytes.offset(of: "Include", in: $0) })
    }
}
