import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``PreparedExpression/readsOneValueInEveryContext`` and ``ExpressionTrace/coerced(to:within:)``:
/// where the object context's value, coerced, is every context's result (<doc:ContextsAndCoercions>),
/// checked against evaluating each context on its own.
final class ContextCoercionTests: ExpressionTestCase {
    /// References and calls of every kind of value: text, numbers, numerals in text, booleans,
    /// collections (empty too), NULL, nothing, errors.
    private let oneValueTexts = [
        "$name", "$five", "$count", "$cats", "$cats.count", "$genders", "$genders[Barrett]", "$zero", "$nine",
        "$flag", "$one", "$decimalValue", "$yes", "$no", "$emptyArray", "$emptyDictionary", "$nullValue",
        "$missing", "$arr[$count]", "^count($cats)", "^uppercase($name)", "^join($cats|, )", "^nope()",
        "$nameList[$zero].firstName", "^if($yes|$ten|$nine)", "$user.firstName", "$a-b", "#($count)",
        "#($count + 1)", "#($five * 2)", "#($name)", "#($missing)", "#($cats)", "#(^count($cats) - 3)", "#(1 / 0)",
    ]

    /// One reference, but a literal inside it reads as text in one grammar and as a number in the
    /// math one (`[1]`), or braces read differently: the trees differ, so nothing is shared.
    private let differentTrees = ["$cats[1]", "$cats[9]", "$nameList[0].firstName", "${total $}"]

    func testOneReferenceOrCallReadsTheSameInEveryContext() {
        for text in oneValueTexts {
            XCTAssertTrue(env.prepare(text).readsOneValueInEveryContext, text)
        }
    }

    func testEverythingElseIsEvaluatedPerContext() {
        // Several values, operators, literals, grouping, math, and a name that reads differently
        // in the math grammar.
        let others = [
            "x $name", "$name ", " $name", "$count - 1", "5", "T", "#($count) ", "($count)", "!$yes", "$count == 3", "",
            "$name$name", "\\n", "#($count)#($count)",
        ]
        for text in others + differentTrees {
            XCTAssertFalse(env.prepare(text).readsOneValueInEveryContext, text)
        }
    }

    func testTheCoercedObjectTraceIsWhatEachContextGives() {
        for text in oneValueTexts {
            let prepared = env.prepare(text)
            guard prepared.readsOneValueInEveryContext else { continue }
            let object = env.trace(prepared, context: .object)
            for context in ExpressionContext.allCases {
                let own = env.trace(prepared, context: context)
                let coerced = object.coerced(to: context)
                XCTAssertEqual(coerced.result, own.result, "\(text) in the \(context) context")
                XCTAssertEqual(coerced.nodes, own.nodes, "\(text): the \(context) context's nodes")
                XCTAssertEqual(coerced.context, context)
            }
        }
    }
}
