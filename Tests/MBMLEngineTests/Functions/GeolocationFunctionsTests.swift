import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// The geolocation module's functions, after the original's `MBGeolocationFunctionTests.m`
/// (`testMapFunctions`, `testMapFunctionFailures`), with its two locations in variables.
final class GeolocationFunctionsTests: XCTestCase {
    private let harness = FunctionHarness()
    private let apple = GeolocationPoint(latitude: 37.3316872, longitude: -122.0305188)
    private let oneMadison = GeolocationPoint(latitude: 40.741284, longitude: -73.987383)

    override func setUp() {
        super.setUp()
        harness.environment.variables.declare("appleLoc", value: .object(apple))
        harness.environment.variables.declare("giltMobileLoc", value: .object(oneMadison))
        harness.environment.variables.declare("emptyArray", value: .array([]))
    }

    func testDistanceIsInMilesAsTheOriginalAsserts() throws {
        let value = try XCTUnwrap(try harness.evaluate("^distance($appleLoc|$giltMobileLoc)"))
        guard case .double(let miles) = value else { return XCTFail("expected a Number, got \(value)") }
        XCTAssertEqual(miles, 2559.8, accuracy: 0.1)
        XCTAssertEqual(miles, 2559.807_569_783, accuracy: 1e-6, "the original's law-of-cosines formula")
        XCTAssertEqual(apple.distance(to: oneMadison), oneMadison.distance(to: apple), accuracy: 1e-9)
    }

    func testDistanceAcceptsLatitudeLongitudeStrings() throws {
        XCTAssertEqual(
            try harness.evaluate("^distance(37.3316872,-122.0305188|$giltMobileLoc)"),
            try harness.evaluate("^distance($appleLoc|$giltMobileLoc)"))
    }

    func testDistanceOfAPointToItselfIsZeroNotNaN() throws {
        XCTAssertEqual(try harness.evaluate("^distance($appleLoc|$appleLoc)"), .double(0))
        let antipode = GeolocationPoint(latitude: -37.3316872, longitude: 57.9694812)
        XCTAssertEqual(apple.distance(to: antipode), .pi * GeolocationPoint.earthRadiusInMiles, accuracy: 1e-3)
    }

    func testFormatDistance() throws {
        XCTAssertEqual(
            try harness.evaluate("^formatDistance(%0.1f miles|$appleLoc|$giltMobileLoc)"), .string("2559.8 miles"))
        XCTAssertEqual(
            try harness.evaluate("^formatDistance(%.0f%% of the way|0,0|0,1)"), .string("69% of the way"))
    }

    func testParseLocationWithCommaOrPipeGivesEqualPoints() throws {
        let comma = try harness.evaluate("^parseLocation(40.741284,-73.987383)")
        let pipe = try harness.evaluate("^parseLocation(40.741284|-73.987383)")
        XCTAssertEqual(comma, pipe)
        XCTAssertEqual(comma, .object(oneMadison))
        XCTAssertEqual(
            try harness.evaluate("^parseLocation(40.741284,-73.987383) == $giltMobileLoc", in: .boolean),
            .boolean(true))
        XCTAssertEqual(try harness.evaluate("$appleLoc == $giltMobileLoc", in: .boolean), .boolean(false))
        XCTAssertEqual(Set([comma, pipe, .object(apple)]).count, 2, "equal points hash alike")
    }

    func testPointPropertiesAndTextForm() throws {
        XCTAssertEqual(try harness.evaluate("$giltMobileLoc.latitude"), .double(40.741284))
        XCTAssertEqual(try harness.evaluate("$giltMobileLoc.longitude"), .double(-73.987383))
        XCTAssertEqual(try harness.evaluate("$giltMobileLoc", in: .string), .string("40.74128400,-73.98738300"))
        XCTAssertEqual(
            try harness.evaluate("$giltMobileLoc.description"),
            .string("<MBGeolocationPoint: 40.74128400,-73.98738300>"))
        XCTAssertEqual(JSONCodec.encode(.object(oneMadison)), #""40.74128400,-73.98738300""#)
        harness.assertEvaluationFails("$giltMobileLoc.altitude", containing: "No such key \"altitude\"")
    }

    func testPartsAreReadLikeDoubleValue() throws {
        XCTAssertEqual(
            try harness.evaluate("^parseLocation( 12.5abc,north)"),
            .object(GeolocationPoint(latitude: 12.5, longitude: 0)))
    }

    func testWrongParameterCountsAndShapesFail() {
        for expression in [
            "^distance()", "^distance($giltMobileLoc)", "^distance($appleLoc|$giltMobileLoc|extraneous parameter)",
            "^distance(hello|is it me you're looking for?)",
            "^formatDistance()", "^formatDistance(%0.1f miles)", "^formatDistance(%0.1f miles|$appleLoc)",
            "^formatDistance(%0.1f miles|$appleLoc|$giltMobileLoc|extraneous parameter)",
            "^formatDistance(%0.1f miles|hello|is it me you're looking for?)",
            "^formatDistance($emptyArray|$appleLoc|$giltMobileLoc)",
            "^parseLocation()", "^parseLocation(40.741284)", "^parseLocation(40.741284,-73.987383,-73.987383)",
            "^parseLocation(40.741284|-73.987383|-73.987383)",
        ] {
            XCTAssertThrowsError(try harness.evaluate(expression), expression)
        }
    }

    func testErrorMessagesNameTheExpectedFormat() {
        harness.assertEvaluationFails(
            "^distance(hello|1,2)",
            containing:
                #"expected parameter at index 0 to be in the format "<latitude>,<longitude>", but instead got: "hello""#
        )
        harness.assertEvaluationFails(
            "^distance(1,2|$emptyArray)",
            containing: "expected input parameter at index 1 to be of type String or MBGeolocationPoint, but got Array")
        harness.assertEvaluationFails("^formatDistance(%d km|1,2|3,4)", containing: "unsupported conversion")
        harness.assertEvaluationFails(
            "^parseLocation(40.741284)",
            containing: #"or "<latitude>|<longitude>", but instead got: "40.741284""#)
    }
}
