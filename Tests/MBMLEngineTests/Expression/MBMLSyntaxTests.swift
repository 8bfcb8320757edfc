import MBMLEngine
import MBMLTestSupport
import XCTest

/// ``MBMLSyntax``: reading unfinished expression text. Positions are marked with 1️⃣ in the text.
final class MBMLSyntaxTests: XCTestCase {
    private func syntax(_ marked: String) -> (MBMLSyntax, Int) {
        // The syntax service counts characters, not UTF-16 units.
        let text = MarkedText(marked)
        return (MBMLSyntax(text.text), text.characterOffset(of: "1️⃣"))
    }

    func testTheCallAroundAPosition() {
        let table: [(String, String?, Int?)] = [
            ("^join(1️⃣", "join", 0),
            ("^join($cats|1️⃣", "join", 1),
            ("^join($cats|, |1️⃣)", "join", 2),
            ("^join(^count($cats1️⃣", "count", 0),
            ("^join(^count($cats)|1️⃣", "join", 1),
            ("^join(#(1|1️⃣", "join", 0),
            ("^join($a[x|1️⃣", "join", 0),
            ("^join(a|b) 1️⃣x", nil, nil),
            ("^^join(1️⃣", nil, nil),
            ("^^^join(1️⃣", "join", 0),
            ("$$^join(1️⃣", "join", 0),
            ("^if($a == 1|yes|1️⃣", "if", 2),
            ("text 1️⃣", nil, nil),
        ]
        for (marked, name, index) in table {
            let (syntax, offset) = syntax(marked)
            let call = syntax.call(at: offset)
            XCTAssertEqual(call?.name, name, marked)
            XCTAssertEqual(call?.parameterIndex, index, marked)
        }
    }

    func testTheFunctionNameAtAPosition() {
        XCTAssertEqual(syntax("a ^jo1️⃣").0.functionName(at: syntax("a ^jo1️⃣").1)?.typed, "jo")
        let (middle, offset) = syntax("2️⃣^jo1️⃣in(")
        XCTAssertEqual(middle.functionName(at: offset)?.name, "join")
        XCTAssertEqual(middle.functionName(at: offset)?.typed, "jo")
        XCTAssertEqual(middle.functionName(at: offset)?.start, MarkedText("2️⃣^jo1️⃣in(").characterOffset(of: "2️⃣"))
        let (lone, loneOffset) = syntax("x ^1️⃣")
        XCTAssertEqual(lone.functionName(at: loneOffset)?.name, "")
        let (escaped, escapedOffset) = syntax("^^jo1️⃣")
        XCTAssertNil(escaped.functionName(at: escapedOffset))
        let (digit, digitOffset) = syntax("^9a1️⃣")
        XCTAssertNil(digit.functionName(at: digitOffset), "a name starts with a letter or _")
    }

    func testTheReferenceChainEndingAtAPosition() {
        // 2️⃣ where the chain starts, 3️⃣ where its unfinished part starts.
        let plainText = MarkedText("Hi 2️⃣3️⃣$ca1️⃣")
        let (plain, plainOffset) = syntax("Hi 2️⃣3️⃣$ca1️⃣")
        XCTAssertEqual(
            plain.referenceChain(endingAt: plainOffset),
            SyntaxReferenceChain(
                start: plainText.characterOffset(of: "2️⃣"), variable: nil, steps: [], partial: .variableName("ca"),
                partialStart: plainText.characterOffset(of: "3️⃣")))
        let deepText = MarkedText("2️⃣$cats[1]3️⃣.le1️⃣")
        let (deep, deepOffset) = syntax("2️⃣$cats[1]3️⃣.le1️⃣")
        XCTAssertEqual(
            deep.referenceChain(endingAt: deepOffset),
            SyntaxReferenceChain(
                start: deepText.characterOffset(of: "2️⃣"), variable: "cats", steps: [.subscripted("1")],
                partial: .property("le"), partialStart: deepText.characterOffset(of: "3️⃣")))
        let (bracket, bracketOffset) = syntax("$[Barrett Te1️⃣")
        XCTAssertEqual(bracket.referenceChain(endingAt: bracketOffset)?.partial, .bracketedVariableName("Barrett Te"))
        let (key, keyOffset) = syntax("$catGenders[Dun1️⃣")
        XCTAssertEqual(key.referenceChain(endingAt: keyOffset)?.partial, .subscripted("Dun"))
        XCTAssertEqual(key.referenceChain(endingAt: keyOffset)?.variable, "catGenders")
        let (escaped, escapedOffset) = syntax("$$cats.c1️⃣")
        XCTAssertNil(escaped.referenceChain(endingAt: escapedOffset), "$$ is a literal dollar")
        let (spaced, spacedOffset) = syntax("$cats .c1️⃣")
        XCTAssertNil(spaced.referenceChain(endingAt: spacedOffset))
    }

    func testTheReferencesOfAnExpression() {
        // (text, grammar, variables, functions)
        let table: [(String, Grammar, [String], [String])] = [
            ("Hi $name, ^upper($city.name)", .object, ["name", "city"], ["upper"]),
            ("$[my name] ${other} $(third)", .object, ["my name", "other", "third"], []),
            ("$$now and ^^random() and ##(1)", .object, [], []),
            ("$now:x", .object, ["now:x"], []),
            ("#(^random(6) + $base)", .object, ["base"], ["random"]),
            ("^myFunction($a|^currentTime())", .object, ["a"], ["myFunction", "currentTime"]),
            ("^log($a)", .object, ["a"], ["log"]),
            ("$a == $b", .boolean, ["a", "b"], []),
            // Text that does not parse still gives its references.
            ("$a == ", .boolean, ["a"], []),
            ("#($a +) $b", .object, ["a", "b"], []),
            ("^join($list|#(1 * ) $c)", .object, ["list", "c"], ["join"]),
            ("${a b} $c", .object, ["c"], []),
            ("#(1 + $a", .object, ["a"], []),
        ]
        for (text, grammar, variables, functions) in table {
            let references = MBMLSyntax.references(in: text, grammar: grammar)
            XCTAssertEqual(references.variables, variables, text)
            XCTAssertEqual(references.functions, functions, text)
        }
    }

    func testTheNamesInALine() {
        let names = MBMLSyntax("<Var value=\"^join($cats|$$x $[y])\"/> ^^no(").names()
        XCTAssertEqual(names.map(\.name), ["join", "cats"])
        XCTAssertEqual(names.map(\.kind), [.function, .variable])
        let (onCaret, caretOffset) = syntax("1️⃣^join($cats)")
        XCTAssertEqual(onCaret.functionName(under: caretOffset)?.name, "join", "on the ^")
        let (onDollar, dollarOffset) = syntax("x 1️⃣$total.count")
        XCTAssertEqual(onDollar.referenceChain(under: dollarOffset)?.chain.partial, .variableName("total"))
    }

    func testTheIdentifierRule() {
        XCTAssertTrue(MBMLIdentifier.isIdentifier("cat-name:x_1"))
        XCTAssertFalse(MBMLIdentifier.isIdentifier("1cat"))
        XCTAssertFalse(MBMLIdentifier.isIdentifier("é"))
        XCTAssertFalse(MBMLIdentifier.isIdentifier(""))
        XCTAssertEqual(MBMLIdentifier.escapedKey("a$b^c#d"), "a$$b^^c##d")
    }

    func testPropertyNamesMatchWhatTheEvaluatorAnswers() throws {
        let environment = Environment()
        for value in [Value.string("abc"), .integer(3), .array([.integer(1)])] {
            environment.variables.declare("v", value: value)
            for name in MBMLSyntax.propertyNames(offeredBy: value) {
                XCTAssertNoThrow(try environment.evaluate("$v.\(name)", in: .object), "\(value) .\(name)")
            }
        }
    }
}
