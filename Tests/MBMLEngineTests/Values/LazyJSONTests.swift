import MBMLEngine
import MBMLTestSupport
import XCTest

/// A data file read lazily (``JSONDocument``) must give exactly what reading it whole gives: the
/// same values, the same text, the same errors, in every function and context.
final class LazyJSONTests: XCTestCase {
    private let texts = [
        #"[1, 2.5, -0.0, 1e3, 12345678901234567890, "a", true, false, null, [], {}, [[]], {"a": {}}]"#,
        #"{"name": "Ann", "age": 31, "tags": ["x", "y"], "address": {"city": "Oslo", "zip": "0150"}}"#,
        #"{"a": 1, "b": 2, "a": 3}"#,
        #"{"caf\u00e9": 1, "café": 2, "e\u0301": 3, "\"q\"": 4, "back\\slash": 5}"#,
        "\u{FEFF}[\"bom\"]",
        " \n\t[ 1 ,\n 2 ]\r\n",
        #"["\ud83d\ude00", "\ud800", "\u0000\n\t\/", "tab\tinside"]"#,
        #"[0.1, 99.99, 1.5e-7, 123456789012345678901234567890.5, -1, 0]"#,
    ]

    func testLazyValuesEncodeAndPrintAsTheEagerOnes() throws {
        for text in texts {
            let eager = try JSONCodec.decodePlain(text)
            let lazy = try JSONCodec.decodePlainLazily(Array(text.utf8))
            guard lazy.jsonNode != nil else { return XCTFail("not lazy: \(text)") }
            XCTAssertEqual(JSONCodec.encode(lazy), JSONCodec.encode(eager), text)
            XCTAssertEqual(lazy.text, eager.text, text)
            XCTAssertEqual(lazy.text(limit: 20).text, eager.text(limit: 20).text, text)
            XCTAssertEqual(JSONCodec.encode(lazy.materialized), JSONCodec.encode(eager), text)
            XCTAssertEqual(lazy, eager, text)
            XCTAssertEqual(lazy.hashValue, eager.hashValue, text)
            XCTAssertEqual(lazy.collectionCount, eager.collectionCount, text)
            XCTAssertEqual(lazy.typeName, eager.typeName, text)
        }
    }

    func testInvalidTextsFailWithTheReadersMessage() {
        let invalid = [
            "[1,]", "[01]", "{\"a\" 1}", "[\"\u{01}\"]", "[1 2]", "{\"a\":1,}", "[tru]", "[\"\\x\"]", "[\"\\u12G4\"]",
            "[1]x", "", "   ", "[", "{\"a\":", "[-]", "[1.]", "[1e]", "[NaN]", "{1:2}",
            String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
        ]
        for text in invalid {
            var eagerError: JSONDecodingError?
            XCTAssertThrowsError(try JSONCodec.decodePlain(text)) { eagerError = $0 as? JSONDecodingError }
            XCTAssertThrowsError(try JSONCodec.decodePlainLazily(Array(text.utf8)), text) { error in
                let lazyError = error as? JSONDecodingError
                XCTAssertEqual(lazyError?.message, eagerError?.message, text)
                XCTAssertEqual(lazyError?.line, eagerError?.line, text)
                XCTAssertEqual(lazyError?.column, eagerError?.column, text)
            }
        }
    }

    func testScalarDocumentsAreReadWhole() throws {
        for text in ["42", "\"text\"", "null", "true"] {
            let value = try JSONCodec.decodePlainLazily(Array(text.utf8))
            XCTAssertEqual(JSONCodec.encode(value), JSONCodec.encode(try JSONCodec.decodePlain(text)))
            if value.jsonNode != nil { XCTFail("a scalar document is not lazy") }
        }
    }

    func testKeysRepeatAsInADictionaryAndMatchByUnicodeEquality() throws {
        let value = try JSONCodec.decodePlainLazily(Array(texts[3].utf8))
        guard let node = (value).jsonNode else { return XCTFail("not lazy") }
        XCTAssertEqual(node.value(forKey: "café"), .integer(2))
        XCTAssertEqual(node.value(forKey: "e\u{301}"), .integer(3))
        XCTAssertEqual(node.value(forKey: "\"q\""), .integer(4))
        XCTAssertEqual(node.value(forKey: "back\\slash"), .integer(5))
        let repeated = try JSONCodec.decodePlainLazily(Array(texts[2].utf8))
        guard let object = (repeated).jsonNode else { return XCTFail("not lazy") }
        XCTAssertEqual(object.value(forKey: "a"), .integer(3))
        XCTAssertEqual(object.count, 2)
        XCTAssertEqual(Array(object.entries().keys), ["a", "b"])
    }

    func testALargeArrayIsIndexedAndReadByPosition() throws {
        let records = (0..<2000).map { #"{"id":\#($0),"name":"P\#($0)","age":\#(18 + $0 % 70)}"# }
        let text = "[" + records.joined(separator: ",") + "]"
        let value = try JSONCodec.decodePlainLazily(Array(text.utf8))
        guard let node = (value).jsonNode else { return XCTFail("not lazy") }
        XCTAssertEqual(node.count, 2000)
        guard let record = node.element(at: 1234)?.jsonNode else { return XCTFail("record is not lazy") }
        XCTAssertEqual(record.value(forKey: "name"), .string("P1234"))
        XCTAssertNil(node.element(at: 2000))
        XCTAssertEqual(JSONCodec.encode(value), JSONCodec.encode(try JSONCodec.decodePlain(text)))
    }

    func testExpressionsGiveTheSameResultsOnLazyAndEagerData() throws {
        let records = (0..<300).map {
            #"{"id":\#($0),"name":"Person \#($0)","age":\#(18 + ($0 * 7) % 70),"score":\#(Double($0) / 8),"#
                + #""tags":["t\#($0 % 3)","x"],"address":{"city":"City \#($0 % 5)"},"note":null}"#
        }
        let text = #"{"people":["# + records.joined(separator: ",") + #"],"meta":{"count":300,"ok":true}}"#
        let eager = Environment()
        eager.variables.declare("data", value: try JSONCodec.decodePlain(text))
        let lazy = Environment()
        lazy.variables.declare("data", value: try JSONCodec.decodePlainLazily(Array(text.utf8)))
        let expressions = [
            "$data", "$data.people.count", "$data.people[7]", "$data.people[7].name", "$data.meta",
            "$data[meta][count]", "$data.people[299].tags[0]", "$data.people[300]", "$data.nothing",
            "^count($data.people)", "^count(^filter($data.people|$item.age > 30))",
            "^filter($data.people|$item.age -EQ 53)", "^list($data.people|$item.address.city)",
            "^join(^list($data.people|$item.name)|, )", "^sort(^list($data.people|$item.age))",
            "^keys($data.people[3])", "^values($data.meta)", "^collectValues($data.people|tags)",
            "^unique(^list($data.people|$item.address.city))", "^dump($data.meta)",
            "^associate($data.people|$item.id|$item.name)", "#($data.people[4].score * 2)",
            "$data.people[4].score", "$data.people[4].note", "$data.meta.ok", "$data.people[2] == $data.people[2]",
            "^containsValue($data.people|$data.people[9])", "Age: $data.people[1].age years",
            "^jsonEncode($data.meta)", "^filter($data.meta|$item)", "^list($data.people|$item.tags|$item)",
            "^count(^filter($data.people|$item.tags|$item == t1))", "$data.people.count -GT 2",
            "^copy($data.meta)", "^mergeDictionaries($data.meta|$data.people[0])",
        ]
        for expression in expressions {
            for context in ExpressionContext.allCases {
                let expected = outcome { try eager.evaluate(expression, in: context) }
                let actual = outcome { try lazy.evaluate(expression, in: context) }
                XCTAssertEqual(actual, expected, "\(expression) in \(context)")
            }
        }
    }

    func testADataFileIsIndexedWhileItIsRead() throws {
        let folder = try ScratchFolder()
        // Megabytes of records (the pass keeps a megabyte behind the reader), a string longer than
        // that window (the pass waits for the whole text and runs again), then an invalid file.
        let records = (0..<40_000).map { #"{"id":\#($0),"name":"Person \#($0)","tags":["a","b"]}"# }
        let long = String(repeating: "x", count: 1_500_000)
        for (name, text) in [
            ("records.json", "[" + records.joined(separator: ",") + "]"),
            ("long.json", #"{"before":1,"long":""# + long + #"","after":[1,2,3]}"#),
        ] {
            let url = try folder.write(text, to: name)
            let loaded = try DataFileSpec(name: "data", path: url.path).load()
            guard loaded.jsonNode != nil else { return XCTFail("\(name) is not lazy") }
            XCTAssertEqual(JSONCodec.encode(loaded), JSONCodec.encode(try JSONCodec.decodePlain(text)), name)
        }
        let broken = try folder.write("[" + records.joined(separator: ",") + ",]", to: "broken.json")
        XCTAssertThrowsError(try DataFileSpec(name: "data", path: broken.path).load()) { error in
            XCTAssertTrue("\(error)".contains(":1:"), "\(error)")
        }
    }

    func testTwoReadingsOfTheSameTextAreEqual() throws {
        let text = #"{"a": [1, 2, {"b": "c"}], "d": null}"#
        let first = try JSONCodec.decodePlainLazily(Array(text.utf8))
        let again = try JSONCodec.decodePlainLazily(Array(text.utf8))
        let respaced = try JSONCodec.decodePlainLazily(Array(text.replacingOccurrences(of: " ", with: "").utf8))
        let changed = try JSONCodec.decodePlainLazily(Array(text.replacingOccurrences(of: "\"c\"", with: "\"C\"").utf8))
        XCTAssertEqual(first, again)
        XCTAssertEqual(first, respaced)
        XCTAssertEqual(first.hashValue, respaced.hashValue)
        XCTAssertNotEqual(first, changed)
    }

    /// The top-level values of two documents compare by their text alone, white space around them
    /// aside; a member compares with another document's top-level value or member of the same text.
    func testSameTextComparesWithoutDecodingAtAnyPlace() throws {
        func lazy(_ text: String) throws -> Value { try JSONCodec.decodePlainLazily(Array(text.utf8)) }
        let root = try lazy(#"[1, [2, 3], {"a": [4]}]"#)
        XCTAssertEqual(root, try lazy(" \n" + #"[1, [2, 3], {"a": [4]}]"# + "\n\t "))
        XCTAssertNotEqual(root, try lazy(#"[1, [2, 3], {"a": [5]}]"#))
        XCTAssertNotEqual(root, try lazy(#"[1, [2, 3], {"a": [4]}, 6]"#))
        let holder = try lazy(#"{"x": [2, 3], "y": [1, [2, 3], {"a": [4]}], "z": [2, 3, 4]}"#)
        guard let node = holder.jsonNode, let members = holder.dictionaryValue else {
            return XCTFail("not lazy")
        }
        XCTAssertFalse(node.isArray)
        XCTAssertEqual(members["y"], root, "a member and a top-level value of the same text")
        XCTAssertEqual(members["x"], try lazy("[2, 3]"))
        XCTAssertNotEqual(members["z"], try lazy("[2, 3]"), "the longer text is not the same")
        XCTAssertNotEqual(try lazy("[2, 3]"), members["z"])
        XCTAssertNotEqual(members["x"], members["z"])
    }

    /// Functions read a view of a document where it is: none decodes the array whole, so under a
    /// budget smaller than the decoded array they still answer; what a function builds (its result)
    /// is charged as any result is.
    func testFunctionsReadViewsWithoutDecodingThemWhole() throws {
        let records = (0..<20_000).map { #"{"id":\#($0),"name":"Person \#($0)","age":\#(18 + $0 % 70)}"# }
        let bytes = Array(("[" + records.joined(separator: ",") + "]").utf8)
        var options = EnvironmentOptions()
        options.maximumEvaluationBytes = 1 << 20
        let environment = Environment(options: options)
        environment.variables.declare("people", value: try JSONCodec.decodePlainLazily(bytes))
        let answers: [(String, Value)] = [
            ("^count($people)", 20_000),
            ("$people[19999].name", "Person 19999"),
            ("^lastObject($people).name", "Person 19999"),
            ("^count(^subarray($people|100|5))", 5),
            ("^subarray($people|100|1)[0].id", 100),
            ("^isArray($people)", true),
            ("^count(^valuesPassingTest($people|$item.age -GT 80))", 1_995),
            ("^collectionPassesTest($people|$item.age -GT 10)", true),
            ("^count(^unique(^list($people|$item.age)))", 70),
            ("^reduce($people|0|#($currentValue + $item.age))", .decimal(Decimal(1_049_500))),
            ("^count(^associate(^filter($people|$item.id -LT 5000)|$item.id|$item.name))", 5_000),
            ("^sort(^filter($people|$item.id -LT 3)|$item.name|desc)[0].name", "Person 2"),
            ("^indexOf(^list($people|$item.name)|Person 19000)", 19_000),
        ]
        for (expression, expected) in answers {
            XCTAssertEqual(try environment.evaluate(expression, in: .object), expected, expression)
        }
        // Building a copy is charged: two copies of 20,000 elements pass the 1 MiB budget.
        XCTAssertThrowsError(try environment.evaluate("^appendArrays($people|$people)", in: .object)) { error in
            XCTAssertEqual(error as? MemoryBudgetExceeded, MemoryBudgetExceeded(bytes: 1 << 20), "\(error)")
        }
    }

    /// A view and the decoded array it stands for read the same through every collection API, and
    /// changing a view makes a decoded copy without touching the document.
    func testViewsReadAsTheirDecodedValues() throws {
        let text = #"[1, "two", [3], {"four": 4, "five": [5]}, null]"#
        let view = try JSONCodec.decodePlainLazily(Array(text.utf8))
        let decoded = try JSONCodec.decodePlain(text)
        guard case .array(let elements) = view, case .array(let plain) = decoded else { return XCTFail("arrays") }
        XCTAssertTrue(elements.isDocumentView)
        XCTAssertFalse(plain.isDocumentView)
        XCTAssertEqual(elements.count, 5)
        XCTAssertEqual(Array(elements), Array(plain))
        XCTAssertEqual(elements.last, .null)
        XCTAssertEqual(elements[2], [3])
        XCTAssertEqual(Array(elements.reversed()), Array(plain.reversed()))
        XCTAssertEqual(elements.map(\.typeName), ["Number", "String", "Array", "Dictionary", "Null"])
        guard case .dictionary(let object) = elements[3] else { return XCTFail("a dictionary") }
        XCTAssertNotNil(object.jsonNode)
        XCTAssertEqual(object["five"], [5])
        XCTAssertNil(object["six"])
        XCTAssertEqual(Array(object.keys), ["four", "five"])
        var changed = elements
        changed.append(6)
        XCTAssertFalse(changed.isDocumentView)
        XCTAssertEqual(changed.count, 6)
        XCTAssertEqual(elements.count, 5, "the view is unchanged")
        var edited = object
        edited["six"] = 6
        XCTAssertNil(edited.jsonNode)
        XCTAssertEqual(edited.count, 3)
        XCTAssertNil(object["six"], "the view is unchanged")
        XCTAssertEqual(MemoryLayout<Value>.size, 24)
    }

    private func outcome(_ body: () throws -> Value?) -> String {
        do {
            let value = try body()
            return JSONCodec.encode(value) + " | " + (value?.text ?? "nil")
        } catch {
            return "error: \(error)"
        }
    }
}
