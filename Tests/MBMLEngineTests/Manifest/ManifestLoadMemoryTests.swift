import Foundation
import XCTest

@testable import MBMLEngine

/// Loading keeps nothing behind: a second load of the same manifest reuses the memory the first
/// one gave back instead of adding as much again (no global caches that grow).
final class ManifestLoadMemoryTests: XCTestCase {
    /// The resident set size in bytes, from `/proc/self/statm` (nil where there is none).
    private func residentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func testLoadingTheSameManifestAgainDoesNotHoldMoreMemory() throws {
        var text = "<MBML>\n"
        for index in 0..<40_000 {
            text += "  <Var name=\"v\(index)\" literal=\"value number \(index) of the manifest\"/>\n"
        }
        text += "</MBML>\n"
        let loader = ManifestLoader()
        // A first load warms up everything that is allocated once (function tables, caches).
        _ = try loader.load(contents: text, path: "warm.xml")
        guard let before = residentBytes() else { throw XCTSkip("no /proc/self/statm") }
        var first: ManifestLoadResult? = try loader.load(contents: text, path: "m.xml")
        let afterFirst = try XCTUnwrap(residentBytes())
        XCTAssertEqual(first?.environment.variables["v39999"], "value number 39999 of the manifest")
        first = nil
        for _ in 0..<3 {
            let again = try loader.load(contents: text, path: "m.xml")
            XCTAssertEqual(again.environment.variables["v0"], "value number 0 of the manifest")
        }
        let afterMore = try XCTUnwrap(residentBytes())
        let growth = afterMore - before
        let firstGrowth = max(afterFirst - before, 1 << 20)
        XCTAssertLessThan(
            growth, firstGrowth + firstGrowth / 3,
            "first load +\(afterFirst - before) bytes, after three more +\(growth) bytes")
    }
}
