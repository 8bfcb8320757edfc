import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``ManifestTextLoad`` against a full load, edit after edit: a seeded series of random edits —
/// line breaks added and removed inside elements and between them, indentation changed, elements
/// joined onto one line, values changed in `<Var>`s
/// beside `<Function>`s and `<Include>`s, the XML broken and repaired — each loaded from the
/// previous load, and after every one the state is that of a fresh full load of the same text.
final class ManifestTextLoadDifferentialTests: ManifestTestCase {
    /// Every neighbour an edited `<Var>` can have: includes (one found, one missing, one with a
    /// condition), functions before and after it (one renaming a built-in, one a later element
    /// calls), a list and a map over several lines, text content over lines, a namespace
    /// declaration, an unknown element, an undeclared reference and a name declared twice.
    private static let manifest = """
        <MBML title="t">
            <Include file="shared.xml"/>
            <Var name="a" literal="1"/>
            <Var name="b" value="#($a + 1)"/>
            <Var name="early" value="^uppercase($a)"/>
            <Function name="shout" class="MBMLStringFunctions" method="uppercase"/>
            <Var name="c"
                 value="^shout($owner) $b"/>
            <Include file="missing.xml"/>
            <Var name="text">^uppercase($c)
                and $a</Var>
            <Var name="list" type="list">
                <Var literal="x"/>
                <Var value="$b"/>
            </Var>
            <Function name="uppercase" class="MBMLStringFunctions" method="lowercase"/>
            <Var name="map" type="map">
                <Var name="k" value="^uppercase($c)"/>
            </Var>
            <Var xmlns:q="relative" name="warned" literal="w"/>
            <Include file="conditional.xml" if="$owner"/>
            <Other/>
            <Var name="twice" literal="one"/>
            <Var name="g" value="$twice $missing"/>
            <Var name="twice" literal="two"/>
            <Var name="last" value="$a$b"/>
        </MBML>

        """

    func testRandomEditsGiveWhatAFullLoadGives() throws {
        try write("conditional.xml", #"<MBML><Var name="conditional" value="$owner!"/></MBML>"#)
        var loaded = try textLoad(Self.manifest, shared: #"<MBML><Var name="owner" literal="ada"/></MBML>"#)
        XCTAssertTrue(loaded.allowsIncrementalLoads)
        var generator = SeededGenerator(seed: 0x31_0E_D1_75)
        // The last text that loaded, to go back to after an edit that broke the XML.
        var repaired = Self.manifest
        var incremental: [String: Int] = [:]
        var total: [String: Int] = [:]
        var beforeFunction = 0
        for step in 0..<500 {
            let text = loaded.text
            var (label, edited) = Self.randomEdit(of: text, repaired: repaired, using: &generator)
            // Broken XML is mostly repaired by the next edit.
            if !loaded.load.failedInputs.isEmpty, Int.random(in: 0..<4, using: &generator) > 0 {
                (label, edited) = ("repaired", repaired)
            }
            let next = loaded.loading(edited)
            total[label, default: 0] += 1
            if case .incremental = next.kind {
                incremental[label, default: 0] += 1
                // Where the texts start to differ: before the last `<Function>`?
                let start = zip(text.utf8, edited.utf8).prefix { $0 == $1 }.count
                if let function = text.range(of: "<Function", options: .backwards),
                    start < text.utf8.distance(from: text.startIndex, to: function.lowerBound)
                {
                    beforeFunction += 1
                }
            }
            assertSameState(next, loaded.fullLoad(of: edited), "step \(step) (\(label)): \(edited)")
            if next.load.failedInputs.isEmpty { repaired = edited }
            loaded = next
        }
        // Edits that add or remove lines inside a `<Var>` and between elements load incrementally,
        // also before a `<Function>`. (Many do not: the edits pile up, and a `<Var>` that reads a
        // later one, or is read by one that cannot be declared alone, loads in full.)
        for label in [
            "line break in a value", "line break between attributes", "empty line", "value", "indentation",
            "elements joined",
        ] {
            XCTAssertGreaterThanOrEqual(
                incremental[label, default: 0], (total[label, default: 0] + 7) / 8,
                "\(label): \(incremental[label, default: 0]) of \(total[label, default: 0]) incremental")
        }
        XCTAssertGreaterThanOrEqual(beforeFunction, 20, "incremental loads of an edit before a <Function>")
        XCTAssertGreaterThan(total["broken", default: 0], 20)
        XCTAssertGreaterThan(total["repaired", default: 0], 20)
    }

    /// A random edit of `text` and what it is. `repaired` is the last text that loaded.
    private static func randomEdit(
        of text: String, repaired: String, using generator: inout SeededGenerator
    ) -> (String, String) {
        var characters = Array(text)
        func random(_ range: Range<Int>) -> Int { Int.random(in: range, using: &generator) }
        let breaks = ["\n", "\n    ", "\r\n", "\n\n", "\r"]
        switch random(0..<14) {
        case 0:
            // Back to the last text that loaded (a repair) or to the start.
            return text == repaired ? ("reset", manifest) : ("repaired", repaired)
        case 1, 2:
            // A line break inside an attribute value or before one.
            let quotes = characters.indices.filter { characters[$0] == "\"" }
            guard quotes.count >= 2 else { return ("none", text) }
            let pair = random(0..<(quotes.count / 2)) * 2
            let at = random((quotes[pair] + 1)..<(quotes[pair + 1] + 1))
            characters.insert(contentsOf: breaks[random(0..<breaks.count)], at: at)
            return ("line break in a value", String(characters))
        case 3:
            let spaces = characters.indices.filter {
                characters[$0] == " " && $0 > 0 && characters[$0 - 1] == "\""
            }
            guard let at = spaces.randomElement(using: &generator) else { return ("none", text) }
            characters.insert(contentsOf: breaks[random(0..<breaks.count)] + "     ", at: at)
            return ("line break between attributes", String(characters))
        case 4:
            // A line break removed (two lines joined).
            let newlines = characters.indices.filter { characters[$0] == "\n" || characters[$0] == "\r\n" }
            guard let at = newlines.randomElement(using: &generator) else { return ("none", text) }
            characters.remove(at: at)
            return ("line joined", String(characters))
        case 5:
            // An empty line added after a line ending in `>`, or an empty line removed.
            let ends = characters.indices.filter {
                characters[$0] == ">" && $0 + 1 < characters.count && characters[$0 + 1].isNewline
            }
            guard let at = ends.randomElement(using: &generator) else { return ("none", text) }
            if at + 2 < characters.count, characters[at + 2].isNewline {
                characters.remove(at: at + 1)
            } else {
                characters.insert(contentsOf: Bool.random(using: &generator) ? "\n" : "\n      ", at: at + 1)
            }
            return ("empty line", String(characters))
        case 6:
            // Broken XML: a `<`, a quote or a `>` removed or added.
            let at = random(0..<characters.count)
            if Bool.random(using: &generator) {
                characters.insert(["<", "\"", "&"][random(0..<3)], at: at)
            } else if let mark = characters[at...].firstIndex(where: { $0 == ">" || $0 == "\"" }) {
                characters.remove(at: mark)
            }
            return ("broken", String(characters))
        case 7:
            // A whole line removed or a new `<Var>` line added.
            var lines = text.components(separatedBy: "\n")
            let at = random(1..<max(2, lines.count - 1))
            if Bool.random(using: &generator) {
                lines.insert("    <Var name=\"new\(random(0..<3))\" value=\"$a\"/>", at: at)
            } else {
                lines.remove(at: at)
            }
            return ("line added or removed", lines.joined(separator: "\n"))
        case 8:
            // A line's indentation changed: spaces or a tab added, or a space removed, before its `<`.
            let starts = characters.indices.filter { index in
                characters[index].isNewline
                    && characters[(index + 1)...].first(where: { $0 != " " && $0 != "\t" }) == "<"
            }
            guard let at = starts.randomElement(using: &generator) else { return ("none", text) }
            if characters.indices.contains(at + 1), characters[at + 1] == " ", Bool.random(using: &generator) {
                characters.remove(at: at + 1)
            } else {
                characters.insert(contentsOf: ["  ", "\t", " "][random(0..<3)], at: at + 1)
            }
            return ("indentation", String(characters))
        case 9:
            // Two elements joined onto one line: the white space between a `>` and the next `<`,
            // line breaks and all, removed or made one space.
            let ends = characters.indices.filter { index in
                characters[index] == ">" && characters.indices.contains(index + 1) && characters[index + 1].isNewline
            }
            guard let at = ends.randomElement(using: &generator) else { return ("none", text) }
            var end = at + 1
            while end < characters.count, characters[end].isWhitespace { end += 1 }
            guard end < characters.count, characters[end] == "<" else { return ("none", text) }
            characters.replaceSubrange((at + 1)..<end, with: Bool.random(using: &generator) ? [] : [" "])
            return ("elements joined", String(characters))
        default:
            // A character of an attribute value or of a text replaced, inserted or removed.
            let quotes = characters.indices.filter { characters[$0] == "\"" }
            guard quotes.count >= 2 else { return ("none", text) }
            let pair = random(0..<(quotes.count / 2)) * 2
            let at = random((quotes[pair] + 1)..<(quotes[pair + 1] + 1))
            let pieces = ["1", "7", "$a", "$b", "$c", "$owner", "x", " ", "+", "^shout(", ")", "$last", "$twice"]
            if Bool.random(using: &generator), at < quotes[pair + 1] {
                characters.remove(at: at)
            } else {
                characters.insert(contentsOf: pieces[random(0..<pieces.count)], at: at)
            }
            return ("value", String(characters))
        }
    }
}
