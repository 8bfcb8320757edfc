import MBMLEngine
import XCTest

@testable import mbml

/// The `mbml eval --jsonl` protocol, one request line at a time (``JSONLinesSession/response(to:)``),
/// without a pipe.
final class JSONLinesSessionTests: XCTestCase {
    private let session: JSONLinesSession = {
        let environment = Environment()
        environment.variables.declare("cats", value: .array([.string("Barrett"), .string("Duncan")]))
        return JSONLinesSession(environment: environment)
    }()

    func testTheReadmeExample() {
        XCTAssertEqual(
            session.response(to: ##"{"id": 1, "context": "number", "expr": "#($x * 2)", "vars": {"x": 21}}"##),
            #"{"id":1,"value":42}"#)
    }

    func testTheIdComesBackExactlyAsWritten() {
        XCTAssertEqual(session.response(to: #"{"id": 1.0, "expr": "a"}"#), #"{"id":1.0,"value":"a"}"#)
        XCTAssertEqual(session.response(to: #"{"id": -0, "expr": "a"}"#), #"{"id":-0,"value":"a"}"#)
        let big = "123456789012345678901234567890123456789012345678901"
        XCTAssertEqual(session.response(to: #"{"id": \#(big), "expr": "a"}"#), #"{"id":\#(big),"value":"a"}"#)
        XCTAssertEqual(session.response(to: #"{"id": "q7", "expr": "a"}"#), #"{"id":"q7","value":"a"}"#)
        XCTAssertEqual(session.response(to: #"{"expr": "a"}"#), #"{"id":null,"value":"a"}"#)
    }

    /// A string id with raw C1 controls, bidirectional overrides or DEL is escaped like every other
    /// output (the response to a valid request and to a failing one), never echoed raw.
    func testAnIdWithTerminalControlsIsEscaped() {
        let raw = "\u{9B}31m\u{202E}x\u{7F}"
        let escaped = #""\u009b31m\u202ex\u007f""#
        XCTAssertEqual(
            session.response(to: "{\"id\": \"\(raw)\", \"expr\": \"a\"}"), #"{"id":\#(escaped),"value":"a"}"#)
        XCTAssertEqual(
            session.response(to: "{\"id\": \"\(raw)\", \"context\": \"nope\", \"expr\": \"a\"}"),
            #"{"id":\#(escaped),"error":"Unknown context \"nope\": use object, string, number or boolean"}"#)
        XCTAssertEqual(
            session.response(to: "{\"id\": [\"\(raw)\"], \"expr\": \"a\"}"), #"{"id":[\#(escaped)],"value":"a"}"#)
        for line in [
            session.response(to: "{\"id\": \"\(raw)\", \"expr\": \"a\"}"),
            session.response(to: "{\"id\": \"é\u{9B}\", \"expr\": \"^nope()\"}"),
        ] {
            XCTAssertFalse(
                line.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E || $0.value == 0x7F }, line)
        }
    }

    func testTheContextIsObjectUnlessTheRequestNamesOne() {
        XCTAssertEqual(session.response(to: #"{"id": 1, "expr": "$cats"}"#), #"{"id":1,"value":["Barrett","Duncan"]}"#)
        XCTAssertEqual(
            session.response(to: #"{"id": 1, "context": "string", "expr": "$cats.count cats"}"#),
            #"{"id":1,"value":"2 cats"}"#)
        XCTAssertEqual(
            session.response(to: #"{"id": 1, "context": "boolean", "expr": "$cats.count == 2"}"#),
            #"{"id":1,"value":true}"#)
    }

    func testVariablesAreBoundForThatRequestOnly() {
        XCTAssertEqual(
            session.response(to: #"{"id": 1, "expr": "$cats", "vars": {"cats": [1]}}"#), #"{"id":1,"value":[1]}"#)
        XCTAssertEqual(
            session.response(to: #"{"id": 2, "expr": "$cats"}"#), #"{"id":2,"value":["Barrett","Duncan"]}"#)
    }

    /// The error is the engine's logged form of it (``Environment/logText(for:)``: with the offending expression).
    func testAFailedEvaluationIsAnErrorResponseWithTheRequestsId() {
        XCTAssertEqual(
            session.response(to: #"{"id": 3, "expr": "^nope(1)"}"#),
            #"{"id":3,"error":"Evaluation error: Can't find MBMLFunction declaration for: ^nope(); offending expression: \"^nope(1)\""}"#
        )
    }

    func testMalformedRequestsAreAnsweredNotFatal() {
        let invalid = session.response(to: "{not json")
        XCTAssertTrue(invalid.hasPrefix(#"{"id":null,"error":"Invalid JSON request at column "#), invalid)
        XCTAssertEqual(session.response(to: "[1]"), #"{"id":null,"error":"A request must be a JSON object"}"#)
        XCTAssertEqual(
            session.response(to: #"{"id": 4, "context": "math", "expr": "1"}"#),
            #"{"id":4,"error":"Unknown context \"math\": use object, string, number or boolean"}"#)
        XCTAssertEqual(
            session.response(to: #"{"id": 5, "expr": 1}"#), #"{"id":5,"error":"The request has no \"expr\" string"}"#)
        XCTAssertEqual(
            session.response(to: #"{"id": 6, "expr": "$x", "vars": [1]}"#),
            #"{"id":6,"error":"\"vars\" must be a JSON object"}"#)
    }
}
