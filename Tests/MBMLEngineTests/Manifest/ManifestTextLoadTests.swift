import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``ManifestTextLoad``: an edit inside one `<Var>` declares it (and what read it) again in a copy
/// of the environment; any other edit loads in full; either way the result is what a full load of
/// the new text gives — checked after every one of many seeded random edits.
final class ManifestTextLoadTests: ManifestTestCase {
    /// A manifest with every kind of declaration the incremental load meets: literals, values and
    /// text that read earlier variables (and a later one), a dynamic variable, a list and a map, a
    /// condition, a name declared twice, an include, an unknown element and a function.
    private static let manifest = """
        <MBML>
            <Include file="shared.xml"/>
            <Function name="uppercase" class="MBMLStringFunctions"/>
            <Var name="a" literal="1"/>
            <Var name="b" value="$a"/>
            <Var name="c" value="#($b + 10)"/>
            <Var name="early" value="$late"/>
            <Var name="text">^uppercase($owner)-$a</Var>
            <Var name="d" type="dynamic" expression="^join($list|,)-$c"/>
            <Var name="e" value="$d"/>
            <Var name="list" type="list"><Var literal="x"/><Var value="$a"/></Var>
            <Var name="map" type="map"><Var name="k" value="$c"/></Var>
            <Var name="f" value="^count($list)" if="$a"/>
            <Var name="twice" literal="one"/>
            <Var name="g" value="$twice $owner"/>
            <Var name="twice" literal="two"/>
            <Other/>
            <Var name="late" literal="L"/>
            <Var name="h" value="$missing"/>
            <Var name="i" value="$h $a"/>
        </MBML>

        """

    private func startingLoad(_ text: String) throws -> ManifestTextLoad {
        try textLoad(text, shared: #"<MBML><Var name="owner" literal="ada"/></MBML>"#)
    }

    func testAnEditInsideAVarDeclaresItAndWhatReadItAgain() throws {
        let first = try startingLoad(Self.manifest)
        XCTAssertTrue(first.allowsIncrementalLoads)
        XCTAssertEqual(first.load.environment.variables["c"], .integer(11))
        let edited = Self.manifest.replacingOccurrences(of: #"name="a" literal="1""#, with: #"name="a" literal="5""#)
        let next = first.loading(edited)
        // $f read $list, which read $a, and it has a condition: it is not declared alone, so this edit
        // loads in full.
        XCTAssertEqual(next.kind, .full)
        assertSameState(next, first.fullLoad(of: edited), "a → 5 with the condition")
        // Without the condition, and with $d reading no later variable.
        let withoutCondition = Self.manifest.replacingOccurrences(of: #" if="$a""#, with: "")
            .replacingOccurrences(of: "^join($list|,)-$c", with: "$c!")
        let base = try startingLoad(withoutCondition)
        let changed = base.loading(
            withoutCondition.replacingOccurrences(of: #"name="a" literal="1""#, with: #"name="a" literal="5""#))
        // $a, then what read it or what was declared again: $b, $c, $text, $e (it read the dynamic $d,
        // which read $c), $list, $map, $f and $i.
        XCTAssertEqual(changed.kind, .incremental(redeclared: 9))
        XCTAssertEqual(changed.load.environment.variables["c"], .integer(15))
        XCTAssertEqual(changed.load.environment.variables["e"], "15!")
        XCTAssertEqual(base.load.environment.variables["c"], .integer(11), "the base load is not changed")
        assertSameState(changed, base.fullLoad(of: changed.text), "a → 5")
        // A variable nothing reads: itself only.
        let lone = base.loading(withoutCondition.replacingOccurrences(of: #"literal="L""#, with: #"literal="LL""#))
        XCTAssertEqual(lone.kind, .incremental(redeclared: 1))
        XCTAssertEqual(lone.load.environment.variables["late"], "LL")
        XCTAssertEqual(base.loading(withoutCondition).kind, .unchanged)
    }

    func testEditsThatCouldLoadDifferentlyAloneLoadInFull() throws {
        let base = try startingLoad(
            Self.manifest.replacingOccurrences(of: #" if="$a""#, with: "").replacingOccurrences(
                of: "^join($list|,)-$c", with: "$c!"))
        let text = base.text
        let cases: [(String, String, String)] = [
            ("a name changed", #"name="late""#, #"name="later""#),
            ("a second element", #"<Var name="late" literal="L"/>"#, #"<Var name="late" literal="L"/><Var name="m"/>"#),
            ("reads a later name", #"value="$a"/>"#, #"value="$late"/>"#),
            ("reads its own name", #"value="$a"/>"#, #"value="$b"/>"#),
            ("a dynamic variable it reads reads a later one", "$c!", "$late"),
            ("declared twice", #"literal="one""#, #"literal="uno""#),
            ("not well-formed", #"literal="L""#, #"literal="<L""#),
        ]
        for (label, old, new) in cases {
            let edited = text.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(edited, text, label)
            let next = base.loading(edited)
            XCTAssertEqual(next.kind, .full, label)
            assertSameState(next, base.fullLoad(of: edited), label)
        }
    }

    /// A line break added or removed inside a `<Var>` moves what follows it (its diagnostics, its
    /// declarations' places); white space between elements declares nothing again.
    func testLineBreaksLoadIncrementallyAndMoveWhatFollows() throws {
        let base = try startingLoad(
            Self.manifest.replacingOccurrences(of: #" if="$a""#, with: "").replacingOccurrences(
                of: "^join($list|,)-$c", with: "$c!"))
        let text = base.text
        let cases: [(String, String, String, ManifestTextLoad.Kind)] = [
            ("a new line in a value", #"literal="1""#, "literal=\"1\n\"", .incremental(redeclared: 9)),
            (
                "a new line between attributes", #"name="a" literal"#, "name=\"a\"\r\n  literal",
                .incremental(redeclared: 9)
            ),
            ("lines joined", "\n    <Var name=\"b\"", "<Var name=\"b\"", .incremental(redeclared: 4)),
            ("lines joined with a space", "\n    <Var name=\"b\"", " <Var name=\"b\"", .incremental(redeclared: 4)),
            ("an empty line", "/>\n    <Var name=\"b\"", "/>\n\n    <Var name=\"b\"", .incremental(redeclared: 0)),
            ("an empty line at the end", "/>\n</MBML>", "/>\n   \n\n</MBML>", .incremental(redeclared: 0)),
            ("indentation", "/>\n    <Var name=\"b\"", "/>\n      <Var name=\"b\"", .incremental(redeclared: 4)),
            (
                "indentation removed", "/>\n    <Var name=\"late\"", "/>\n<Var name=\"late\"",
                .incremental(redeclared: 1)
            ),
            (
                "indentation with a tab", "/>\n    <Var name=\"late\"", "/>\n\t<Var name=\"late\"",
                .incremental(redeclared: 1)
            ),
            // What precedes the element on its new line is not ASCII: its column could count differently.
            (
                "joined after é", "<Var name=\"late\" literal=\"L\"/>\n    <Var name=\"h\"",
                "<Var name=\"late\" literal=\"é\"/> <Var name=\"h\"", .full
            ),
            ("indentation before the end tag", "/>\n</MBML>", "/>\n  </MBML>", .full),
        ]
        for (label, old, new, kind) in cases {
            let edited = text.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(edited, text, label)
            let next = base.loading(edited)
            XCTAssertEqual(next.kind, kind, label)
            assertSameState(next, base.fullLoad(of: edited), label)
        }
        // $h's warning (it reads $missing) moves down with it.
        let moved = base.loading(text.replacingOccurrences(of: #"literal="1""#, with: "literal=\"1\n\n\""))
        let warning = try XCTUnwrap(moved.load.diagnostics.first { $0.message.hasPrefix("$missing") })
        XCTAssertEqual(warning.line, 21)
        XCTAssertEqual(moved.load.environment.provenance(of: "late")?.line, 20)
    }

    /// An incremental load has a budget of its own (by default as long as the last full load
    /// took): when it runs out, the text loads in full, with the same result.
    func testAnIncrementalLoadPastItsBudgetLoadsInFull() throws {
        let base = try startingLoad(
            Self.manifest.replacingOccurrences(of: #" if="$a""#, with: "").replacingOccurrences(
                of: "^join($list|,)-$c", with: "$c!"))
        XCTAssertGreaterThan(base.fullLoadSeconds, 0)
        let edited = base.text.replacingOccurrences(of: #"name="a" literal="1""#, with: #"name="a" literal="5""#)
        let unbounded = base.loading(edited, incrementalSeconds: 600)
        XCTAssertEqual(unbounded.kind, .incremental(redeclared: 9))
        XCTAssertEqual(unbounded.fullLoadSeconds, base.fullLoadSeconds, "the budget stays the last full load's")
        let runOut = base.loading(edited, incrementalSeconds: 1e-9)
        XCTAssertEqual(runOut.kind, .full)
        assertSameState(runOut, base.fullLoad(of: edited), "past the budget")
        assertSameState(unbounded, runOut, "within the budget and past it")
        let indented = base.text.replacingOccurrences(
            of: "/>\n    <Var name=\"b\"", with: "/>\n        <Var name=\"b\"")
        XCTAssertEqual(base.loading(indented, incrementalSeconds: 1e-9).kind, .full)
        XCTAssertEqual(base.loading(edited, incrementalSeconds: 0).kind, .full, "no budget: no incremental load")
    }

    /// A `<Function>` after the edited variable: the variable is declared again with the functions
    /// declared before it, as a full load declared it (a later function is not known to it yet).
    func testAVarBeforeAFunctionIsDeclaredWithTheFunctionsBeforeIt() throws {
        let text = """
            <MBML>
                <Var name="early" value="^uppercase(x)"/>
                <Var name="word" literal="hi"/>
                <Var name="before" value="^uppercase($word)"/>
                <Function name="shout" class="MBMLStringFunctions" method="uppercase"/>
                <Function name="uppercase" class="MBMLStringFunctions" method="lowercase"/>
                <Var name="after" value="^uppercase($word) ^shout($word)"/>
            </MBML>

            """
        let base = try startingLoad(text)
        XCTAssertEqual(base.load.environment.variables["before"], "HI")
        XCTAssertEqual(base.load.environment.variables["after"], "hi HI")
        let edited = text.replacingOccurrences(of: #"literal="hi""#, with: #"literal="Yo""#)
        let next = base.loading(edited)
        XCTAssertEqual(next.kind, .incremental(redeclared: 3))
        XCTAssertEqual(next.load.environment.variables["before"], "YO")
        XCTAssertEqual(next.load.environment.variables["after"], "yo YO")
        assertSameState(next, base.fullLoad(of: edited), "before two functions")
        // $early called the built-in ^uppercase, before the manifest declared its own: still so.
        let early = base.loading(text.replacingOccurrences(of: "^uppercase(x)", with: "^uppercase(xy)"))
        XCTAssertEqual(early.kind, .incremental(redeclared: 1))
        XCTAssertEqual(early.load.environment.variables["early"], "XY")
        assertSameState(early, base.fullLoad(of: early.text), "a function it calls is declared again after it")
        XCTAssertEqual(base.load.environment.functions.definition(named: "shout")?.name, "shout")
    }

    /// Many seeded random edits, each loaded from the previous load: after every one the state is
    /// that of a full load of the text.
    func testRandomEditsAlwaysGiveWhatAFullLoadGives() throws {
        var generator = SeededGenerator(seed: 0x31_1D_0A_D5)
        let valid = Self.manifest
        var loaded = try startingLoad(valid)
        var incremental = 0
        for step in 0..<400 {
            let text = loaded.text
            let edited: String
            switch Int.random(in: 0..<10, using: &generator) {
            case 0:
                edited = valid
            case 1, 2:
                edited = Self.randomEdit(of: text, alphabet: Array("<>/\"= \n$a"), using: &generator)
            default:
                edited = Self.randomEditInsideAValue(of: text, using: &generator)
            }
            let next = loaded.loading(edited)
            if case .incremental = next.kind { incremental += 1 }
            assertSameState(next, loaded.fullLoad(of: edited), "step \(step): \(edited)")
            loaded = next
        }
        // Many edits land in a variable that reads a later one, or one a condition or a dynamic
        // variable reads: those load in full.
        XCTAssertGreaterThanOrEqual(incremental, 30, "edits inside a value load incrementally")
    }

    /// `text` with a random range replaced by a few characters of `alphabet`.
    private static func randomEdit(
        of text: String, alphabet: [Character], using generator: inout SeededGenerator
    ) -> String {
        var characters = Array(text)
        let start = Int.random(in: 0...characters.count, using: &generator)
        let end = min(characters.count, start + Int.random(in: 0...3, using: &generator))
        let inserted = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
            alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
        }
        characters.replaceSubrange(start..<end, with: inserted)
        return String(characters)
    }

    /// `text` with a character of an attribute value replaced, inserted or removed: digits, names
    /// of variables, operators.
    private static func randomEditInsideAValue(of text: String, using generator: inout SeededGenerator) -> String {
        var characters = Array(text)
        let quotes = characters.indices.filter { characters[$0] == "\"" }
        guard quotes.count >= 2 else { return text }
        let pair = Int.random(in: 0..<(quotes.count / 2), using: &generator) * 2
        let (open, close) = (quotes[pair], quotes[pair + 1])
        let at = Int.random(in: (open + 1)...close, using: &generator)
        let pieces: [String] = ["1", "7", "$a", "$c", "$late", "$owner", "x", " ", "+", "#(", ")", "$e", "$twice"]
        let piece = Array(pieces[Int.random(in: 0..<pieces.count, using: &generator)])
        if Bool.random(using: &generator), at < close {
            characters.remove(at: at)
        } else {
            characters.insert(contentsOf: piece, at: at)
        }
        return String(characters)
    }
}
