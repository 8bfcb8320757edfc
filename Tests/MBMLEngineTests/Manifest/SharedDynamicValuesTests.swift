import Synchronization
import XCTest

@testable import MBMLEngine

/// ``SharedDynamicValues``: the jobs given one compute a dynamic variable once while the space does
/// not change; other jobs, and reads while a function iterates, compute it on every read.
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
        let sharing = SharedDynamicValues(for: space)
        let job = Evaluation(sharing: sharing)
        let other = Evaluation(sharing: sharing)
        XCTAssertEqual(try space.value(of: "counted", within: job), .integer(3))
        XCTAssertEqual(try space.value(of: "counted", within: job), .integer(3), "shared")
        XCTAssertEqual(try space.value(of: "counted", within: other), .integer(3), "with every job given it")
        XCTAssertEqual(try space.value(of: "counted", within: Evaluation()), .integer(4), "not with others")
        try job.withBindings([("item", .integer(1))]) {
            XCTAssertEqual(try space.value(of: "counted", within: job), .integer(5), "not while iterating")
        }
        try space.push("item", .integer(0))
        XCTAssertEqual(try space.value(of: "counted", within: job), .integer(6), "a push changes the space")
        try space.pop("item")
        XCTAssertEqual(try space.value(of: "counted", within: job), .integer(7), "so does a pop")
        XCTAssertEqual(try space.value(of: "counted", within: other), .integer(7))
        XCTAssertEqual(space["counted"], .integer(8))
    }

    func testKnownValuesAreReadAsComputed() throws {
        let space = VariableSpace()
        space.dynamicResolver = { _, _, _, _ in .string("computed") }
        space.declareDynamic("slow", expression: "$anything")
        let sharing = SharedDynamicValues(for: space, reusing: ["slow": .string("from the tree")])
        XCTAssertEqual(try space.value(of: "slow", within: Evaluation(sharing: sharing)), .string("from the tree"))
        space.declare("other", value: .integer(1))
        XCTAssertEqual(
            try space.value(of: "slow", within: Evaluation(sharing: sharing)), .string("computed"),
            "the space changed since")
    }

    func testValuesStayThoseOfTheSpace() throws {
        let environment = Environment()
        environment.variables.declareDynamic("joined", expression: "^join($list|,)")
        environment.variables.declare("list", value: .array([.string("a"), .string("b")]))
        let sharing = SharedDynamicValues(for: environment.variables)
        let values = try [ExpressionContext.object, .string].map {
            try environment.evaluate("$joined", in: $0, within: Evaluation(sharing: sharing))
        }
        XCTAssertEqual(values.first, .string("a,b"))
        let list = try environment.evaluate(
            "^list(^array(1|2)|$item$joined)", in: .object, within: Evaluation(sharing: sharing))
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
