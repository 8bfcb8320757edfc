import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``MappedFileGuard``: a data file truncated while it is mapped — during the structural scan or
/// before a later read — is reported as changed while it was read, and the process goes on (no
/// `SIGBUS`).
final class MappedFileGuardTests: XCTestCase {
    #if os(Linux)
    /// About `size` bytes of records, the last one's name known.
    private func records(toAbout size: Int) -> (text: String, count: Int) {
        var parts: [String] = []
        var length = 2
        while length < size {
            let record =
                #"{"id":\#(parts.count),"name":"Person \#(parts.count)","note":"\#(String(repeating: "n", count: 100))"}"#
            parts.append(record)
            length += record.utf8.count + 1
        }
        return ("[" + parts.joined(separator: ",") + "]\n", parts.count)
    }

    func testAFileTruncatedAfterTheScanIsReportedAtTheNextCheckNotACrash() throws {
        let folder = try ScratchFolder()
        let (text, count) = records(toAbout: 20 << 20)
        let url = try folder.write(text, to: "people.json")
        // As `mbml eval` loads it: the environment maps the file and checks it.
        var options = EnvironmentOptions()
        options.dataFileReading = .mapped
        let environment = Environment(options: options)
        try DataFileSpec(name: "people", path: url.path).declare(in: environment)
        guard let file = environment.variables["people"]?.jsonNode?.document.mappedFile else {
            return XCTFail("not mapped")
        }
        try environment.checkMappedDataUnchanged()
        XCTAssertEqual(
            try environment.evaluate("$people[\(count - 1)].name", in: .object), .string("Person \(count - 1)"))
        XCTAssertEqual(truncate(url.path, 4096), 0)
        // Its pages were given back after the scan: this read faults past the file's new end.
        // Zeros are read where the bytes were: the path meets a NULL.
        XCTAssertThrowsError(try environment.evaluate("$people[\(count - 1)].name", in: .object))
        XCTAssertTrue(file.isDamaged)
        XCTAssertThrowsError(try environment.checkMappedDataUnchanged()) { error in
            XCTAssertEqual(error as? FileChangedWhileRead, FileChangedWhileRead(path: url.path))
            XCTAssertTrue("\(error)".contains("changed while it was read"), "\(error)")
        }
    }

    func testAFileTruncatedDuringTheScanIsRefusedNotACrash() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(records(toAbout: 40 << 20).text, to: "people.json")
        let mapped = try FileDoor.map(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        var truncated = false
        let index = try? mapped.scanning { passing in
            try JSONStructureIndexer.index(
                mapped.buffer, maximumDepth: 64,
                passing: { position in
                    if !truncated {
                        truncated = true
                        // At a page boundary: the scan's next page is past the file's end.
                        XCTAssertEqual(truncate(url.path, off_t((position / 4096 + 2) * 4096)), 0)
                    }
                    passing(position)
                })
        }
        XCTAssertTrue(truncated)
        XCTAssertNil(index ?? nil, "the zeros past the new end are not JSON")
        XCTAssertTrue(mapped.isDamaged)
        XCTAssertThrowsError(try mapped.checkUnchanged()) { XCTAssertTrue($0 is FileChangedWhileRead, "\($0)") }
    }

    func testAnUntouchedMappingIsNotDamaged() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(records(toAbout: 17 << 20).text, to: "people.json")
        let value = try DataFileSpec(name: "people", path: url.path).load(reading: .mapped)
        XCTAssertEqual(value.jsonNode?.document.mappedFile?.isDamaged, false)
        try value.jsonNode?.document.checkUnchanged()
    }
    #endif
}
