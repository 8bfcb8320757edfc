import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// Token trees (<doc:ExpressionSyntax>): the <doc:ExpressionSyntax> examples verbatim, then the tokenization
/// rules of <doc:ExpressionSyntax> observed through `Environment.parse` and `TokenTreeFormatter`.
final class TokenizerTests: ExpressionTestCase {
    // MARK: <doc:ExpressionSyntax> examples, exactly

    func testSpecExampleObjectTree() {
        assertTree(
            "This $aint.no ^party()", .object,
            [
                "<MBMLLiteralToken: \"This \" {0, 5}>",
                "<MBMLVariableReferenceToken: \"$aint\" {5, 5}> containing 1 token:",
                "\t0: <MBMLObjectSubreferenceToken: \".no\" {10, 3}>",
                "<MBMLLiteralToken: \" \" {13, 1}>",
                "<MBMLFunctionCallToken: \"^party()\" {14, 8}>",
            ])
    }

    func testSpecExampleBooleanInequalityTree() {
        assertTree(
            "This != ^party()", .boolean,
            [
                "<MBMLInequalityTestToken: \"!=\" {5, 2}> containing 2 tokens:",
                "\t0: <MBMLLiteralToken: \"This\" {0, 4}>",
                "\t1: <MBMLFunctionCallToken: \"^party()\" {8, 8}>",
            ])
    }

    func testSpecExampleMathTree() {
        assertTree(
            "($user.firstName.length + $user.lastName.length) + 1", .math,
            [
                "<MBMLAdditionOperatorToken: \"+\" {49, 1}> containing 2 tokens:",
                "\t0: <MBMLMathGroupingToken: \"($user.firstName.length + $user.lastName.length)\" {0, 48}> containing 1 token:",
                "\t\t0: <MBMLAdditionOperatorToken: \"+\" {23, 1}> containing 2 tokens:",
                "\t\t\t0: <MBMLVariableReferenceToken: \"$user\" {0, 5}> containing 2 tokens:",
                "\t\t\t\t0: <MBMLObjectSubreferenceToken: \".firstName\" {5, 10}>",
                "\t\t\t\t1: <MBMLObjectSubreferenceToken: \".length\" {15, 7}>",
                "\t\t\t1: <MBMLVariableReferenceToken: \"$user\" {25, 5}> containing 2 tokens:",
                "\t\t\t\t0: <MBMLObjectSubreferenceToken: \".lastName\" {30, 9}>",
                "\t\t\t\t1: <MBMLObjectSubreferenceToken: \".length\" {39, 7}>",
                "\t1: <MBMLNumericLiteralToken: \"1\" {51, 1}>",
            ])
    }

    func testSpecExampleBooleanAndTree() {
        assertTree(
            "$catName -AND $catGenders[$catName] == female", .boolean,
            [
                "<MBMLBooleanAndOperatorToken: \"-AND\" {9, 4}> containing 2 tokens:",
                "\t0: <MBMLVariableReferenceToken: \"$catName\" {0, 8}>",
                "\t1: <MBMLEqualityTestToken: \"==\" {36, 2}> containing 2 tokens:",
                "\t\t0: <MBMLVariableReferenceToken: \"$catGenders\" {14, 11}> containing 1 token:",
                "\t\t\t0: <MBMLObjectSubreferenceToken: \"[$catName]\" {25, 10}> containing 1 token:",
                "\t\t\t\t0: <MBMLVariableReferenceToken: \"$catName\" {0, 8}>",
                "\t\t1: <MBMLLiteralToken: \"female\" {39, 6}>",
            ])
    }

    func testSpecExampleCurlyReferenceTree() {
        assertTree(
            "${nameList[3].firstName} x", .object,
            [
                "<MBMLVariableReferenceToken: \"$nameList\" {0, 9}> containing 2 tokens:",
                "\t0: <MBMLObjectSubreferenceToken: \"[3]\" {9, 3}> containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"3\" {0, 1}>",
                "\t1: <MBMLObjectSubreferenceToken: \".firstName\" {12, 10}>",
                "<MBMLLiteralToken: \" x\" {24, 2}>",
            ])
    }

    func testSpecExampleMathExpressionTree() {
        assertTree(
            "#(1 + 2 * 3)", .object,
            [
                "<MBMLMathExpressionToken: \"#(1 + 2 * 3)\" {0, 12}> containing 1 token:",
                "\t0: <MBMLAdditionOperatorToken: \"+\" {2, 1}> containing 2 tokens:",
                "\t\t0: <MBMLNumericLiteralToken: \"1\" {0, 1}>",
                "\t\t1: <MBMLMultiplicationOperatorToken: \"*\" {6, 1}> containing 2 tokens:",
                "\t\t\t0: <MBMLNumericLiteralToken: \"2\" {4, 1}>",
                "\t\t\t1: <MBMLNumericLiteralToken: \"3\" {8, 1}>",
            ])
    }

    func testSpecExamplePipedFunctionTree() {
        assertTree(
            "^array(ab|$cd)", .object,
            [
                "<MBMLFunctionCallToken: \"^array(ab|$cd)\" {0, 14}> containing 2 tokens:",
                "\t0: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"ab\" {0, 2}>",
                "\t1: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLVariableReferenceToken: \"$cd\" {3, 3}>",
            ])
    }

    /// <doc:ExpressionSyntax>: `^tokenize` logs the same tree under its header and returns its text unevaluated.
    func testTokenizeFunctionLogsTreeAndReturnsText() {
        let log = LogSink()
        env = TestEnvironment.make(log: log)
        assertString("a ^tokenize($name) b", .string, "a $name b")
        let logged = log.lines.joined(separator: "\n")
        XCTAssertTrue(logged.contains("--> Tokens for object expression \"$name\":"), logged)
        XCTAssertTrue(logged.contains("<MBMLVariableReferenceToken: \"$name\" {0, 5}>"), logged)
    }

    func testTokenizeBooleanAndMathHeaders() {
        let log = LogSink()
        env = TestEnvironment.make(log: log)
        assertString("^tokenizeBoolean(This != ^party())", .object, "This != ^party()")
        assertString("^tokenizeMath(1 + 2)", .object, "1 + 2")
        let logged = log.lines.joined(separator: "\n")
        XCTAssertTrue(
            logged.contains(
                "--> Tokens for boolean expression \"This != ^party()\":\n"
                    + "<MBMLInequalityTestToken: \"!=\" {5, 2}> containing 2 tokens:"), logged)
        XCTAssertTrue(
            logged.contains(
                "--> Tokens for math expression \"1 + 2\":\n"
                    + "<MBMLAdditionOperatorToken: \"+\" {2, 1}> containing 2 tokens:"), logged)
    }

    /// <doc:ExpressionSyntax>: `^tokenize` does not use the constant shortcut: it shows one literal.
    func testTokenizeShowsLiteralForConstant() {
        let log = LogSink()
        env = TestEnvironment.make(log: log)
        assertString("^tokenize(Hello world)", .object, "Hello world")
        XCTAssertTrue(log.lines.joined(separator: "\n").contains("<MBMLLiteralToken: \"Hello world\" {0, 11}>"))
    }

    func testTokenizeReportsParseFailureAndStillReturnsText() {
        let log = LogSink()
        env = TestEnvironment.make(log: log)
        assertString("^tokenize(${a b})", .object, "${a b}")
        let logged = log.lines.joined(separator: "\n")
        XCTAssertTrue(logged.contains("--> Failed to tokenize object expression \"${a b}\" due to error:"), logged)
        XCTAssertTrue(logged.contains("expecting exactly one MBMLVariableReferenceToken here"), logged)
    }

    // MARK: <doc:ExpressionSyntax> special forms

    func testRawParameterIsLiteralFromValue() {
        assertTree(
            "^q(a $b)", .object,
            [
                "<MBMLFunctionCallToken: \"^q(a $b)\" {0, 8}> containing 1 token:",
                "\t0: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLLiteralToken: contains NSString: \"a $b\">",
            ])
    }

    func testSingleParameterFunctionHasOneGroup() {
        assertTree(
            "^eval($name x)", .object,
            [
                "<MBMLFunctionCallToken: \"^eval($name x)\" {0, 14}> containing 1 token:",
                "\t0: <MBMLParameterGroupingToken: > containing 2 tokens:",
                "\t\t0: <MBMLVariableReferenceToken: \"$name\" {0, 5}>",
                "\t\t1: <MBMLLiteralToken: \" x\" {5, 2}>",
            ])
    }

    /// <doc:ExpressionSyntax>: all parameters share the coordinate space of the text between the parentheses.
    func testPipedParametersShareOneCoordinateSpace() {
        assertTree(
            "^array(a|#(1 + 2)|$x.y)", .object,
            [
                "<MBMLFunctionCallToken: \"^array(a|#(1 + 2)|$x.y)\" {0, 23}> containing 3 tokens:",
                "\t0: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"a\" {0, 1}>",
                "\t1: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLMathExpressionToken: \"#(1 + 2)\" {2, 8}> containing 1 token:",
                "\t\t\t0: <MBMLAdditionOperatorToken: \"+\" {2, 1}> containing 2 tokens:",
                "\t\t\t\t0: <MBMLNumericLiteralToken: \"1\" {0, 1}>",
                "\t\t\t\t1: <MBMLNumericLiteralToken: \"2\" {4, 1}>",
                "\t2: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLVariableReferenceToken: \"$x\" {11, 2}> containing 1 token:",
                "\t\t\t0: <MBMLObjectSubreferenceToken: \".y\" {13, 2}>",
            ])
    }

    /// <doc:ExpressionSyntax>: `a|` gives two groups, the second empty; `|` gives two empty groups.
    func testEmptyParameterGroups() {
        assertTree(
            "^array(a|)", .object,
            [
                "<MBMLFunctionCallToken: \"^array(a|)\" {0, 10}> containing 2 tokens:",
                "\t0: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"a\" {0, 1}>",
                "\t1: <MBMLParameterGroupingToken: >",
            ])
        assertTree(
            "^array(|)", .object,
            [
                "<MBMLFunctionCallToken: \"^array(|)\" {0, 9}> containing 2 tokens:",
                "\t0: <MBMLParameterGroupingToken: >",
                "\t1: <MBMLParameterGroupingToken: >",
            ])
    }

    /// <doc:ExpressionSyntax>: empty parentheses produce no parameter tokens; undeclared functions are not tokenized inside.
    func testEmptyParenthesesAndUndeclaredFunctionsHaveNoParameters() {
        assertTree("^array()", .object, ["<MBMLFunctionCallToken: \"^array()\" {0, 8}>"])
        assertTree("^nosuch(#(1 +))", .object, ["<MBMLFunctionCallToken: \"^nosuch(#(1 +))\" {0, 15}>"])
        assertTree("^()", .object, ["<MBMLFunctionCallToken: \"^()\" {0, 3}>"])
    }

    // MARK: <doc:ExpressionSyntax> incomplete constructs become literal text

    func testIncompleteConstructsAreLiteral() {
        assertTree("#(1 + 2", .object, ["<MBMLLiteralToken: \"#(1 + 2\" {0, 7}>"])
        assertTree("^foo(", .object, ["<MBMLLiteralToken: \"^foo(\" {0, 5}>"])
        assertTree("$[abc", .object, ["<MBMLLiteralToken: \"$[abc\" {0, 5}>"])
        assertTree("^foo", .object, ["<MBMLLiteralToken: \"^foo\" {0, 4}>"])
        assertTree("$", .object, ["<MBMLLiteralToken: \"$\" {0, 1}>"])
        assertTree("costs $5", .object, ["<MBMLLiteralToken: \"costs $5\" {0, 8}>"])
    }

    // MARK: <doc:ExpressionSyntax> variable references

    func testIdentifierCharactersGlueDashAndColon() {
        assertTree(
            "$name-$name", .object,
            [
                "<MBMLVariableReferenceToken: \"$name-\" {0, 6}>",
                "<MBMLVariableReferenceToken: \"$name\" {6, 5}>",
            ])
        assertTree(
            "Dear $name:", .object,
            [
                "<MBMLLiteralToken: \"Dear \" {0, 5}>",
                "<MBMLVariableReferenceToken: \"$name:\" {5, 6}>",
            ])
        assertTree(
            "$name's", .object,
            [
                "<MBMLVariableReferenceToken: \"$name\" {0, 5}>",
                "<MBMLLiteralToken: \"'s\" {5, 2}>",
            ])
    }

    func testOneCharacterNamesAreReferences() {
        assertTree("$x", .object, ["<MBMLVariableReferenceToken: \"$x\" {0, 2}>"])
        assertTree("${x}", .object, ["<MBMLVariableReferenceToken: \"$x\" {0, 2}>"])
    }

    func testBracketAndParenthesisForms() {
        assertTree(
            "$[Barrett Test].species", .object,
            [
                "<MBMLVariableReferenceToken: \"$[Barrett Test]\" {0, 15}> containing 1 token:",
                "\t0: <MBMLObjectSubreferenceToken: \".species\" {15, 8}>",
            ])
        // The closing parenthesis is a hard stop: what follows is literal.
        assertTree(
            "$(Barrett Test).species", .object,
            [
                "<MBMLVariableReferenceToken: \"$(Barrett Test)\" {0, 15}>",
                "<MBMLLiteralToken: \".species\" {15, 8}>",
            ])
        // The curly form is a hard stop too.
        assertTree(
            "${cats[1]}.length", .object,
            [
                "<MBMLVariableReferenceToken: \"$cats\" {0, 5}> containing 1 token:",
                "\t0: <MBMLObjectSubreferenceToken: \"[1]\" {5, 3}> containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"1\" {0, 1}>",
                "<MBMLLiteralToken: \".length\" {10, 7}>",
            ])
        // Nested brackets are counted and kept in the raw name.
        assertTree("$[a[b]c]", .object, ["<MBMLVariableReferenceToken: \"$[a[b]c]\" {0, 8}>"])
        XCTAssertEqual(
            try env.parse("$[a[b]c]", grammar: .object).first?.payload,
            .variable(name: "a[b]c", form: .bracket))
        XCTAssertEqual(
            try env.parse("$[$name]", grammar: .object).first?.payload,
            .variable(name: "$name", form: .bracket))
        XCTAssertEqual(
            try env.parse("$(a (b))", grammar: .object).first?.payload,
            .variable(name: "a (b)", form: .parenthesis))
    }

    func testEmptyBracketNamesAreCompleteTokens() {
        assertTree("$[]", .object, ["<MBMLVariableReferenceToken: \"$[]\" {0, 3}>"])
        assertTree("$()", .object, ["<MBMLVariableReferenceToken: \"$()\" {0, 3}>"])
    }

    // MARK: <doc:ExpressionSyntax> function calls

    func testCallSwallowsFollowingParenthesis() {
        assertTree(
            "^q(a)(b)", .object,
            [
                "<MBMLFunctionCallToken: \"^q(a)(\" {0, 6}> containing 1 token:",
                "\t0: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLLiteralToken: contains NSString: \"a\">",
                "<MBMLLiteralToken: \"b)\" {6, 2}>",
            ])
    }

    func testCallWithSubreference() {
        assertTree(
            "^array(a|b)[1]", .object,
            [
                "<MBMLFunctionCallToken: \"^array(a|b)\" {0, 11}> containing 3 tokens:",
                "\t0: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"a\" {0, 1}>",
                "\t1: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"b\" {2, 1}>",
                "\t2: <MBMLObjectSubreferenceToken: \"[1]\" {11, 3}> containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"1\" {0, 1}>",
            ])
    }

    func testNoWhitespaceBetweenNameAndParenthesis() {
        assertTree("^q (a)", .object, ["<MBMLLiteralToken: \"^q (a)\" {0, 6}>"])
    }

    /// <doc:ExpressionSyntax>: nested calls protect pipes, plain parentheses do not.
    func testPipeSplittingOnlyAtTopLevel() {
        assertTree(
            "^array((a|b))", .object,
            [
                "<MBMLFunctionCallToken: \"^array((a|b))\" {0, 13}> containing 2 tokens:",
                "\t0: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"(a\" {0, 2}>",
                "\t1: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"b)\" {3, 2}>",
            ])
        assertTree(
            "^array(^q(a|b)|c)", .object,
            [
                "<MBMLFunctionCallToken: \"^array(^q(a|b)|c)\" {0, 17}> containing 2 tokens:",
                "\t0: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLFunctionCallToken: \"^q(a|b)\" {0, 7}> containing 1 token:",
                "\t\t\t0: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t\t\t0: <MBMLLiteralToken: contains NSString: \"a|b\">",
                "\t1: <MBMLParameterGroupingToken: > containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"c\" {8, 1}>",
            ])
    }

    func testPipeInsideReferencesAndBracketsDoesNotSplit() {
        let tokens = try? env.parse("^array($[a|b]|$c[x|y]|${d}|#(1|2))", grammar: .object)
        let groups = tokens?.first?.children.filter { $0.kind == .parameterGroup }
        XCTAssertEqual(groups?.count, 4)
        XCTAssertEqual(groups?.map { $0.children.map(\.text) }, [["$[a|b]"], ["$c"], ["$d"], ["#(1|2)"]])
    }

    // MARK: <doc:ExpressionSyntax> subreferences

    func testSubreferenceRules() {
        // `.1` is not a subreference.
        assertTree(
            "$cats.1", .object,
            [
                "<MBMLVariableReferenceToken: \"$cats\" {0, 5}>",
                "<MBMLLiteralToken: \".1\" {5, 2}>",
            ])
        // A lone trailing dot is literal.
        assertTree(
            "$name.", .object,
            [
                "<MBMLVariableReferenceToken: \"$name\" {0, 5}>",
                "<MBMLLiteralToken: \".\" {5, 1}>",
            ])
        // One character is enough after a dot.
        assertTree(
            "$a.x", .object,
            [
                "<MBMLVariableReferenceToken: \"$a\" {0, 2}> containing 1 token:",
                "\t0: <MBMLObjectSubreferenceToken: \".x\" {2, 2}>",
            ])
        // Whitespace breaks the chain.
        assertTree(
            "$a .x", .object,
            [
                "<MBMLVariableReferenceToken: \"$a\" {0, 2}>",
                "<MBMLLiteralToken: \" .x\" {2, 3}>",
            ])
        // Subreferences only follow references and calls.
        assertTree("a.b[c]", .object, ["<MBMLLiteralToken: \"a.b[c]\" {0, 6}>"])
    }

    func testLongSubreferenceChain() {
        assertTree(
            "$a.b[c].d[$e[f]]", .object,
            [
                "<MBMLVariableReferenceToken: \"$a\" {0, 2}> containing 4 tokens:",
                "\t0: <MBMLObjectSubreferenceToken: \".b\" {2, 2}>",
                "\t1: <MBMLObjectSubreferenceToken: \"[c]\" {4, 3}> containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"c\" {0, 1}>",
                "\t2: <MBMLObjectSubreferenceToken: \".d\" {7, 2}>",
                "\t3: <MBMLObjectSubreferenceToken: \"[$e[f]]\" {9, 7}> containing 1 token:",
                "\t\t0: <MBMLVariableReferenceToken: \"$e\" {0, 2}> containing 1 token:",
                "\t\t\t0: <MBMLObjectSubreferenceToken: \"[f]\" {2, 3}> containing 1 token:",
                "\t\t\t\t0: <MBMLLiteralToken: \"f\" {0, 1}>",
            ])
    }

    /// <doc:ExpressionSyntax>: bracket contents use the grammar active where the bracket appears.
    func testBracketContentsUseEnclosingGrammar() {
        assertTree(
            "$map[a b] == x", .boolean,
            [
                "<MBMLEqualityTestToken: \"==\" {10, 2}> containing 2 tokens:",
                "\t0: <MBMLVariableReferenceToken: \"$map\" {0, 4}> containing 1 token:",
                "\t\t0: <MBMLObjectSubreferenceToken: \"[a b]\" {4, 5}> containing 2 tokens:",
                "\t\t\t0: <MBMLLiteralToken: \"a\" {0, 1}>",
                "\t\t\t1: <MBMLLiteralToken: \"b\" {2, 1}>",
                "\t1: <MBMLLiteralToken: \"x\" {13, 1}>",
            ])
        assertTree(
            "$arr[1 + 1]", .math,
            [
                "<MBMLVariableReferenceToken: \"$arr\" {0, 4}> containing 1 token:",
                "\t0: <MBMLObjectSubreferenceToken: \"[1 + 1]\" {4, 7}> containing 1 token:",
                "\t\t0: <MBMLAdditionOperatorToken: \"+\" {2, 1}> containing 2 tokens:",
                "\t\t\t0: <MBMLNumericLiteralToken: \"1\" {0, 1}>",
                "\t\t\t1: <MBMLNumericLiteralToken: \"1\" {4, 1}>",
            ])
        assertTree(
            "$arr[1 + 1]", .object,
            [
                "<MBMLVariableReferenceToken: \"$arr\" {0, 4}> containing 1 token:",
                "\t0: <MBMLObjectSubreferenceToken: \"[1 + 1]\" {4, 7}> containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"1 + 1\" {0, 5}>",
            ])
    }

    // MARK: <doc:ExpressionSyntax> escapes

    func testEscapesInObjectGrammar() {
        assertTree(
            "Ke$$ha", .object,
            [
                "<MBMLLiteralToken: \"Ke\" {0, 2}>",
                "<MBMLEscapeSequenceToken: \"$$\" {2, 2}>",
                "<MBMLLiteralToken: \"ha\" {4, 2}>",
            ])
        assertTree(
            "##^^\\n\\t", .object,
            [
                "<MBMLEscapeSequenceToken: \"##\" {0, 2}>",
                "<MBMLEscapeSequenceToken: \"^^\" {2, 2}>",
                "<MBMLEscapeSequenceToken: \"\\n\" {4, 2}>",
                "<MBMLEscapeSequenceToken: \"\\t\" {6, 2}>",
            ])
        assertTree("C:\\path", .object, ["<MBMLLiteralToken: \"C:\\path\" {0, 7}>"])
    }

    func testNoEscapesInMathAndBooleanGrammars() {
        let boolean = try? env.parse("$$ == \\n", grammar: .boolean)
        XCTAssertEqual(
            boolean.map(TokenTreeFormatter.lines(for:)),
            [
                "<MBMLEqualityTestToken: \"==\" {3, 2}> containing 2 tokens:",
                "\t0: <MBMLLiteralToken: \"$$\" {0, 2}>",
                "\t1: <MBMLLiteralToken: \"\\n\" {6, 2}>",
            ])
        let math = try? env.parse("$$", grammar: .math)
        XCTAssertEqual(math?.map(\.kind), [.literal])
    }

    // MARK: <doc:ExpressionSyntax> numbers and math operators

    func testNumericLiterals() {
        assertTree(
            "1.5.2", .math,
            [
                "<MBMLNumericLiteralToken: \"1.5\" {0, 3}>",
                "<MBMLNumericLiteralToken: \".2\" {3, 2}>",
            ])
        assertTree(
            "1e3", .math,
            [
                "<MBMLNumericLiteralToken: \"1\" {0, 1}>",
                "<MBMLLiteralToken: \"e\" {1, 1}>",
                "<MBMLNumericLiteralToken: \"3\" {2, 1}>",
            ])
        assertTree(
            "2+3", .math,
            [
                "<MBMLNumericLiteralToken: \"2\" {0, 1}>",
                "<MBMLNumericLiteralToken: \"+3\" {1, 2}>",
            ])
        assertTree(
            "2 -3", .math,
            [
                "<MBMLNumericLiteralToken: \"2\" {0, 1}>",
                "<MBMLNumericLiteralToken: \"-3\" {2, 2}>",
            ])
        let values = (try? env.parse("5. .5 -0 +3", grammar: .math))?.map(\.payload)
        XCTAssertEqual(values, [.number(5), .number(Decimal(string: "0.5") ?? 0), .number(0), .number(3)])
    }

    func testLiteralRunsInMathGrammar() {
        assertTree(
            "abc123", .math,
            [
                "<MBMLLiteralToken: \"abc\" {0, 3}>",
                "<MBMLNumericLiteralToken: \"123\" {3, 3}>",
            ])
        assertTree(
            "x-1", .math,
            [
                "<MBMLLiteralToken: \"x\" {0, 1}>",
                "<MBMLNumericLiteralToken: \"-1\" {1, 2}>",
            ])
    }

    func testMathOperatorsNeedNoSpaces() {
        assertTree(
            "2*3", .math,
            [
                "<MBMLMultiplicationOperatorToken: \"*\" {1, 1}> containing 2 tokens:",
                "\t0: <MBMLNumericLiteralToken: \"2\" {0, 1}>",
                "\t1: <MBMLNumericLiteralToken: \"3\" {2, 1}>",
            ])
        assertTree(
            "7 %3", .math,
            [
                "<MBMLModuloOperatorToken: \"%\" {2, 1}> containing 2 tokens:",
                "\t0: <MBMLNumericLiteralToken: \"7\" {0, 1}>",
                "\t1: <MBMLNumericLiteralToken: \"3\" {3, 1}>",
            ])
        assertTree(
            "8 / 2", .math,
            [
                "<MBMLDivisionOperatorToken: \"/\" {2, 1}> containing 2 tokens:",
                "\t0: <MBMLNumericLiteralToken: \"8\" {0, 1}>",
                "\t1: <MBMLNumericLiteralToken: \"2\" {4, 1}>",
            ])
    }

    // MARK: <doc:ExpressionSyntax> precedence and associativity

    func testMathPrecedenceAndLeftAssociativity() {
        assertTree(
            "1 - 2 - 3", .math,
            [
                "<MBMLSubtractionOperatorToken: \"-\" {6, 1}> containing 2 tokens:",
                "\t0: <MBMLSubtractionOperatorToken: \"-\" {2, 1}> containing 2 tokens:",
                "\t\t0: <MBMLNumericLiteralToken: \"1\" {0, 1}>",
                "\t\t1: <MBMLNumericLiteralToken: \"2\" {4, 1}>",
                "\t1: <MBMLNumericLiteralToken: \"3\" {8, 1}>",
            ])
        assertTree(
            "1 * 2 + 3 * 4", .math,
            [
                "<MBMLAdditionOperatorToken: \"+\" {6, 1}> containing 2 tokens:",
                "\t0: <MBMLMultiplicationOperatorToken: \"*\" {2, 1}> containing 2 tokens:",
                "\t\t0: <MBMLNumericLiteralToken: \"1\" {0, 1}>",
                "\t\t1: <MBMLNumericLiteralToken: \"2\" {4, 1}>",
                "\t1: <MBMLMultiplicationOperatorToken: \"*\" {10, 1}> containing 2 tokens:",
                "\t\t0: <MBMLNumericLiteralToken: \"3\" {8, 1}>",
                "\t\t1: <MBMLNumericLiteralToken: \"4\" {12, 1}>",
            ])
    }

    func testMathGroupingTree() {
        assertTree(
            "(1)", .math,
            [
                "<MBMLMathGroupingToken: \"(1)\" {0, 3}> containing 1 token:",
                "\t0: <MBMLNumericLiteralToken: \"1\" {0, 1}>",
            ])
    }

    // MARK: <doc:ExpressionSyntax> boolean grammar

    func testBooleanKeywordsNeedNoSpaces() {
        assertTree(
            "a==b", .boolean,
            [
                "<MBMLEqualityTestToken: \"==\" {1, 2}> containing 2 tokens:",
                "\t0: <MBMLLiteralToken: \"a\" {0, 1}>",
                "\t1: <MBMLLiteralToken: \"b\" {3, 1}>",
            ])
        assertTree(
            "x -ORANGE", .boolean,
            [
                "<MBMLBooleanOrOperatorToken: \"-OR\" {2, 3}> containing 2 tokens:",
                "\t0: <MBMLLiteralToken: \"x\" {0, 1}>",
                "\t1: <MBMLLiteralToken: \"ANGE\" {5, 4}>",
            ])
        assertTree("well-known", .boolean, ["<MBMLLiteralToken: \"well-known\" {0, 10}>"])
    }

    func testAllOperatorSpellings() {
        let spellings: [(String, String)] = [
            ("==", "MBMLEqualityTestToken"), ("-EQ", "MBMLEqualityTestToken"),
            ("!=", "MBMLInequalityTestToken"), ("-NE", "MBMLInequalityTestToken"),
            ("<", "MBMLLessThanTestToken"), ("-LT", "MBMLLessThanTestToken"),
            ("<=", "MBMLLessThanEqualsTestToken"), ("=<", "MBMLLessThanEqualsTestToken"),
            ("-LTE", "MBMLLessThanEqualsTestToken"),
            (">", "MBMLGreaterThanTestToken"), ("-GT", "MBMLGreaterThanTestToken"),
            (">=", "MBMLGreaterThanEqualsTestToken"), ("=>", "MBMLGreaterThanEqualsTestToken"),
            ("-GTE", "MBMLGreaterThanEqualsTestToken"),
            ("&&", "MBMLBooleanAndOperatorToken"), ("-AND", "MBMLBooleanAndOperatorToken"),
            ("||", "MBMLBooleanOrOperatorToken"), ("-OR", "MBMLBooleanOrOperatorToken"),
        ]
        for (spelling, className) in spellings {
            let expression = "a \(spelling) b"
            XCTAssertEqual(
                tree(expression, .boolean).first,
                "<\(className): \"\(spelling)\" {2, \(spelling.utf16.count)}> containing 2 tokens:", expression)
        }
        XCTAssertEqual(
            tree("!a", .boolean),
            [
                "<MBMLBooleanNegationToken: \"!\" {0, 1}> containing 1 token:",
                "\t0: <MBMLLiteralToken: \"a\" {1, 1}>",
            ])
    }

    func testLowerCaseKeywordsAndSingleEqualsAreLiterals() {
        XCTAssertEqual(
            tree("a -eq b", .boolean),
            [
                "<MBMLLiteralToken: \"a\" {0, 1}>",
                "<MBMLLiteralToken: \"-eq\" {2, 3}>",
                "<MBMLLiteralToken: \"b\" {6, 1}>",
            ])
        XCTAssertEqual(
            tree("a = b", .boolean),
            [
                "<MBMLLiteralToken: \"a\" {0, 1}>",
                "<MBMLLiteralToken: \"=\" {2, 1}>",
                "<MBMLLiteralToken: \"b\" {4, 1}>",
            ])
    }

    func testAndOrSamePrecedenceLeftAssociative() {
        assertTree(
            "T || F && F", .boolean,
            [
                "<MBMLBooleanAndOperatorToken: \"&&\" {7, 2}> containing 2 tokens:",
                "\t0: <MBMLBooleanOrOperatorToken: \"||\" {2, 2}> containing 2 tokens:",
                "\t\t0: <MBMLLiteralToken: \"T\" {0, 1}>",
                "\t\t1: <MBMLLiteralToken: \"F\" {5, 1}>",
                "\t1: <MBMLLiteralToken: \"F\" {10, 1}>",
            ])
    }

    func testNegationBindsTighterThanComparators() {
        assertTree(
            "!$name == Cooper", .boolean,
            [
                "<MBMLEqualityTestToken: \"==\" {7, 2}> containing 2 tokens:",
                "\t0: <MBMLBooleanNegationToken: \"!\" {0, 1}> containing 1 token:",
                "\t\t0: <MBMLVariableReferenceToken: \"$name\" {1, 5}>",
                "\t1: <MBMLLiteralToken: \"Cooper\" {10, 6}>",
            ])
    }

    func testComparatorsLeftAssociative() {
        assertTree(
            "a == b == c", .boolean,
            [
                "<MBMLEqualityTestToken: \"==\" {7, 2}> containing 2 tokens:",
                "\t0: <MBMLEqualityTestToken: \"==\" {2, 2}> containing 2 tokens:",
                "\t\t0: <MBMLLiteralToken: \"a\" {0, 1}>",
                "\t\t1: <MBMLLiteralToken: \"b\" {5, 1}>",
                "\t1: <MBMLLiteralToken: \"c\" {10, 1}>",
            ])
    }

    func testBooleanGroupingTree() {
        assertTree(
            "(F) -OR F", .boolean,
            [
                "<MBMLBooleanOrOperatorToken: \"-OR\" {4, 3}> containing 2 tokens:",
                "\t0: <MBMLBooleanGroupingToken: \"(F)\" {0, 3}> containing 1 token:",
                "\t\t0: <MBMLLiteralToken: \"F\" {0, 1}>",
                "\t1: <MBMLLiteralToken: \"F\" {8, 1}>",
            ])
    }

    func testMathExpressionInsideBoolean() {
        assertTree(
            "#(1 + 1) -GT 1", .boolean,
            [
                "<MBMLGreaterThanTestToken: \"-GT\" {9, 3}> containing 2 tokens:",
                "\t0: <MBMLMathExpressionToken: \"#(1 + 1)\" {0, 8}> containing 1 token:",
                "\t\t0: <MBMLAdditionOperatorToken: \"+\" {2, 1}> containing 2 tokens:",
                "\t\t\t0: <MBMLNumericLiteralToken: \"1\" {0, 1}>",
                "\t\t\t1: <MBMLNumericLiteralToken: \"1\" {4, 1}>",
                "\t1: <MBMLLiteralToken: \"1\" {13, 1}>",
            ])
    }

    func testWhitespaceNeverInFinishedTrees() {
        for (expression, grammar) in [("  1  +  2  ", Grammar.math), ("  a  ==  b  ", .boolean)] {
            let lines = tree(expression, grammar)
            XCTAssertEqual(lines.count, 3, expression)
            XCTAssertFalse(lines.contains { $0.contains("\"  \"") }, expression)
        }
    }

    // MARK: <doc:ExpressionSyntax> ranges and absolute ranges

    func testRangesCountUTF16CodeUnits() {
        assertTree(
            "😀é $name", .object,
            [
                "<MBMLLiteralToken: \"😀é \" {0, 4}>",
                "<MBMLVariableReferenceToken: \"$name\" {4, 5}>",
            ])
    }

    func testAbsoluteRangesPointIntoTopLevelExpression() throws {
        let input = MarkedText("x 1️⃣#(1 2️⃣+3️⃣ 4️⃣$a5️⃣[6️⃣b7️⃣]8️⃣)9️⃣")
        let tokens = try env.parse(input.text, grammar: .object)
        let math = try XCTUnwrap(tokens.last)
        XCTAssertEqual(math.absoluteRange, input.range(from: "1️⃣", to: "9️⃣"))
        let plus = try XCTUnwrap(math.children.first)
        // Ranges are relative to the parent's contents, absolute ranges to the whole text.
        let contents = MarkedText("1 1️⃣+2️⃣ 3️⃣$a4️⃣[b]")
        XCTAssertEqual(plus.range, contents.range(), "relative to the math token's contents")
        XCTAssertEqual(plus.absoluteRange, input.range(from: "2️⃣", to: "3️⃣"))
        let reference = plus.children[1]
        XCTAssertEqual(reference.range, contents.range(from: "3️⃣", to: "4️⃣"))
        XCTAssertEqual(reference.absoluteRange, input.range(from: "4️⃣", to: "5️⃣"))
        let subreference = try XCTUnwrap(reference.children.first)
        XCTAssertEqual(subreference.absoluteRange, input.range(from: "5️⃣", to: "8️⃣"))
        let key = try XCTUnwrap(subreference.children.first)
        XCTAssertEqual(key.range, MarkedText("1️⃣b2️⃣").range(), "relative to the brackets' contents")
        XCTAssertEqual(key.absoluteRange, input.range(from: "6️⃣", to: "7️⃣"))
    }

    func testPayloads() throws {
        let tokens = try env.parse("$a ${b} $[c d] $(e) ^f() $$", grammar: .object).filter { $0.kind != .literal }
        XCTAssertEqual(
            tokens.map(\.payload),
            [
                .variable(name: "a", form: .simple), .variable(name: "b", form: .curly),
                .variable(name: "c d", form: .bracket), .variable(name: "e", form: .parenthesis),
                .function(name: "f", input: nil), .escape("$"),
            ])
        let array = try env.parse("^array(x)", grammar: .object)
        XCTAssertEqual(array.first?.payload, .function(name: "array", input: .pipedObjects))
    }

    // MARK: <doc:ContextsAndCoercions> the cache stores parsed trees

    func testParseFillsCacheAndReturnsSameTree() throws {
        XCTAssertNil(env.cache.tokens(for: "$name x", grammar: .object))
        let first = try env.parse("$name x", grammar: .object)
        XCTAssertEqual(env.cache.tokens(for: "$name x", grammar: .object), first)
        XCTAssertNil(env.cache.tokens(for: "$name x", grammar: .math), "the cache is keyed by grammar")
        XCTAssertEqual(try env.parse("$name x", grammar: .object), first)
    }

    // MARK: <doc:Quirks> quirk checklist

    func testQuirk29_TokenizeReturnsItsInputUnevaluated() {
        assertString("^tokenize($name $count)", .object, "$name $count")
        assertString("^tokenizeBoolean($count == 3)", .object, "$count == 3")
        assertString("^tokenizeMath(1 + $count)", .object, "1 + $count")
    }
}
