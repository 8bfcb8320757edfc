import Foundation
import XCTest

@testable import MBMLEngine

final class DataProcessingFunctionsTests: FunctionTestCase {
    // MARK: Helpers

    private static let daisy: Value = ["name": "Daisy", "species": "dog", "age": "7"]
    private static let barrett: Value = ["name": "Barrett", "species": "cat", "age": "3"]
    private static let jill: Value = ["name": "Jill", "species": "human", "age": "35"]

    override func setUp() {
        super.setUp()
        let variables = environment.variables
        variables.declare("pets", value: [Self.daisy, Self.barrett, Self.jill])
        variables.declare("byName", value: ["Daisy": Self.daisy, "Barrett": Self.barrett, "Jill": Self.jill])
        variables.declare(
            "owners",
            value: [
                [
                    "name": "Jill",
                    "pets": [["name": "Daisy", "species": "dog"], ["name": "Barrett", "species": "cat"]],
                ],
                ["name": "Evan", "pets": [["name": "Tom", "species": "cat"]]],
            ])
        variables.declare("letters", value: ["a", "b", "c"])
        variables.declare("emptyList", value: .array([]))
        variables.declare("two", value: .integer(2))
        variables.declare("nullValue", value: .null)
        variables.declare("empty", value: "")
        variables.declare("lines", value: "a\r\nb\u{2028}c\n")
    }

    /// Compares arrays ignoring order (for results built from dictionary or set iteration).
    private func assertSameElements(
        _ value: Value?, _ expected: [Value],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let elements = value?.elements else {
            return XCTFail("\(String(describing: value)) is not an array", file: file, line: line)
        }
        XCTAssertEqual(elements.count, expected.count, file: file, line: line)
        XCTAssertEqual(Set(elements), Set(expected), file: file, line: line)
    }

    // MARK: Declarations

    func testDeclarations() {
        let expected: [String: FunctionInputType] = [
            "collectionPassesTest": .pipedExpressions, "containsValue": .pipedObjects, "setContains": .pipedObjects,
            "selectFirstValue": .pipedExpressions, "valuesPassingTest": .pipedExpressions,
            "valuesIntersect": .pipedObjects, "join": .pipedObjects, "split": .pipedStrings, "splitLines": .string,
            "appendArrays": .pipedObjects, "flattenArrays": .pipedObjects, "filter": .pipedExpressions,
            "list": .pipedExpressions, "pruneMatchingLeaves": .pipedExpressions,
            "pruneNonmatchingLeaves": .pipedExpressions, "associate": .pipedExpressions,
            "associateWithSingleValue": .pipedExpressions, "associateWithArray": .pipedExpressions,
            "sort": .pipedExpressions, "mergeDictionaries": .pipedExpressions, "reverse": .object, "unique": .object,
            "distributeArrayElements": .pipedObjects, "groupArrayElements": .pipedObjects, "reduce": .pipedExpressions,
        ]
        XCTAssertEqual(DataProcessingFunctions.all.count, expected.count)
        for function in DataProcessingFunctions.all {
            XCTAssertEqual(function.input, expected[function.name], function.name)
            XCTAssertEqual(function.category, .dataProcessing)
            XCTAssertTrue(function.signature.hasPrefix("^\(function.name)("), function.signature)
            XCTAssertFalse(function.summary.isEmpty)
        }
    }

    // MARK: Tests over collections

    func testCollectionPassesTest() throws {
        XCTAssertEqual(try eval("^collectionPassesTest(^array(a|bb|ccc)|$item.length -GT 0)"), true)
        XCTAssertEqual(try eval("^collectionPassesTest($pets|$item.species == dog)"), false)
        XCTAssertEqual(try eval("^collectionPassesTest($byName|$key == $item.name)"), true, "$key is bound")
        XCTAssertEqual(try eval("^collectionPassesTest(^array()|T)"), false, "nothing tested")
        XCTAssertEqual(try eval("^collectionPassesTest($undefined|T)"), false)
        XCTAssertEqual(try eval("^collectionPassesTest($letters|^nope($item))"), false, "errors count as false")
        assertFails("^collectionPassesTest(string|T)", "Array, Dictionary or Set")
        assertFails("^collectionPassesTest($letters)", "exactly 2")
        assertFails("^collectionPassesTest($letters|T|x)", "exactly 2")
        assertFails("^collectionPassesTest()", "got none")
    }

    func testItemBindingsAreRestored() throws {
        try environment.variables.set("item", to: "outside")
        _ = try eval("^collectionPassesTest($letters|$item)")
        XCTAssertEqual(try eval("$item"), "outside")
        XCTAssertNil(try eval("$key"))
    }

    func testContainsValue() throws {
        XCTAssertEqual(try eval("^containsValue(^array(red|green)|^array(blue)|blue)"), true)
        XCTAssertEqual(try eval("^containsValue(^array(1|2)|$two)"), true, "-EQ coerces \"2\" to 2")
        XCTAssertEqual(try eval("^containsValue($byName|Daisy)"), false, "dictionaries are searched by value")
        XCTAssertEqual(try eval("^containsValue($undefined|^array(a)|a)"), true, "null collections are skipped")
        XCTAssertEqual(try eval("^containsValue(^array(a)|)"), false, "a null value is never contained")
        assertFails("^containsValue(string|foo)", "index 0")
        assertFails("^containsValue(^array(a))", "at least 2")
        assertFails("^containsValue()", "got none")
    }

    func testSetContains() throws {
        XCTAssertEqual(try eval("^setContains(^set(red|green)|red)"), true)
        XCTAssertEqual(try eval("^setContains(^set(red)|orange)"), false)
        XCTAssertEqual(try eval("^setContains(^set(2)|$two)"), false, "no type coercion")
        assertFails("^setContains(^array(a)|a)", "Set")
        assertFails("^setContains($undefined|a)", "Set")
        assertFails("^setContains(^set(a)|a|b)", "exactly 2")
    }

    func testSelectFirstValue() throws {
        XCTAssertEqual(try eval("^selectFirstValue($undefined|foo)"), "foo")
        XCTAssertEqual(try eval("^selectFirstValue($undefined|^array())"), [])
        XCTAssertEqual(try eval("^selectFirstValue(|$nullValue|$empty|x)"), "", "an empty String is a value")
        XCTAssertNil(try eval("^selectFirstValue($undefined|)"))
        assertFails("^selectFirstValue(foo)", "at least 2")
        assertFails("^selectFirstValue()", "got none")
    }

    func testValuesPassingTest() throws {
        XCTAssertEqual(try eval("^valuesPassingTest(^array(Tom|Ann|Tim)|^hasPrefix($item|T))"), ["Tom", "Tim"])
        XCTAssertEqual(try eval("^valuesPassingTest(^dictionary(a|1|b|2)|$key == b)"), ["2"])
        XCTAssertEqual(try eval("^valuesPassingTest($letters|^array(z)|$item != b)"), ["a", "c", "z"])
        assertFails("^valuesPassingTest($undefined|T)", "index 0")
        assertFails("^valuesPassingTest($letters|text|T)", "index 1")
        assertFails("^valuesPassingTest($letters)", "at least 2")
    }

    func testValuesIntersect() throws {
        XCTAssertEqual(try eval("^valuesIntersect(^array(Bob|Pat)|^set(Pat|Sally))"), true)
        XCTAssertEqual(try eval("^valuesIntersect(^dictionary(k|v)|^array(k))"), false)
        XCTAssertEqual(try eval("^valuesIntersect(^dictionary(k|v)|^array(v))"), true)
        assertFails("^valuesIntersect(^array(a)|$undefined)", "index 1")
        assertFails("^valuesIntersect(^array(a))", "exactly 2")
    }

    // MARK: Strings and arrays

    func testJoin() throws {
        XCTAssertEqual(try eval("^join(^array(a|b|c)|, )"), "a, b, c")
        XCTAssertEqual(try eval("^join(^array(a)|^array(b|c)|-)"), "a-b-c")
        XCTAssertEqual(try eval("^join(^array(a|)|$undefined|^dictionary(k|v)|+)"), "a+<null>+v")
        XCTAssertEqual(try eval("^join(^array(#(1.5)|$two)|;)"), "1.5;2")
        assertFails("^join(, |^array(a))", "index 1 to be of type String")
        assertFails("^join($letters|)", "String")
        assertFails("^join(text|-)", "index 0")
        assertFails("^join($letters)", "at least 2")
    }

    func testSplit() throws {
        XCTAssertEqual(try eval("^split(, |Evan, Jesse, Yon)"), ["Evan", "Jesse", "Yon"])
        XCTAssertEqual(try eval("^split(/|a//b)"), ["a", "", "b"])
        XCTAssertEqual(try eval("^split(/|abc)"), ["abc"])
        XCTAssertNil(try eval("^split(/|)"), "an empty string gives null")
        assertFails("^split(|abc)", "delimiter")
        assertFails("^split(, )", "exactly 2")
    }

    func testSplitLines() throws {
        XCTAssertEqual(try eval("^splitLines($lines)"), ["a", "", "b", "c", ""])
        XCTAssertEqual(try eval("^splitLines(one)"), ["one"])
        XCTAssertEqual(try call("splitLines", .text("")), [""])
        XCTAssertNil(try call("splitLines", .absent))
    }

    func testAppendAndFlattenArrays() throws {
        XCTAssertEqual(try eval("^appendArrays(^array(a|b)|^array(c))"), ["a", "b", "c"])
        assertFails("^appendArrays(^array(a))", "at least 2")
        assertFails("^appendArrays(^array(a)|b)", "index 1")
        assertFails("^appendArrays(^array(a)|$undefined)", "index 1")
        XCTAssertEqual(try eval("^flattenArrays(^array(a|^array(b|^array(c)))|^array(d))"), ["a", "b", "c", "d"])
        XCTAssertEqual(try eval("^flattenArrays(^array(^dictionary(k|v)|^set(s)|))"), ["k", "s"])
        assertFails("^flattenArrays(string)", "index 0")
        assertFails("^flattenArrays($letters|$undefined)", "index 1")
        assertFails("^flattenArrays()", "got none")
    }

    func testMergeDictionaries() throws {
        XCTAssertEqual(try eval("^mergeDictionaries(^dictionary(a|1|b|2)|^dictionary(b|3))"), ["a": "1", "b": "3"])
        XCTAssertEqual(try eval("^mergeDictionaries(^dictionary(a|1)|$undefined)"), ["a": "1"])
        assertFails("^mergeDictionaries(^dictionary(a|1)|^array(x))", "index 1 to be of type Dictionary")
        assertFails("^mergeDictionaries(^dictionary(a|1))", "at least 2")
    }

    func testReverseAndUnique() throws {
        XCTAssertEqual(try eval("^reverse(^array(One|Two|Three))"), ["Three", "Two", "One"])
        assertFails("^reverse(notAnArray)", "Array")
        assertFails("^reverse($undefined)", "null")
        assertFails("^reverse()", "got none")
        XCTAssertEqual(try eval("^unique(^array(Duck|Duck|Goose))"), ["Duck", "Goose"])
        XCTAssertEqual(try eval("^unique(^dictionary(a|1|b|1))"), ["a", "b"], "dictionaries give keys")
        XCTAssertEqual(try eval("^unique(^array(2|$two|2))"), ["2", 2], "plain equality")
        XCTAssertEqual(try eval("^unique($undefined)"), [])
        assertFails("^unique(notAnIterable)", "String")
        assertFails("^unique()", "got none")
    }

    func testDistributeAndGroup() throws {
        XCTAssertEqual(
            try eval("^distributeArrayElements(^array(Yankees|Mets|Knicks|Rangers|Islanders)|2)"),
            [["Yankees", "Knicks", "Islanders"], ["Mets", "Rangers"]])
        XCTAssertEqual(try eval("^distributeArrayElements(^array(a|b)|3)"), [["a"], ["b"], []])
        XCTAssertEqual(try eval("^distributeArrayElements(^array(a|b)|1)"), ["a", "b"], "count 1: the source itself")
        assertFails("^distributeArrayElements(^array(a)|0)", "at least 1")
        assertFails("^distributeArrayElements(^array(a)|x)", "number")
        assertFails("^distributeArrayElements(a|2)", "Array")
        assertFails("^distributeArrayElements()", "got none")
        XCTAssertEqual(try eval("^groupArrayElements(^array(a|b|c|d|e)|2)"), [["a", "b"], ["c", "d"], ["e"]])
        XCTAssertEqual(try eval("^groupArrayElements(^array()|3)"), [])
        assertFails("^groupArrayElements(^array(a)|0)", "at least 1")
        assertFails("^groupArrayElements(^array(a)|2|3)", "exactly 2")
    }

    func testReduce() throws {
        XCTAssertEqual(try eval("^reduce(^array(1|2|3|4)|#(0)|#($currentValue + $item))"), .decimal(10))
        XCTAssertEqual(try eval("^reduce(^array(Yankees|Mets)|na|$item)"), "Mets")
        XCTAssertEqual(try eval("^reduce(^array()|0|#($currentValue + $item))"), "0", "initial value as an object")
        XCTAssertEqual(try eval("^reduce(^array(a|b)||$currentValue$item)"), "ab")
        assertFails("^reduce(notAnArray|0|$item)", "Array")
        assertFails("^reduce($undefined|0|$item)", "Array")
        assertFails("^reduce($letters)", "exactly 3")
    }

    // MARK: Filtering and listing

    func testFilter() throws {
        XCTAssertEqual(try eval("^filter($pets|$item.species == cat)"), [Self.barrett])
        XCTAssertEqual(
            try eval("^filter($byName|$item.species != human)"), ["Daisy": Self.daisy, "Barrett": Self.barrett])
        XCTAssertEqual(try eval("^filter($byName|$key == Jill)"), ["Jill": Self.jill])
        XCTAssertEqual(try eval("^filter(^set(a|b)|$item == b)"), .set(["b"]))
        let owners = try XCTUnwrap(environment.variables["owners"]?.arrayValue)
        XCTAssertEqual(try eval("^filter($owners|$item.pets|$item.species == cat|matchAll)"), [owners[1]])
        XCTAssertEqual(try eval("^filter($owners|$item.pets|$item.species == cat)"), .array(owners))
        XCTAssertEqual(try eval("^filter($owners|$item.pets|$root.name == Evan)"), [owners[1]], "$root")
        assertFails("^filter($owners|$item.name|T)", "intermediate")
        assertFails("^filter($undefined|T)", "index 0")
        assertFails("^filter(text|T)", "index 0")
        assertFails("^filter($pets|matchAll)", "at least 3")
        assertFails("^filter($pets)", "at least 2")
    }

    func testFilterOuterVariables() throws {
        environment.variables.declare(
            "tree",
            value: [
                ["name": "A", "groups": [["tag": "x", "items": ["x1", "y"]]]],
                ["name": "B", "groups": [["tag": "z", "items": ["q"]]]],
            ])
        // From the second intermediate on, $outer:item is the element of the previous level.
        let result = try eval("^filter($tree|$item.groups|$item.items|^hasPrefix($item|$outer:item.tag))")
        XCTAssertEqual(result?.arrayValue?.count, 1)
        XCTAssertEqual(result?.arrayValue?.first?.dictionaryValue?["name"], "A")
        XCTAssertNil(try eval("$outer:item"), "$outer: bindings do not leak")
    }

    func testFilterMatchAllWithEmptyIntermediate() throws {
        environment.variables.declare("groups", value: [["items": .array([])], ["items": ["a"]]])
        XCTAssertEqual(try eval("^count(^filter($groups|$item.items|F|matchAll))"), 1, "an empty container passes")
        XCTAssertEqual(try eval("^count(^filter($groups|$item.items|T))"), 1, "an empty container fails")
    }

    func testList() throws {
        XCTAssertEqual(try eval("^list(^array(One|Two)|Twenty-$item)"), ["Twenty-One", "Twenty-Two"])
        XCTAssertEqual(
            try eval("^list($owners|$item.pets|$root.name owns $item.name)"),
            ["Jill owns Daisy", "Jill owns Barrett", "Evan owns Tom"])
        assertSameElements(try eval("^list($byName|$rootKey=$item.age)"), ["Daisy=7", "Barrett=3", "Jill=35"])
        XCTAssertEqual(try eval("^list($pets|$item.missing)"), [], "nothing is left out")
        XCTAssertEqual(try eval("^list($pets|$item.missing|$item)"), [], "nothing intermediates are skipped")
        XCTAssertEqual(try eval("^list($undefined|$item)"), [])
        assertFails("^list(text|$item)", "index 0")
        assertFails("^list($pets|$item.name|$item)", "intermediate")
        assertFails("^list($pets)", "at least 2")
    }

    func testPruning() throws {
        XCTAssertEqual(try eval("^pruneMatchingLeaves(^array(^array(Bob|Pat)|^array(Pat))|$item == Pat)"), [["Bob"]])
        XCTAssertEqual(try eval("^pruneMatchingLeaves(^array(Key 1|Key 4)|^hasSuffix($item|4))"), ["Key 1"])
        XCTAssertEqual(try eval("^pruneMatchingLeaves(^array(a|^array())|F)"), ["a"], "empty inner arrays go")
        XCTAssertEqual(try eval("^pruneNonmatchingLeaves(^array(^array(Bob|Pat)|^array(Sue))|$item == Pat)"), [["Pat"]])
        XCTAssertEqual(try eval("^pruneNonmatchingLeaves(^array(Key 1|Key 4)|^hasSuffix($item|4))"), ["Key 4"])
        XCTAssertEqual(try eval("^pruneNonmatchingLeaves($pets|$item.species == cat)"), [Self.barrett])
        assertFails("^pruneMatchingLeaves(notAnArray|$item)", "Array")
        assertFails("^pruneNonmatchingLeaves($undefined|$item)", "Array")
        assertFails("^pruneMatchingLeaves($letters)", "exactly 2")
        assertFails("^pruneNonmatchingLeaves($letters|a|b)", "exactly 2")
    }

    // MARK: Associating

    func testAssociate() throws {
        XCTAssertEqual(
            try eval("^associate($pets|$item.species|$item.name)"),
            ["dog": "Daisy", "cat": "Barrett", "human": "Jill"])
        XCTAssertEqual(
            try eval("^associate($owners|$item.pets|$item.species|$item.name)"),
            ["dog": "Daisy", "cat": ["Barrett", "Tom"]])
        XCTAssertEqual(
            try eval("^associate($byName|$key|$item.species)"),
            ["Daisy": "dog", "Barrett": "cat", "Jill": "human"])
        XCTAssertEqual(
            try eval("^associate(^array(a|b|c)|k|^array($item))"), ["k": ["a", ["b"], ["c"]]],
            "a stored Array is appended to (reference quirk)")
        XCTAssertEqual(try eval("^associate($pets|$item.missing|$item.name)"), [:], "nothing keys are skipped")
        assertFails("^associate(not an array|$key|$item)", "index 0")
        assertFails("^associate($undefined|$key|$item)", "index 0")
        assertFails("^associate($owners|$item.name|$item|$item)", "intermediate")
        assertFails("^associate($pets|$item)", "at least 3")
    }

    func testAssociateVariants() throws {
        XCTAssertEqual(
            try eval("^associateWithSingleValue($owners|$item.pets|$item.species|$item.name)"),
            ["dog": "Daisy", "cat": "Tom"])
        XCTAssertEqual(
            try eval("^associateWithArray($pets|$item.species|$item.name)"),
            ["dog": ["Daisy"], "cat": ["Barrett"], "human": ["Jill"]])
        XCTAssertEqual(
            try eval("^associateWithArray($owners|$item.pets|$item.species|$outer:item.name)"),
            ["dog": ["Jill"], "cat": ["Jill", "Evan"]])
        XCTAssertEqual(
            try eval("^associateWithArray($owners|$item.pets|$item.name|$root.name)"),
            ["Daisy": ["Jill"], "Barrett": ["Jill"], "Tom": ["Evan"]])
        XCTAssertEqual(
            try eval("^associate(^array(x|yy|z|ww|v)|$item.length|$item)"),
            ["1": ["x", "z", "v"], "2": ["yy", "ww"]],
            "values for a key hit again collect in its first place, keys in first-seen order")
        XCTAssertEqual(
            try eval("^associateWithArray(^array(x|yy|z|ww|v)|$item.length|$item)"),
            ["1": ["x", "z", "v"], "2": ["yy", "ww"]])
        assertFails("^associateWithSingleValue(not an array|$key|$item)", "index 0")
        assertFails("^associateWithArray($pets|$item)", "at least 3")
    }

    // MARK: Sorting

    func testSort() throws {
        XCTAssertEqual(try eval("^sort(^array(z|x|a|c|y|b))"), ["a", "b", "c", "x", "y", "z"])
        XCTAssertEqual(try eval("^sort(^array(10|9|100))"), ["10", "100", "9"], "strings collate as text")
        XCTAssertEqual(try eval("^sort($pets|$item.name|desc)"), [Self.jill, Self.daisy, Self.barrett])
        XCTAssertEqual(try eval("^sort($pets|$item.name|DESC)"), [Self.jill, Self.daisy, Self.barrett])
        XCTAssertEqual(try eval("^sort($pets|$item.age)"), [Self.barrett, Self.jill, Self.daisy])
        XCTAssertEqual(try eval("^sort($pets|^parseInteger($item.age))"), [Self.barrett, Self.daisy, Self.jill])
        XCTAssertEqual(try eval("^sort($byName|$key)"), [Self.barrett, Self.daisy, Self.jill], "dictionary values")
        XCTAssertEqual(try eval("^sort(^set(b|a))"), ["a", "b"], "set members (deviation: no fault)")
        XCTAssertEqual(
            try eval("^sort(^array(c|a|b)|%@%d)"), ["c", "a", "b"],
            "% in the sort key is plain text: every item compares equal")
        environment.variables.declare(
            "tagged",
            value: [
                ["g": "b", "n": "1"], ["g": "a", "n": "2"], ["g": "b", "n": "3"], ["g": "a", "n": "4"],
            ])
        XCTAssertEqual(try eval("^list(^sort($tagged|$item.g)|$item.n)"), ["2", "4", "1", "3"], "stable")
        assertFails("^sort(not an array)", "index 0")
        assertFails("^sort($undefined)", "index 0")
        assertFails("^sort($letters|$item|desc|x)", "at least 1 and at most 3")
        assertFails("^sort()", "got none")
    }

    func testSortDescendingIsStable() throws {
        environment.variables.declare(
            "tagged",
            value: [
                ["g": "a", "n": "1"], ["g": "b", "n": "2"], ["g": "a", "n": "3"], ["g": "b", "n": "4"],
            ])
        XCTAssertEqual(try eval("^list(^sort($tagged|$item.g|desc)|$item.n)"), ["2", "4", "1", "3"])
    }

    func testLongSortCanBeCancelled() throws {
        environment.variables.declare("many", value: .array((0..<600).map { .integer($0) }))
        let limits = EvaluationLimits(isCancelled: { true })
        XCTAssertThrowsError(try environment.evaluate("^sort($many)", in: .object, limits: limits)) { error in
            XCTAssertTrue(error is CancellationFailure, "\(error)")
        }
    }
}
