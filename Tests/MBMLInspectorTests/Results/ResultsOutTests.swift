import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// Results out (issue 32): `y` / `Y` copy a result as JSON from the results pane and from the full
/// value; Ctrl-X / Alt-X quit with the result / the expression for standard output.
final class ResultsOutTests: XCTestCase {
    private func results(_ text: String) -> (InspectorSession, BufferScreen, () -> [String]) {
        let (session, screen) = makeSession()
        var copied: [String] = []
        session.clipboard = { copied.append($0) }
        session.type(text)
        session.press(.function(6))
        XCTAssertEqual(session.state.focus, .results)
        return (session, screen, { copied })
    }

    func testYCopiesTheSelectedResultAsJSON() throws {
        let (session, _, copied) = results("$cats")
        session.type("y")
        XCTAssertEqual(copied().last, #"["Barrett","Duncan","Cooper"]"#)
        XCTAssertEqual(
            session.state.status.message?.hasPrefix("Sent 29 characters of JSON (the value) via OSC 52"), true,
            session.state.status.message ?? "")
        session.press(.down) // string: the text the row shows, as a JSON string, never raw text
        session.type("y")
        let text = Value.array([.string("Barrett"), .string("Duncan"), .string("Cooper")]).text
        XCTAssertTrue(text.contains("\n"), "a text with line breaks")
        XCTAssertEqual(copied().last, JSONCodec.quoted(text))
        let decoded = try JSONSerialization.jsonObject(
            with: Data((copied().last ?? "").utf8), options: .fragmentsAllowed)
        XCTAssertEqual(decoded as? String, text)
    }

    func testCapitalYCopiesTheExpressionWithItsResultAsAnExpectationLine() throws {
        let (session, _, copied) = results("$cats.count")
        session.press(.down)
        session.press(.down) // number
        session.type("Y")
        let text = try XCTUnwrap(copied().last)
        XCTAssertEqual(text, #"{"id":"$cats.count","context":"number","expr":"$cats.count","expect":3}"#)
        // A line `mbml check` reads, that passes.
        let file = ExpectationFile(parsing: text, path: "x.jsonl")
        XCTAssertEqual(file.problems.count, 0)
        let expectation = try XCTUnwrap(file.expectations.first)
        let environment = try XCTUnwrap(session.engine.environment)
        XCTAssertEqual(ExpectationChecker(environment: environment).check(expectation).status, .passed)
    }

    func testAnErrorIsCopiedAsAnErrorObject() throws {
        let (session, _, copied) = results("^nope()")
        session.type("y")
        let text = try XCTUnwrap(copied().last)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertNotNil(object["error"] as? String, text)
    }

    func testTheFullValueCopiesToo() throws {
        let (session, _, copied) = results("$catGenders")
        session.press(.enter)
        guard case .viewer(let viewer)? = session.state.overlay else { return XCTFail("no viewer") }
        XCTAssertNotNil(viewer.copy)
        session.type("y")
        XCTAssertEqual(copied().last, #"{"Barrett":"female","Duncan":"male","Cooper":"male"}"#)
        guard case .viewer(let after)? = session.state.overlay else { return XCTFail("the viewer closed") }
        XCTAssertEqual(after.message?.hasPrefix("Sent 52 characters of JSON"), true, after.message ?? "")
        session.type("Y")
        XCTAssertTrue(
            copied().last?.hasPrefix(#"{"id":"$catGenders","expr":"$catGenders","expect":{"#) ?? false,
            copied().last ?? "")
    }

    func testANodeOfTheTreeCopiesWithItsPath() throws {
        let (session, _) = makeSession()
        var copied: [String] = []
        session.clipboard = { copied.append($0) }
        while session.state.focus != .variables { session.press(.function(6)) }
        while let selection = session.state.tree.selection, selection != [.variable("name")] {
            session.press(.down)
        }
        session.type("o")
        session.type("Y")
        XCTAssertEqual(copied.last, #"{"id":"$name","expr":"$name","expect":"Cooper"}"#)
    }

    func testCtrlXQuitsWithTheSelectedResultAndAltXWithTheExpression() {
        let (session, _, _) = results("$cats.count")
        session.press(.down)
        session.press(.down)
        session.press(.control("x"))
        XCTAssertTrue(session.state.shouldQuit)
        XCTAssertEqual(session.state.quitOutput, .value(.integer(3), context: .number))

        let (other, _) = makeSession()
        other.type("$name")
        other.press(.alt("x"))
        XCTAssertTrue(other.state.shouldQuit)
        XCTAssertEqual(other.state.quitOutput, .expression("$name"))
    }

    func testAPlainQuitPrintsNothing() {
        let (session, _) = makeSession()
        session.type("$name")
        session.press(.control("c"))
        XCTAssertTrue(session.state.shouldQuit)
        XCTAssertNil(session.state.quitOutput)
    }
}
