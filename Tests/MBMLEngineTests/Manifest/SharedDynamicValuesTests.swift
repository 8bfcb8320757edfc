import Synchronization
import XCTest

@testable import MBMLEngine

/// ``VariableSpace/sharingDynamicValues(_:)``: a dynamic variable is computed once while the space
/// does not change, and on every read otherwise.
final class SharedDynamicValuesTests: XCTestCase {
    func testADynamicVariableIsComputedOnceWhileTheSpaceIsUnchanged() throws {
        let space = VariableSpace()
        let computations = Counter()
        space.dynamicResolver = { _, _, _, _ in
            .integer(computations.next())
        }
        space.makeEvaluation = { Evaluation() }
        space.declareDynamic("counted", expression: "$anything")
        XCTAssertEqual(space["counted"], .integer(1))
        XCTAssertEqual(space["counted"], .integer(2), "outside, every read computes")
        try space.sharingDynamicValues {
            XCTAssertEqual(space["counted"], .integer(3))
            XCTAssertEqual(space["counted"], .integer(3), "shared")
            space.sharingDynamicValues { XCTAssertEqual(space["counted"], .integer(3), "nested calls share") }
            try space.push("item", .integer(0))
            XCTAssertEqual(space["counted"], .integer(4), "a push changes the space")
            try space.pop("item")
            XCTAssertEqual(space["counted"], .integer(5), "so does a pop")
            XCTAssertEqual(space["counted"], .integer(5))
        }
        XCTAssertEqual(space["counted"], .integer(6))
    }

    func testValuesStayThoseOfTheSpace() throws {
        let environment = Environment()
        environment.variables.declareDynamic("joined", expression: "^join($list|,)")
        environment.variables.declare("list", value: .array([.string("a"), .string("b")]))
        let values = try environment.variables.sharingDynamicValues {
            try [ExpressionContext.object, .string].map { try environment.evaluate("$joined", in: $0) }
        }
        XCTAssertEqual(values.first, .string("a,b"))
        let list = try environment.variables.sharingDynamicValues {
            try environment.evaluate("^list(^array(1|2)|$item$joined)", in: .object)
        }
        XCTAssertEqual(list, .array([.string("1a,b"), .string("2a,b")]), "bindings inside still read it afresh")
    }
}

/// How often the resolver ran.
private final class Counter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
