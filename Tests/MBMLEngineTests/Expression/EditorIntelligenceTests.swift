import XCTest

@testable import MBMLEngine

/// ``EditorIntelligence``: what is typed (``MBMLSyntax/completionContext(at:)``), the candidates and
/// the text each writes in every reference form, ``ReferencePath``'s spelling and steps, and
/// signature help.
final class EditorIntelligenceTests: XCTestCase {
    private let values: [String: Value] = [
        "cats": .array([.string("Barrett"), .string("Duncan")]),
        "Barrett Test": .dictionary(["species": .string("cat"), "two words": .integer(2), "a$b": .integer(3)]),
        "ns:pet": .string("Gabby"),
        "odd]name": .integer(1),
        "many": .array(ValueArray((0..<150).map { .integer($0) })),
    ]

    private var intelligence: EditorIntelligence {
        let values = values
        return EditorIntelligence(
            functions: [
                EditorFunction(name: "join", signature: "^join(list|separator)", summary: "Joins."),
                EditorFunction(name: "jsonEncode", signature: "^jsonEncode(value)", summary: "Encodes."),
                EditorFunction(name: "random", signature: "^random()", summary: "Random."),
            ],
            variableNames: Array(values.keys),
            value: { path in values[path.variable].flatMap { path.value(from: $0) } })
    }

    /// The texts the candidates write when applied to `text` at its end.
    private func completed(_ text: String) -> [String] {
        let characters = Array(text)
        guard
            let (context, candidates) = intelligence.completions(
                in: MBMLSyntax(characters: characters), at: characters.count)
        else { return [] }
        return candidates.map { candidate in
            let written = String(characters[..<candidate.replacementStart]) + candidate.insertText
            XCTAssertEqual(
                String(characters[..<context.start]) + candidate.insertion, written,
                "the edit from the context's start writes the same as the edit from the replacement's")
            return written
        }
    }

    func testTheContextOfEveryReferenceForm() {
        func context(_ text: String) -> CompletionContext? { MBMLSyntax(text).completionContext(at: text.count) }
        XCTAssertEqual(context("a $ca"), .variable(typed: "ca", form: .simple, start: 2))
        XCTAssertEqual(context("${ns:p"), .variable(typed: "ns:p", form: .curly, start: 0))
        XCTAssertEqual(context("x $[Barr"), .variable(typed: "Barr", form: .bracket, start: 2))
        XCTAssertEqual(context("$(Barrett T"), .variable(typed: "Barrett T", form: .parenthesis, start: 0))
        XCTAssertEqual(
            context("$cats.co"),
            .step(path: ReferencePath(variable: "cats"), typed: "co", bracketed: false, start: 5))
        XCTAssertEqual(
            context("${cats[0].le"),
            .step(
                path: ReferencePath(variable: "cats", steps: [.subscripted("0")]), typed: "le", bracketed: false,
                start: 9))
        XCTAssertEqual(
            context("$[Barrett Test][tw"),
            .step(path: ReferencePath(variable: "Barrett Test"), typed: "tw", bracketed: true, start: 15))
        XCTAssertEqual(context("^jo"), .function(typed: "jo", start: 0))
        XCTAssertNil(context("$$ca"))
        XCTAssertNil(context("${cats} x"))
        XCTAssertNil(context("$(a) b"))
        XCTAssertNil(context("plain"))
    }

    func testEachFormIsCompletedInItsOwnSpelling() {
        XCTAssertEqual(completed("$ca"), ["$cats"])
        XCTAssertEqual(completed("$Barr"), ["$[Barrett Test]"])
        XCTAssertEqual(completed("$odd"), ["$(odd]name)"])
        XCTAssertEqual(completed("${ns:"), ["${ns:pet}"])
        XCTAssertEqual(completed("${Barr"), ["${[Barrett Test]}"])
        XCTAssertEqual(completed("$[Barr"), ["$[Barrett Test]"])
        XCTAssertEqual(completed("$(Barr"), ["$(Barrett Test)"])
        XCTAssertEqual(completed("$[Barrett Test].sp"), ["$[Barrett Test].species"])
        XCTAssertEqual(completed("$[Barrett Test].tw"), ["$[Barrett Test][two words]"])
        XCTAssertEqual(completed("$[Barrett Test][a"), ["$[Barrett Test][a$$b]"])
        XCTAssertEqual(completed("${cats[1].le"), ["${cats[1].length"])
        XCTAssertEqual(completed("$cats."), ["$cats[0]", "$cats[1]", "$cats.count"])
        XCTAssertEqual(completed("$cats[1"), ["$cats[1]"])
        XCTAssertEqual(completed("$many[").count, EditorIntelligence.maximumIndexes)
        XCTAssertEqual(completed("^j"), ["^join(", "^jsonEncode("])
        XCTAssertEqual(completed("$nobody."), [])
    }

    func testCandidatesCarryWhatTheFrontEndsShow() throws {
        let text = Array("^jo")
        let function = try XCTUnwrap(
            intelligence.completions(in: MBMLSyntax(characters: text), at: 3)?.candidates.first)
        XCTAssertEqual(function.kind, .function)
        XCTAssertEqual(function.detail, "^join(list|separator)")
        XCTAssertEqual(function.documentation, "Joins.")
        let keys = Array("$[Barrett Test].")
        let candidates = intelligence.completions(in: MBMLSyntax(characters: keys), at: keys.count)?.candidates ?? []
        XCTAssertEqual(candidates.first { $0.label == "species" }?.value, .string("cat"))
        XCTAssertEqual(candidates.first { $0.label == "species" }?.kind, .key)
        // A variable's value is never read for the list: front ends preview it when shown.
        let names = Array("$c")
        let variable = intelligence.completions(in: MBMLSyntax(characters: names), at: 2)?.candidates.first
        XCTAssertEqual(variable?.kind, .variable)
        XCTAssertNil(variable?.value)
        XCTAssertEqual(intelligence.completions(in: MBMLSyntax("$"), at: 1, limit: 2)?.candidates.count, 2)
    }

    func testPathsAreSpelledForEveryForm() {
        XCTAssertEqual(ReferencePath.reference(to: "cats"), "$cats")
        XCTAssertEqual(ReferencePath.reference(to: "ns:pet", form: .curly), "${ns:pet}")
        XCTAssertEqual(ReferencePath.reference(to: "a b", form: .curly), "${[a b]}")
        XCTAssertEqual(ReferencePath.reference(to: "a b"), "$[a b]")
        XCTAssertEqual(ReferencePath.reference(to: "a]b"), "$(a]b)")
        XCTAssertEqual(ReferencePath.reference(to: "a b", form: .parenthesis), "$(a b)")
        XCTAssertEqual(ReferencePath.reference(to: "a)b", form: .parenthesis), "$[a)b]")
        XCTAssertEqual(ReferencePath.reference(to: "cats", form: .bracket), "$[cats]")
        XCTAssertEqual(ReferencePath.step(to: "species"), ".species")
        XCTAssertEqual(ReferencePath.step(to: "two words"), "[two words]")
        XCTAssertEqual(ReferencePath.step(to: "^a"), "[^^a]")
        XCTAssertEqual(
            ReferencePath(variable: "Barrett Test", steps: [.property("species"), .subscripted("0")]).spelled,
            "$[Barrett Test].species[0]")
    }

    func testPathsStepIntoValues() {
        let root = values["cats"]!
        XCTAssertEqual(ReferencePath(variable: "cats", steps: [.subscripted("1")]).value(from: root), .string("Duncan"))
        XCTAssertEqual(ReferencePath(variable: "cats", steps: [.property("count")]).value(from: root), .integer(2))
        XCTAssertNil(ReferencePath(variable: "cats", steps: [.subscripted("2")]).value(from: root))
        XCTAssertNil(ReferencePath(variable: "cats", steps: [.subscripted("-1")]).value(from: root))
        XCTAssertNil(ReferencePath(variable: "cats", steps: [.property("x"), .property("y")]).value(from: root))
    }

    func testSignatureHelpCountsArguments() {
        func active(_ text: String) -> Int? {
            intelligence.signatureHelp(in: MBMLSyntax(text), at: text.count)?.activeParameter
        }
        XCTAssertEqual(active("^join("), 0)
        XCTAssertEqual(active("^join($cats|"), 1)
        XCTAssertEqual(active("^join($cats|a|b|"), 1, "past the last parameter: the last")
        XCTAssertNil(active("^random("), "no parameters")
        XCTAssertEqual(intelligence.signatureHelp(in: MBMLSyntax("^random("), at: 8)?.function.name, "random")
        XCTAssertNil(intelligence.signatureHelp(in: MBMLSyntax("^nothing("), at: 9))
        XCTAssertEqual(
            intelligence.signatureHelp(in: MBMLSyntax("^join($cats|"), at: 12)?.parameters, ["list", "separator"])
    }
}
