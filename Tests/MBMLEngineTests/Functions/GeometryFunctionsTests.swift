import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

final class GeometryFunctionsTests: XCTestCase {
    private let harness = FunctionHarness()

    private func object(_ name: String, _ text: String) throws -> Value? {
        try harness.call(name, .value(.string(text)))
    }

    func testRectAccessors() throws {
        XCTAssertEqual(try object("rectOrigin", "10,20,80,90"), .string("10,20"))
        XCTAssertEqual(try object("rectSize", "10,20,80,90"), .string("80,90"))
        XCTAssertEqual(try object("rectSize", "0,0,*,50"), .string("-1,50"))
        XCTAssertEqual(try object("rectX", "10,20,80,90"), .double(10))
        XCTAssertEqual(try object("rectY", "10,20,80,90"), .double(20))
        XCTAssertEqual(try object("rectWidth", "10,20,80.5,90"), .double(80.5))
        XCTAssertEqual(try object("rectHeight", "10,20,80,*"), .double(-1))
        XCTAssertEqual(try object("rectX", " 12abc,0,0,0"), .double(12))
        XCTAssertEqual(try object("rectX", "*,0,0,0"), .double(0), "* only means -1 for width and height")
    }

    func testSizeAndPointAccessors() throws {
        XCTAssertEqual(try object("sizeWidth", "300,200"), .double(300))
        XCTAssertEqual(try object("sizeHeight", "300,*"), .double(-1))
        XCTAssertEqual(try object("pointX", "10,50"), .double(10))
        XCTAssertEqual(try object("pointY", "10,-50.25"), .double(-50.25))
    }

    func testEmptyStringIsTheZeroValue() throws {
        XCTAssertEqual(try object("rectOrigin", ""), .string("0,0"))
        XCTAssertEqual(try object("sizeWidth", ""), .double(0))
    }

    func testWrongShapesAndKindsAreErrors() {
        XCTAssertEqual(
            harness.failure("rectOrigin", .value(.string("10,20"))),
            "couldn't parse rect from \"10,20\"; expecting x,y,width,height")
        XCTAssertEqual(
            harness.failure("sizeWidth", .value(.string("300"))),
            "couldn't parse size from \"300\"; expecting width,height")
        XCTAssertEqual(
            harness.failure("pointY", .value(.string("10,50,1"))),
            "couldn't parse point from \"10,50,1\"; expecting x,y")
        XCTAssertEqual(harness.failure("rectX", .absent), "expected input parameter, but got none")
        XCTAssertEqual(harness.failure("rectX", .value(.null)), "expected input parameter, but got a null value")
        XCTAssertEqual(
            harness.failure("rectX", .value(.integer(4))),
            "expected input parameter to be of type String, but got Number instead")
    }

    func testInsetRect() throws {
        XCTAssertEqual(
            try harness.call("insetRect", .values(["10,50,300,200", "-5,-5,15,15"])), .string("5,45,290,190"))
        XCTAssertEqual(
            harness.failure("insetRect", .values(["10,50,300,200", "1,2"])),
            "couldn't parse edge insets from \"1,2\"; expecting top,left,bottom,right")
        XCTAssertEqual(
            harness.failure("insetRect", .values(["10,50,300,200"])),
            "expected exactly 2 input parameters, but got 1 instead")
        XCTAssertEqual(
            harness.failure("insetRect", .values([.null, "1,2,3,4"])),
            "expected input parameter at index 0 to be of type String, but got Null instead")
    }

    func testSingleEdgeInsets() throws {
        XCTAssertEqual(try harness.call("insetRectTop", .values(["10,50,300,200", "-5"])), .string("10,45,300,205"))
        XCTAssertEqual(
            try harness.call("insetRectLeft", .values(["10,50,300,200", .integer(5)])), .string("15,50,295,200"))
        XCTAssertEqual(
            try harness.call("insetRectBottom", .values(["10,50,300,200", "-10"])), .string("10,50,300,210"))
        XCTAssertEqual(
            try harness.call("insetRectRight", .values(["10,50,300,200", .double(15)])), .string("10,50,285,200"))
        XCTAssertEqual(
            harness.failure("insetRectRight", .values(["10,50,300,200", "wide"])),
            "expected input parameter at index 1 to contain a number value, but got \"wide\" (String) instead")
        XCTAssertEqual(harness.failure("insetRectTop", .absent), "expected input parameters, but got none")
    }

    func testNumbersAreFormattedLikePercentG() {
        XCTAssertEqual(GeometryValues.format(10), "10")
        XCTAssertEqual(GeometryValues.format(0.5), "0.5")
        XCTAssertEqual(GeometryValues.format(1_234_567), "1.23457e+06")
        XCTAssertEqual(GeometryValues.format(-0.0), "0")
    }

    func testThroughTheEvaluator() throws {
        XCTAssertEqual(try harness.evaluate("^rectSize(10,20,80,90)"), .string("80,90"))
        XCTAssertEqual(try harness.evaluate("^insetRect(10,50,300,200|-5,-5,15,15)"), .string("5,45,290,190"))
        XCTAssertThrowsError(try harness.evaluate("^rectX($undefined)"))
    }
}
