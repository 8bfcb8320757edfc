import Foundation
import XCTest

@testable import MBMLEngine

/// The per-item fast path (``ItemFastPath``) answers as the general evaluation for every item it
/// takes, and does take the shapes it is for.
final class ItemFastPathTests: XCTestCase {
    private let items: [Value] = [
        .dictionary(
            ValueDictionary(["age": .integer(32), "address": .dictionary(ValueDictionary(["city": .string("Oslo")]))])),
        .dictionary(ValueDictionary(["age": .integer(30)])),
        .dictionary(ValueDictionary(["age": .decimal(30.5)])),
        .dictionary(ValueDictionary(["age": .double(29.999)])),
        .dictionary(ValueDictionary(["age": .string("31")])),
        .dictionary(ValueDictionary(["age": .string("abc")])),
        .dictionary(ValueDictionary(["age": .null, "address": .null])),
        .dictionary(ValueDictionary(["age": .boolean(true), "address": .string("text")])),
        .dictionary(
            ValueDictionary([
                "age": .bigInteger(BigInteger(digitText: Array("1234567890123456789012345678901234567890123".utf8))!)
            ])),
        .dictionary(ValueDictionary(["age": .array([.integer(1)]), "address": .array([.integer(1)])])),
        .dictionary(ValueDictionary([:])),
        // The truth of `$item.age`: false, zeros, the false one-character texts, an empty text.
        .dictionary(ValueDictionary(["age": .boolean(false)])), .dictionary(ValueDictionary(["age": .integer(0)])),
        .dictionary(ValueDictionary(["age": .decimal(0)])), .dictionary(ValueDictionary(["age": .double(0)])),
        .dictionary(ValueDictionary(["age": .string("F")])), .dictionary(ValueDictionary(["age": .string("0")])),
        .dictionary(ValueDictionary(["age": .string("")])), .dictionary(ValueDictionary(["age": .string("no")])),
        .array([.integer(1), .integer(2)]),
        .string("plain"),
        .integer(40),
        .null,
    ]

    private let expressions: [(String, ExpressionContext, Bool)] = [
        ("$item.age > 30", .boolean, true), ("$item.age >= 30", .boolean, true), ("$item.age < 30.5", .boolean, true),
        ("$item.age <= -2", .boolean, true), ("$item.age == 30", .boolean, true), ("$item.age != 31", .boolean, true),
        ("$item.age > abc", .boolean, true), ("$item.age == 31", .boolean, true),
        ("$item.age -GT 12345678901234567890123456789", .boolean, true),
        ("$item.address.city == Oslo", .boolean, true), ("$item.address.city < P", .boolean, true),
        ("$item > 30", .boolean, true),
        ("$item.age", .object, true), ("$item.address.city", .object, true), ("$item.address", .object, true),
        ("$item", .object, true),
        // Not of its shapes: the general evaluation.
        // A path's own truth, alone and in tests.
        ("$item.age", .boolean, true), ("!$item.age", .boolean, true), ("$item.address.city", .boolean, true),
        ("$item.age && $item.address.city == Oslo", .boolean, true), ("$item -OR $item.age", .boolean, true),
        ("$item.age > $item.age", .boolean, false), ("$item.age.count", .object, true),
        ("$item.age.count", .boolean, true), ("$item[age]", .boolean, false),
        ("$item[age]", .object, false), ("${item.age}", .object, false), ("$item.age items", .object, false),
    ]

    func testEveryItemAnswersAsTheGeneralEvaluation() throws {
        let environment = Environment()
        environment.variables.declare("item", value: .string("the space's item"))
        for (expression, context, hasFastPath) in expressions {
            let repeated = environment.prepareRepeated(expression, in: context)
            XCTAssertEqual(repeated.fastPath != nil, hasFastPath, expression)
            for item in items {
                let evaluation = Evaluation()
                evaluation.depth = 1
                try evaluation.withItem(item, key: nil) {
                    let general = Result { try environment.evaluate(expression, in: context, within: evaluation) }
                    let prepared = Result { try environment.evaluate(repeated, within: evaluation) }
                    XCTAssertEqual(
                        String(describing: prepared), String(describing: general), "\(expression) with \(item)")
                    guard case .success(let general) = general else { return }
                    guard hasFastPath else { return }
                    let fast = try repeated.fastPath?.evaluate(in: evaluation)
                    if let fast { XCTAssertEqual(fast, general, "\(expression) with \(item)") }
                    // Through dictionaries only, it answers itself.
                    if item == items[0], !expression.hasSuffix(".count") {
                        XCTAssertNotNil(fast, "fell back: \(expression)")
                    }
                }
            }
            // Not bound: the space's variable, read the general way.
            let evaluation = Evaluation()
            evaluation.depth = 1
            XCTAssertNil(try repeated.fastPath?.evaluate(in: evaluation) ?? nil, expression)
            XCTAssertEqual(
                String(describing: Result { try environment.evaluate(repeated, within: evaluation) }),
                String(describing: Result { try environment.evaluate(expression, in: context, within: evaluation) }),
                expression)
        }
    }

    func testAStoppedJobStopsOnTheFastPath() throws {
        let environment = Environment()
        let repeated = environment.prepareRepeated("$item.age > 30", in: .boolean)
        let evaluation = Evaluation(limits: EvaluationLimits(isCancelled: { true }))
        evaluation.depth = 1
        try evaluation.withItem(items[0], key: nil) {
            XCTAssertThrowsError(try environment.evaluate(repeated, within: evaluation)) { error in
                XCTAssertTrue(error is CancellationFailure)
            }
        }
    }

    func testTheNestingLimitIsTheGeneralOne() throws {
        let environment = Environment()
        let repeated = environment.prepareRepeated("$item.age", in: .object)
        let evaluation = Evaluation()
        evaluation.depth = environment.maximumNestingDepth
        try evaluation.withItem(items[0], key: nil) {
            XCTAssertThrowsError(try environment.evaluate(repeated, within: evaluation))
        }
    }
}
