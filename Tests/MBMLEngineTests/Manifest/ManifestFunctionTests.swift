import Foundation
import XCTest

@testable import MBMLEngine

/// `<Function>` (<doc:Manifests>) resolved against the built-in function registry.
final class ManifestFunctionTests: ManifestTestCase {
    private func load(functions body: String, log: LogSink = LogSink()) throws -> ManifestLoadResult {
        try load(contents: "<MBML>\n" + body + "\n</MBML>", log: log)
    }

    func testRedeclaresABuiltInWithTheGivenInputType() throws {
        let log = LogSink()
        let result = try load(
            functions: "<Function name=\"uppercase\" class=\"MBMLStringFunctions\" input=\"raw\"/>", log: log)
        XCTAssertEqual(result.diagnostics, [])
        let environment = result.environment
        XCTAssertEqual(environment.functions.definition(named: "uppercase")?.input, .raw)
        // Raw input: the text is not evaluated.
        XCTAssertEqual(try environment.evaluate("^uppercase($x)", in: .object), "$X")
        XCTAssertTrue(
            log.lines.contains("Function ^uppercase() redeclared from input string to input raw"),
            log.lines.joined(separator: "\n"))
    }

    func testMissingOrEmptyInputMeansObject() throws {
        let result = try load(
            functions: """
                <Function name="uppercase" class="MBMLStringFunctions"/>
                <Function name="lowercase" class="MBMLStringFunctions" input=""/>
                """)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.environment.functions.definition(named: "uppercase")?.input, .object)
        XCTAssertEqual(result.environment.functions.definition(named: "lowercase")?.input, .object)
    }

    func testUnknownInputWarnsAndUsesObject() throws {
        let result = try load(functions: "<Function name=\"uppercase\" class=\"C\" input=\"sideways\"/>")
        XCTAssertEqual(result.environment.functions.definition(named: "uppercase")?.input, .object)
        XCTAssertEqual(
            descriptions(result),
            [
                "test.xml:2:1: Unrecognized value for 'input' attribute of tranformer named uppercase: sideways"
            ])
        XCTAssertEqual(result.diagnostics.first?.severity, .warning)
    }

    func testMethodDeclaresAnAlias() throws {
        let result = try load(
            functions: "<Function name=\"shout\" class=\"MBMLStringFunctions\" method=\"uppercase:\" input=\"string\"/>"
        )
        XCTAssertEqual(result.diagnostics, [])
        let definition = try XCTUnwrap(result.environment.functions.definition(named: "shout"))
        XCTAssertEqual(definition.input, .string)
        XCTAssertTrue(definition.signature.hasPrefix("^shout("), definition.signature)
        XCTAssertEqual(try result.environment.evaluate("^shout(hey)", in: .object), "HEY")
        XCTAssertNotNil(result.environment.functions.definition(named: "uppercase"))
    }

    func testUnknownMethodFallsBackToTheName() throws {
        let result = try load(
            functions: "<Function name=\"uppercase\" class=\"MBMLStringFunctions\" method=\"makeUpper:\"/>")
        XCTAssertEqual(result.diagnostics, [])
    }

    func testUnknownFunctionIsReportedAndSkipped() throws {
        let result = try load(functions: "  <Function name=\"frobnicate\" class=\"MyFunctions\" input=\"raw\"/>")
        XCTAssertNil(result.environment.functions.definition(named: "frobnicate"))
        XCTAssertEqual(
            descriptions(result),
            [
                "test.xml:2:3: Couldn't find implementing class for MBMLFunction specified in: <Function name=\"frobnicate\" class=\"MyFunctions\" input=\"raw\"/>"
            ])
        XCTAssertEqual(result.diagnostics.first?.severity, .error)
    }

    func testMissingClassIsReported() throws {
        let result = try load(functions: "<Function name=\"uppercase\" input=\"raw\"/>")
        XCTAssertEqual(result.environment.functions.definition(named: "uppercase")?.input, .string)
        XCTAssertEqual(result.errors.count, 1)
        XCTAssertTrue(result.errors[0].message.hasPrefix("Couldn't find implementing class for MBMLFunction"))
    }

    func testNameMustBeAnIdentifier() throws {
        let result = try load(
            functions: """
                <Function name="has space" class="C"/>
                <Function class="C" method="q"/>
                """)
        XCTAssertEqual(
            descriptions(result),
            [
                "test.xml:2:1: Function names must be identifiers, so \"has space\" is not a valid function name in: <Function name=\"has space\" class=\"C\"/>",
                "test.xml:3:1: MBMLFunction requires the attribute \"name\" but it was not found in: <Function class=\"C\" method=\"q\"/>",
            ])
    }

    func testOutputNoneDiscardsTheResult() throws {
        let result = try load(functions: "<Function name=\"uppercase\" class=\"C\" input=\"string\" output=\"none\"/>")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertNil(try result.environment.evaluate("^uppercase(abc)", in: .object))
    }

    func testUnknownOutputWarns() throws {
        let result = try load(functions: "<Function name=\"uppercase\" class=\"C\" output=\"many\" deprecated=\"T\"/>")
        XCTAssertEqual(result.warnings.count, 1)
        XCTAssertEqual(result.errors, [])
        XCTAssertTrue(result.warnings[0].message.hasPrefix("Unrecognized value for 'output' attribute"))
    }

    func testIfConditionControlsTheDeclaration() throws {
        let result = try load(
            functions: """
                <Function if="$Platform.isUIKit" name="uppercase" class="C" input="raw"/>
                <Function if="" name="lowercase" class="C" input="raw"/>
                <Function if="$Platform.isUIKit" name="fontWithNameAndSize" class="MBMLFontFunctions"/>
                """)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.environment.functions.definition(named: "uppercase")?.input, .string)
        XCTAssertEqual(result.environment.functions.definition(named: "lowercase")?.input, .raw)
    }

    func testFunctionsDeclaredAboveAreUsableBelow() throws {
        let result = try load(
            functions: """
                <Function name="shout" class="C" method="uppercase"/>
                <Var name="loud" value="^shout(hi)"/>
                """)
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.environment.variables["loud"], "HI")
    }

    func testIdentifierRule() {
        XCTAssertTrue(MBMLIdentifier.isIdentifier("a"))
        XCTAssertTrue(MBMLIdentifier.isIdentifier("_x-y:z9"))
        XCTAssertFalse(MBMLIdentifier.isIdentifier("9a"))
        XCTAssertFalse(MBMLIdentifier.isIdentifier("a.b"))
        XCTAssertFalse(MBMLIdentifier.isIdentifier("é"))
        XCTAssertFalse(MBMLIdentifier.isIdentifier(""))
    }
}
