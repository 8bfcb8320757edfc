import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// The reader's fast paths: keys matched against the expected shape without decoding, values moved
/// from one stack, numbers read without text, and bytes given back as it goes.
final class JSONReaderTests: XCTestCase {
    func testRecordsThatLeaveTheExpectedShapeKeepTheirOwnKeys() throws {
        let text =
            #"[{"a":1,"b":2},{"a":3,"b":4},{"a":5,"c":6},{"b":7,"a":8},{"a":9},{"a":1,"b":2,"d":3},{"a":0,"b":0}]"#
        let value = try JSONCodec.decodePlain(text)
        XCTAssertEqual(
            JSONCodec.encode(value),
            #"[{"a":1,"b":2},{"a":3,"b":4},{"a":5,"c":6},{"b":7,"a":8},{"a":9},{"a":1,"b":2,"d":3},{"a":0,"b":0}]"#)
        guard case .array(let records) = value, case .dictionary(let fourth) = records[3] else {
            return XCTFail("expected an array of dictionaries")
        }
        XCTAssertEqual(Array(fourth.keys), ["b", "a"])
    }

    func testARecordThatLeavesTheShapeAfterANestedObjectKeepsItsKeys() throws {
        // The nested objects use the same key stack while the outer keys are only being counted.
        let text = #"[{"a":{"x":1,"y":2},"b":2},{"a":{"x":3,"z":4},"c":4},{"a":{"x":5,"y":6}}]"#
        XCTAssertEqual(JSONCodec.encode(try JSONCodec.decodePlain(text)), text)
    }

    func testAnEscapedKeyIsNeverTakenForItsRawBytes() throws {
        // The first record's key is `a\b` (a backslash); the second's raw bytes `a\b` are the escape for
        // a backspace, so they must not match the expected key.
        let value = try JSONCodec.decodePlain(#"[{"a\\b":1},{"a\b":2},{"q\"":3},{"q\"":4}]"#)
        guard case .array(let records) = value else { return XCTFail("expected an array") }
        XCTAssertEqual(records[0], ["a\\b": 1])
        XCTAssertEqual(records[1], ["a\u{08}": 2])
        XCTAssertEqual(records[3], ["q\"": 4])
    }

    func testRepeatedKeysKeepTheFirstPlaceAndTheLastValue() throws {
        let value = try JSONCodec.decodePlain(#"[{"a":1,"b":2},{"a":1,"a":3}]"#)
        XCTAssertEqual(JSONCodec.encode(value), #"[{"a":1,"b":2},{"a":3}]"#)
    }

    func testNestedRecordsAtDifferentDepths() throws {
        let text = #"{"x":{"k":[{"k":1},{"k":{"k":2}}]},"y":{"k":[]}}"#
        XCTAssertEqual(JSONCodec.encode(try JSONCodec.decodePlain(text)), text)
    }

    func testRepeatedShortTextsShareOneValueAndDifferentOnesDoNot() throws {
        let text =
            #"[["a","b"],["a","c"],["a","b"],{"k":[1]},{"k":[2]},{"k":[1]},"#
            + #""a string of 17 bytes","a string of 17 byteZ","a string of 17 bytes","é string with \"escape\" here"]"#
        let value = try JSONCodec.decodePlain(text)
        XCTAssertEqual(JSONCodec.encode(value), text)
        guard case .array(let items) = value, case .array(let first) = items[0], case .array(let third) = items[2]
        else {
            return XCTFail("expected arrays")
        }
        first.decoded.withUnsafeBufferPointer { a in
            third.decoded.withUnsafeBufferPointer { b in XCTAssertEqual(a.baseAddress, b.baseAddress, "one storage") }
        }
    }

    func testIntegersAtTheEdgesOfInt() throws {
        XCTAssertEqual(try JSONCodec.decodePlain("9223372036854775807"), .integer(.max))
        XCTAssertEqual(try JSONCodec.decodePlain("-9223372036854775808"), .integer(.min))
        XCTAssertEqual(try JSONCodec.decodePlain("-0"), .integer(0))
        guard case .decimal(let beyond) = try JSONCodec.decodePlain("9223372036854775808") else {
            return XCTFail("an integer past Int is a decimal")
        }
        XCTAssertEqual(beyond, try XCTUnwrap(Decimal(string: "9223372036854775808")))
    }

    func testShortRealsAreExactDecimals() throws {
        for (text, expected) in [
            ("1.50", "1.5"), ("0.05", "0.05"), ("1200.5", "1200.5"), ("-0.0", "0"),
            ("100.0", "100"), ("123456789012345678.5", "123456789012345678.5"),
            ("0.123456789012345678", "0.123456789012345678"), ("1e2", "100"), ("-2.5E-1", "-0.25"),
        ] {
            guard case .decimal(let number) = try JSONCodec.decodePlain(text) else {
                XCTFail("\(text) should be a decimal")
                continue
            }
            XCTAssertEqual(number, try XCTUnwrap(Decimal(string: expected)), text)
        }
        let tiny = "0." + String(repeating: "0", count: 200) + "1"
        guard case .double = try JSONCodec.decodePlain(tiny) else { return XCTFail("out of Decimal's range") }
    }

    func testNumberTagsReadBack() throws {
        guard case .double(let infinity) = try JSONCodec.decodeTagged(JSONCodec.encode(.double(.infinity))),
            case .double(let negativeInfinity) = try JSONCodec.decodeTagged(JSONCodec.encode(.double(-.infinity)))
        else { return XCTFail("infinities read back as doubles") }
        XCTAssertEqual(infinity, .infinity)
        XCTAssertEqual(negativeInfinity, -.infinity)
        guard case .double(let nan) = try JSONCodec.decodeTagged(JSONCodec.encode(.double(.nan))) else {
            return XCTFail("NaN reads back as a double")
        }
        XCTAssertTrue(nan.isNaN)
        XCTAssertThrowsError(try JSONCodec.decodeTagged(#"{"$number":"7"}"#))
        XCTAssertEqual(try JSONCodec.decodeTagged(#"{"$$number":"7"}"#), ["$number": "7"])
    }

    func testBytesAreGivenBackAndErrorsKeepTheirLineAndColumn() throws {
        // Three megabytes of records on many lines, then an error on the last line.
        var text = "[\n"
        var lines = 1
        while text.utf8.count < 3 << 20 {
            text += #"{"name":"é\#(lines)","n":\#(lines)},"# + "\n"
            lines += 1
        }
        text += #"  {"name": tru}]"#
        var released: [Range<Int>] = []
        let bytes = Array(text.utf8)
        XCTAssertThrowsError(
            try bytes.withUnsafeBufferPointer { buffer in
                try JSONCodec.decodePlain(buffer) { released.append($0) }
            }
        ) { error in
            guard let error = error as? JSONDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, lines + 1)
            XCTAssertEqual(error.column, 12)
            XCTAssertEqual(error.message, "Expected a value, found 't'")
        }
        XCTAssertFalse(released.isEmpty)
        XCTAssertEqual(released.first?.lowerBound, 0)
        for (earlier, later) in zip(released, released.dropFirst()) {
            XCTAssertEqual(earlier.upperBound, later.lowerBound)
        }
        XCTAssertTrue(released.allSatisfy { $0.upperBound % JSONReader.releaseGranule == 0 })
    }

    func testColumnsCountCharactersAcrossGivenBackBytesOnOneLine() throws {
        // A single-line document (minified JSON) with the error past the first released megabyte.
        let records = String(repeating: #"{"a":"ü"},"#, count: 300_000)
        let text = "[" + records + "nul]"
        let bytes = Array(text.utf8)
        XCTAssertThrowsError(
            try bytes.withUnsafeBufferPointer { buffer in
                try JSONCodec.decodePlain(buffer) { _ in }
            }
        ) { error in
            guard let error = error as? JSONDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 1)
            XCTAssertEqual(error.column, 1 + records.count + 1)
        }
    }

    func testDataFilesLoadWithTheirKeyOrder() throws {
        let folder = try ScratchFolder()
        let file = folder.file("people.json")
        try Data(#"[{"name":"Ann","age":31},{"name":"Bo","age":29}]"#.utf8).write(to: file)
        let value = try DataFileSpec(name: "people", path: file.path).load()
        XCTAssertEqual(JSONCodec.encode(value), #"[{"name":"Ann","age":31},{"name":"Bo","age":29}]"#)
    }
}

final class ValueStackTests: XCTestCase {
    func testArraysSpanningSegmentsComeOutWholeAndInOrder() {
        let stack = ValueStack()
        let total = ValueStack.segmentSize * 3 + 17
        for index in 0..<total { stack.push(.integer(index)) }
        let inner = stack.popArray(from: ValueStack.segmentSize + 5)
        XCTAssertEqual(inner.count, total - ValueStack.segmentSize - 5)
        XCTAssertEqual(inner.first, .integer(ValueStack.segmentSize + 5))
        XCTAssertEqual(inner.last, .integer(total - 1))
        for index in 0..<ValueStack.segmentSize * 2 { stack.push(.string("again \(index)")) }
        let all = stack.popArray(from: 0)
        XCTAssertEqual(all.count, ValueStack.segmentSize * 3 + 5)
        XCTAssertEqual(all[ValueStack.segmentSize], .integer(ValueStack.segmentSize))
        XCTAssertEqual(all.last, .string("again \(ValueStack.segmentSize * 2 - 1)"))
        XCTAssertEqual(stack.count, 0)
    }

    func testOverwritingAndDiscarding() {
        let stack = ValueStack()
        stack.push("kept")
        for index in 0..<ValueStack.segmentSize { stack.push(.integer(index)) }
        var target = [Value](repeating: .null, count: ValueStack.segmentSize)
        target.withUnsafeMutableBufferPointer { stack.pop(from: 1, overwriting: $0) }
        XCTAssertEqual(target.last, .integer(ValueStack.segmentSize - 1))
        for index in 0..<ValueStack.segmentSize * 3 { stack.push(.string("x\(index)")) }
        stack.discard(from: 1)
        XCTAssertEqual(stack.popArray(from: 0), ["kept"])
    }
}

extension JSONReaderTests {
    func testRecordsOfOneShapeShareTheirKeyStorage() throws {
        let value = try JSONCodec.decodePlain(#"[{"name":"a","n":1},{"name":"b","n":2},{"name":"c","n":3}]"#)
        guard case .array(let records) = value, case .dictionary(let first) = records[0],
            case .dictionary(let third) = records[2]
        else { return XCTFail("expected records") }
        first.keys.elements.withUnsafeBufferPointer { a in
            third.keys.elements.withUnsafeBufferPointer { b in XCTAssertEqual(a.baseAddress, b.baseAddress) }
        }
        XCTAssertEqual(third["name"], "c")
        XCTAssertEqual(first["n"], 1)
    }
}

final class RepetitionTallyTests: XCTestCase {
    func testAKindThatRarelyRepeatsIsLeftAloneForAWhile() {
        var tally = RepetitionTally()
        for index in 0..<1024 {
            XCTAssertTrue(tally.shouldLookUp())
            tally.record(hit: index % 10 == 0) // one in ten: too few
        }
        var skipped = 0
        while !tally.shouldLookUp() { skipped += 1 }
        XCTAssertEqual(skipped, 16_384)
    }

    func testAKindThatRepeatsKeepsBeingLookedUp() {
        var tally = RepetitionTally()
        for index in 0..<4096 {
            XCTAssertTrue(tally.shouldLookUp())
            tally.record(hit: index % 4 == 0) // one in four: worth it
        }
    }
}

extension JSONReaderTests {
    func testSmallContainersAcrossAGivenBackBoundaryAreNotTakenForOthers() throws {
        // Arrays of two short strings straddle each megabyte boundary; once the bytes before the
        // boundary are given back (zeroed here, as the memory would read), their texts must not be
        // remembered or matched.
        // Elements of 16 bytes from an offset of 8: every megabyte boundary falls at the same place
        // inside one, after its varying digit, so what is left of each straddling text is the same.
        var text = "[" + String(repeating: " ", count: 7)
        var index = 0
        while text.utf8.count < 5 << 20 {
            text += #"["x\#(index % 10)","yyyyyy"],"#
            index += 1
        }
        text += "0]"
        let expected = JSONCodec.encode(try JSONCodec.decodePlain(text))
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
        defer { memory.deallocate() }
        _ = memory.initialize(from: text.utf8)
        let value = try JSONCodec.decodePlain(UnsafeBufferPointer(memory)) { range in
            for offset in range { memory[offset] = 0 }
        }
        XCTAssertEqual(JSONCodec.encode(value), expected)
    }
}
