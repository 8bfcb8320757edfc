import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``DataFileReading``: a large data file mapped by a one-shot command reads exactly as the same
/// file copied; a mapped file that changes before its scan ends is refused with a typed error; the
/// door's refusals are the same in both modes.
final class MappedDataFileTests: XCTestCase {
    /// Text padded with white space to the mapping threshold (white space after the value is valid).
    private func padded(_ text: String) -> String {
        text + String(repeating: " ", count: max(0, DataFileReading.mappingThreshold - text.utf8.count)) + "\n"
    }

    func testAMappedFileReadsAsTheCopiedOne() throws {
        let folder = try ScratchFolder()
        let records = (0..<2_000).map {
            #"{"id":\#($0),"name":"P\u00e9rson \#($0)","tags":["a","b"],"score":\#($0).5,"ok":true,"none":null}"#
        }
        let texts = [
            "\u{FEFF}[" + records.joined(separator: ",") + "]",
            #"{"a": 1, "b": [1, 2, {"c": "d"}], "a": 3, "caf\u00e9": 2}"#,
        ]
        for (number, text) in texts.enumerated() {
            let url = try folder.write(padded(text), to: "data\(number).json")
            let spec = DataFileSpec(name: "data", path: url.path)
            let mapped = try spec.load(reading: .mapped)
            let copied = try spec.load(reading: .read)
            guard let mappedNode = mapped.jsonNode, let copiedNode = copied.jsonNode else {
                return XCTFail("\(number): not lazy")
            }
            XCTAssertTrue(mappedNode.document.isMapped, "\(number)")
            XCTAssertFalse(copiedNode.document.isMapped, "\(number)")
            XCTAssertEqual(JSONCodec.encode(mapped), JSONCodec.encode(copied), "\(number)")
            XCTAssertEqual(JSONCodec.encode(mapped), JSONCodec.encode(try JSONCodec.decodePlain(text)), "\(number)")
            XCTAssertEqual(mapped, copied, "\(number)")
            XCTAssertEqual(mapped.collectionCount, copied.collectionCount, "\(number)")
        }
        // Through an environment whose options say to map, as `mbml eval` builds it.
        var options = EnvironmentOptions()
        options.dataFileReading = .mapped
        let url = folder.path("data0.json")
        let load = EnvironmentBuilder(options: options).build([.data(DataFileSpec(name: "people", path: url))])
        XCTAssertEqual(load.diagnostics, [])
        XCTAssertEqual(try load.environment.evaluate("$people.count", in: .object), .integer(2_000))
        XCTAssertEqual(try load.environment.evaluate("$people[1999].name", in: .object), .string("Pérson 1999"))
        XCTAssertEqual(load.environment.variables["people"]?.jsonNode?.document.isMapped, true)
    }

    func testSmallFilesScalarsAndInvalidTextAreAsWhenCopied() throws {
        let folder = try ScratchFolder()
        let small = try folder.write(#"[1, 2]"#, to: "small.json")
        let smallValue = try DataFileSpec(name: "d", path: small.path).load(reading: .mapped)
        XCTAssertEqual(smallValue.jsonNode?.document.isMapped, false, "below the threshold a file is copied")
        XCTAssertEqual(smallValue.collectionCount, 2)

        let scalar = try folder.write(padded(#""text""#), to: "scalar.json")
        XCTAssertEqual(try DataFileSpec(name: "d", path: scalar.path).load(reading: .mapped), .string("text"))

        let broken = try folder.write(padded("[1,\n 2,\n ]"), to: "broken.json")
        let spec = DataFileSpec(name: "d", path: broken.path)
        var messages: [String] = []
        for reading in [DataFileReading.mapped, .read] {
            XCTAssertThrowsError(try spec.load(reading: reading)) { messages.append("\($0)") }
        }
        XCTAssertEqual(messages.count, 2)
        XCTAssertEqual(Set(messages).count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains(":3:") == true, "\(messages)")
    }

    func testAMappedFileThatChangesIsReportedNotAnswered() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(padded("[1, 2, 3]"), to: "data.json")
        let mapped = try FileDoor.map(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        XCTAssertNoThrow(try mapped.checkUnchanged())
        XCTAssertEqual(mapped.buffer.count, DataFileReading.mappingThreshold + 1)

        // Renamed over, as editors save: the mapped file itself is untouched.
        let replacement = try folder.write(padded("[4, 5, 6]"), to: "new.json")
        XCTAssertEqual(rename(replacement.path, url.path), 0)
        XCTAssertNoThrow(try mapped.checkUnchanged())
        XCTAssertEqual(mapped.buffer[1], UInt8(ascii: "1"))

        // Written in place (the same size, other bytes), then truncated: both are refused.
        let again = try FileDoor.map(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        usleep(20_000)
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Array("[7".utf8))
        XCTAssertThrowsError(try again.checkUnchanged()) { error in
            XCTAssertEqual(error as? FileChangedWhileRead, FileChangedWhileRead(path: url.path))
            XCTAssertTrue("\(error)".contains("changed while it was read"), "\(error)")
        }
        let third = try FileDoor.map(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        try handle.truncate(atOffset: 4096)
        try handle.close()
        XCTAssertThrowsError(try third.checkUnchanged()) { XCTAssertTrue($0 is FileChangedWhileRead, "\($0)") }
    }

    func testTheDoorRefusesTheSameFilesWhenMapping() throws {
        let folder = try ScratchFolder()
        XCTAssertEqual(mkfifo(folder.path("fifo.json"), 0o600), 0)
        XCTAssertThrowsError(try DataFileSpec(name: "d", path: folder.path("fifo.json")).load(reading: .mapped)) {
            XCTAssertTrue("\($0)".contains("FIFO"), "\($0)")
        }
        XCTAssertThrowsError(try DataFileSpec(name: "d", path: folder.path(".")).load(reading: .mapped)) {
            XCTAssertTrue("\($0)".contains("directory"), "\($0)")
        }
        let large = try folder.write(padded("[1]"), to: "large.json")
        XCTAssertThrowsError(
            try DataFileSpec(name: "d", path: large.path).load(maximumSize: 1 << 20, reading: .mapped)
        ) { XCTAssertTrue("\($0)".contains("larger than the limit"), "\($0)") }
        // A name from MBML outside the policy's folders is refused before anything is opened.
        let policy = FileReadPolicy.forInputs(
            current: folder.path("inside"), inputs: [], allowed: [], workFolders: [])
        XCTAssertThrowsError(try FileDoor.map(large.path, as: .include, policy: policy, maximumSize: Int.max))
        let empty = try folder.write("", to: "empty.json")
        XCTAssertThrowsError(try FileDoor.map(empty.path, as: .data, policy: .anywhere, maximumSize: Int.max))
        XCTAssertThrowsError(try DataFileSpec(name: "d", path: empty.path).load(reading: .mapped))
    }
}
