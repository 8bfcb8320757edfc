import Foundation
import XCTest

@testable import MBMLEngine

final class CollectionFunctionsTests: FunctionTestCase {
    // MARK: Fixture

    override func setUp() {
        super.setUp()
        let variables = environment.variables
        variables.declare("emptyList", value: .array([]))
        variables.declare("letters", value: ["a", "b", "c"])
        variables.declare("map", value: ["Key 1": "One", "Key 2": "Two"])
        variables.declare("one", value: .integer(1))
        variables.declare("two", value: .integer(2))
        variables.declare("nullValue", value: .null)
    }

    // MARK: Declarations

    func testDeclarations() {
        let expected: [String: FunctionInputType] = [
            "isCollection": .object, "isSet": .object, "isDictionary": .object, "isArray": .object,
            "count": .object, "keys": .object, "values": .object, "appendObject": .pipedObjects,
            "insertObjectAtIndex": .pipedObjects, "subarray": .pipedObjects, "set": .pipedObjects,
            "setWithArray": .object, "removeObject": .pipedObjects, "removeObjectAtIndex": .pipedObjects,
            "removeLastObject": .object, "lastObject": .object, "indexOf": .pipedExpressions, "copy": .object,
            "mutableCopy": .object, "valueForKey": .pipedObjects,
        ]
        XCTAssertEqual(CollectionFunctions.all.count, expected.count)
        for function in CollectionFunctions.all {
            XCTAssertEqual(function.input, expected[function.name], function.name)
            XCTAssertEqual(function.category, .collection)
            XCTAssertTrue(function.signature.hasPrefix("^\(function.name)("), function.signature)
            XCTAssertFalse(function.summary.isEmpty)
        }
    }

    // MARK: Type tests

    func testTypeTests() throws {
        XCTAssertEqual(try eval("^isCollection(^array())"), true)
        XCTAssertEqual(try eval("^isCollection(^dictionary())"), true)
        XCTAssertEqual(try eval("^isCollection(^set())"), true)
        XCTAssertEqual(try eval("^isCollection(string)"), false)
        XCTAssertEqual(try eval("^isCollection(#(1))"), false)
        XCTAssertEqual(try eval("^isSet(^set(a))"), true)
        XCTAssertEqual(try eval("^isSet(^array(a))"), false)
        XCTAssertEqual(try eval("^isDictionary($map)"), true)
        XCTAssertEqual(try eval("^isDictionary(^set())"), false)
        XCTAssertEqual(try eval("^isArray($letters)"), true)
        XCTAssertEqual(try eval("^isArray(a|b)"), false, "object input is not split")
        for name in ["isCollection", "isSet", "isDictionary", "isArray"] {
            XCTAssertEqual(try call(name, .absent), false, name)
            XCTAssertEqual(try call(name, .value(.null)), false, name)
        }
    }

    // MARK: Counting and dictionary parts

    func testCount() throws {
        XCTAssertEqual(try eval("^count($letters)"), 3)
        XCTAssertEqual(try eval("^count($map)"), 2)
        XCTAssertEqual(try eval("^count(^set(a|a|b))"), 2)
        XCTAssertEqual(try eval("^count($undefined)"), 0, "null counts 0")
        assertFails("^count()", "got none")
        assertFails("^count(string)", "String")
        assertFails("^count( $letters )", "String")
    }

    func testKeysAndValues() throws {
        XCTAssertEqual(try eval("^keys(^dictionary(a|1|b|2))"), ["a", "b"])
        XCTAssertEqual(try eval("^values(^dictionary(a|1|b|2))"), ["1", "2"])
        assertFails("^keys(^array(a))", "Dictionary")
        assertFails("^values(I have no values)", "Dictionary")
        assertFails("^keys()", "got none")
        assertFails("^values($undefined)", "null")
    }

    // MARK: Building arrays and sets

    func testAppendObject() throws {
        XCTAssertEqual(try eval("^appendObject(^array(a)|b|c)"), ["a", "b", "c"])
        XCTAssertEqual(try eval("^appendObject($emptyList|x)"), ["x"])
        XCTAssertEqual(try eval("^appendObject($emptyList|)"), [.null], "an empty item appends null")
        XCTAssertEqual(try eval("$emptyList"), .array([]), "the input is not modified")
        assertFails("^appendObject(hello|x)", "index 0 to be of type Array")
        assertFails("^appendObject(|)", "Null")
        assertFails("^appendObject($emptyList)", "at least 2")
        assertFails("^appendObject()", "got none")
    }

    func testInsertObjectAtIndex() throws {
        XCTAssertEqual(try eval("^insertObjectAtIndex(^array(a|b|c)|x|1)"), ["a", "x", "b", "c"])
        XCTAssertEqual(try eval("^insertObjectAtIndex(^array(a|b|c)|x|0.9)"), ["x", "a", "b", "c"], "truncated")
        assertFails("^insertObjectAtIndex(^array(a|b)|x|2)", "out of bounds")
        assertFails("^insertObjectAtIndex($emptyList|x|0)", "out of bounds")
        assertFails("^insertObjectAtIndex(^array(a|b)|x|-1)", "out of bounds")
        assertFails("^insertObjectAtIndex(^array(a|b)|x|first)", "number")
        assertFails("^insertObjectAtIndex(not an array|x|0)", "Array")
        assertFails("^insertObjectAtIndex(||)", "Array")
        assertFails("^insertObjectAtIndex($letters|x)", "exactly 3")
    }

    func testSubarray() throws {
        XCTAssertEqual(try eval("^subarray(^array(a|b|c)|1|2)"), ["b", "c"])
        XCTAssertEqual(try eval("^subarray(^array(a|b|c)|0|3)"), ["a", "b", "c"])
        XCTAssertEqual(try eval("^subarray(^array(a|b|c)|1|0)"), [], "length 0 works past location 0")
        assertFails("^subarray(^array(a|b|c)|0|0)", "beyond")
        assertFails("^subarray(^array(a|b|c)|2|2)", "beyond")
        assertFails("^subarray(^array(a|b|c)|3|0)", "out of bounds")
        assertFails("^subarray(^array(a|b|c)|-1|1)", "out of bounds")
        assertFails("^subarray(^array(a|b|c)|1|-1)", "beyond")
        assertFails("^subarray(^array(a|b|c)|x|1)", "number")
        assertFails("^subarray(abc|0|1)", "Array")
        assertFails("^subarray($letters|0)", "exactly 3")
    }

    func testSet() throws {
        XCTAssertEqual(try eval("^set(one|two|one)"), Value.makeSet(["one", "two"] as [Value]))
        XCTAssertEqual(try eval("^set()"), .set([]))
        XCTAssertEqual(try eval("^set(|)"), .set([.null]))
        XCTAssertEqual(try eval("^count(^set($one|1))"), 2, "the Number 1 and \"1\" stay distinct")
    }

    func testSetWithArray() throws {
        XCTAssertEqual(try eval("^setWithArray(^array(One|2|III|2))"), Value.makeSet(["One", "2", "III"] as [Value]))
        assertFails("^setWithArray(^dictionary(a|b))", "Array")
        assertFails("^setWithArray(^set(a))", "Array")
        assertFails("^setWithArray($undefined)", "null")
        assertFails("^setWithArray()", "got none")
    }

    // MARK: Removing

    func testRemoveObject() throws {
        XCTAssertEqual(try eval("^removeObject(^array(a|b|a|c)|a)"), ["b", "c"])
        XCTAssertEqual(try eval("^removeObject(^array(Juno|Theo|Cooper|Shiloh)|Juno|Shiloh)"), ["Theo", "Cooper"])
        XCTAssertEqual(try eval("^removeObject(^array(a|b)|z)"), ["a", "b"])
        XCTAssertEqual(try eval("^removeObject(^array(1|2)|$one)"), ["1", "2"], "plain equality: \"1\" is not 1")
        assertFails("^removeObject(^dictionary(a|b)|a)", "Array")
        assertFails("^removeObject($letters)", "at least 2")
        assertFails("^removeObject()", "got none")
    }

    func testRemoveObjectAtIndex() throws {
        XCTAssertEqual(try eval("^removeObjectAtIndex(^array(a|b|c)|2)"), ["a", "b"])
        XCTAssertEqual(try eval("^removeObjectAtIndex(^array(a|b|c)|0)"), ["b", "c"])
        assertFails("^removeObjectAtIndex($emptyList|0)", "out of bounds")
        assertFails("^removeObjectAtIndex(^array(a)|-1)", "out of bounds")
        assertFails("^removeObjectAtIndex(^array(a)|x)", "number")
        assertFails("^removeObjectAtIndex(not an array|0)", "Array")
        assertFails("^removeObjectAtIndex(|)", "Array")
        assertFails("^removeObjectAtIndex($letters)", "exactly 2")
    }

    func testRemoveLastObjectAndLastObject() throws {
        XCTAssertEqual(try eval("^removeLastObject(^array(red|yellow|green))"), ["red", "yellow"])
        XCTAssertEqual(try eval("^removeLastObject(^array())"), [])
        assertFails("^removeLastObject(not an array)", "Array")
        assertFails("^removeLastObject($undefined)", "null")
        assertFails("^removeLastObject()", "got none")
        XCTAssertEqual(try eval("^lastObject(^array(one|two|four))"), "four")
        XCTAssertNil(try eval("^lastObject(^array())"))
        assertFails("^lastObject(notAnArray)", "Array")
        assertFails("^lastObject($nullValue)", "null")
        assertFails("^lastObject()", "got none")
    }

    // MARK: Looking up

    func testIndexOf() throws {
        XCTAssertEqual(try eval("^indexOf(^array(one|two|free|four)|free)"), 2)
        XCTAssertEqual(try eval("^indexOf(^array(a)|z)"), .integer(9_223_372_036_854_775_807))
        XCTAssertEqual(try eval("^indexOf(^array(1|2)|$one)"), .integer(Int.max), "plain equality")
        assertFails("^indexOf($undefined|foo)", "null")
        assertFails("^indexOf(^array(a)|)", "null")
        assertFails("^indexOf(abc|a)", "Array")
        assertFails("^indexOf(^array(a))", "exactly 2")
        assertFails("^indexOf()", "got none")
    }

    func testCopyAndMutableCopy() throws {
        XCTAssertEqual(try eval("^copy(^array(a|b))"), ["a", "b"])
        XCTAssertEqual(try eval("^copy($map)"), ["Key 1": "One", "Key 2": "Two"])
        XCTAssertEqual(try call("copy", .value(.null)), .null, "null is copyable")
        XCTAssertEqual(try eval("^copy(#(2))"), .decimal(2))
        assertFails("^copy()", "got none")
        assertFails("copy", .value(.object(HostObject())), "cannot be copied")
        XCTAssertEqual(try eval("^mutableCopy(^dictionary(a|1))"), ["a": "1"])
        XCTAssertEqual(try eval("^mutableCopy(text)"), "text")
        assertFails("^mutableCopy(^parseInteger(5))", "Number")
        assertFails("^mutableCopy($undefined)", "null")
        assertFails("^mutableCopy()", "got none")
        assertFails("mutableCopy", .value(.boolean(true)), "Boolean")
    }

    func testValueForKey() throws {
        XCTAssertEqual(try eval("^valueForKey(^dictionary(Key 3|Three)|Key 3)"), "Three")
        XCTAssertEqual(try eval("^valueForKey(myString|length)"), 8)
        XCTAssertEqual(try eval("^valueForKey(myString|apple|default)"), "default")
        XCTAssertNil(try eval("^valueForKey(myString|apple)"))
        XCTAssertEqual(try eval("^valueForKey($letters|@count)"), 3)
        XCTAssertEqual(try eval("^valueForKey($map|@count)"), 2)
        XCTAssertEqual(try eval("^valueForKey(^array(ab|cde)|length)"), [2, 3], "arrays map the lookup")
        XCTAssertEqual(try eval("^valueForKey(^array($map|x)|Key 1)"), ["One", .null])
        XCTAssertEqual(try eval("^valueForKey($undefined|x|fallback)"), "fallback")
        assertFails("^valueForKey($map|)", "index 1 to be of type String")
        assertFails("^valueForKey($map|$one)", "String")
        assertFails("^valueForKey($map)", "at least 2 and at most 3")
        assertFails("^valueForKey($map|a|b|c)", "at least 2 and at most 3")
        assertFails("^valueForKey()", "got none")
    }
}
