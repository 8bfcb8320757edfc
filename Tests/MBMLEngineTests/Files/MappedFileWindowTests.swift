import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``MappedFile/scanning(_:)``: while the structural pass runs over a mapped file, only a window of
/// the file around the pass is in the process's memory, none of it afterwards, and values read
/// after the pages were given back are the file's (mapped in again from the system's cache).
final class MappedFileWindowTests: XCTestCase {
    /// Records up to about `size` bytes: an array of objects, each with a string, a number and an
    /// array, as a data file holds them.
    private func records(toAbout size: Int) -> (text: String, count: Int) {
        var parts: [String] = []
        var length = 2
        var number = 0
        while length < size {
            let record = #"{"id":\#(number),"name":"Person \#(number) \u00e9","tags":["a","b"],"age":\#(number % 90)}"#
            parts.append(record)
            length += record.utf8.count + 1
            number += 1
        }
        return ("[" + parts.joined(separator: ",") + "]\n", number)
    }

    #if os(Linux)
    func testOnlyAWindowOfTheFileIsResidentDuringTheScanAndNoneAfter() throws {
        let folder = try ScratchFolder()
        let (text, count) = records(toAbout: 40 << 20)
        let url = try folder.write(text, to: "people.json")
        let mapped = try FileDoor.map(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        var largest = 0
        var calls = 0
        var last = 0
        let index = try mapped.scanning { passing in
            try JSONStructureIndexer.index(
                mapped.buffer, maximumDepth: 64,
                passing: { position in
                    XCTAssertGreaterThan(position, last, "the pass reports positions front to back")
                    last = position
                    passing(position)
                    calls += 1
                    largest = max(largest, MappingResidency.residentBytes(of: mapped.buffer) ?? .max)
                })
        }
        XCTAssertEqual(index?.members[index?.root ?? -1]?.count, count)
        XCTAssertGreaterThan(calls, 30, "about one call a megabyte")
        // The window: the lead and chunk mapped ahead, the chunk not yet given back, one stride.
        XCTAssertLessThan(largest, 16 << 20, "at most a window of \(mapped.buffer.count) bytes")
        XCTAssertEqual(
            MappingResidency.residentBytes(of: mapped.buffer), 0, "nothing of the file is held after the scan")
        try mapped.checkUnchanged()
    }

    func testValuesReadAfterTheScanAreTheFilesOwn() throws {
        let folder = try ScratchFolder()
        let (text, count) = records(toAbout: 24 << 20)
        let url = try folder.write(text, to: "people.json")
        let value = try DataFileSpec(name: "people", path: url.path).load(reading: .mapped)
        let copied = try DataFileSpec(name: "people", path: url.path).load(reading: .read)
        guard let node = value.jsonNode else { return XCTFail("not lazy") }
        XCTAssertTrue(node.document.isMapped)
        XCTAssertEqual(value.collectionCount, count)
        let environment = Environment()
        environment.variables.declare("people", value: value)
        for index in [0, 1, count / 2, count - 1] {
            XCTAssertEqual(
                try environment.evaluate("$people[\(index)].name", in: .object),
                .string("Person \(index) é"))
        }
        XCTAssertEqual(value, copied)
    }
    #endif
}
