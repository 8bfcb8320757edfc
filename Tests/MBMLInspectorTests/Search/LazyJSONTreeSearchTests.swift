import MBMLEngine
import XCTest

@testable import MBMLInspector

/// The tree's search finds the same nodes in lazily read JSON as in the same JSON read whole,
/// including where it passes over containers whose text cannot hold a match.
final class LazyJSONTreeSearchTests: XCTestCase {
    private let text: String = {
        let records = (0..<3_000).map { index in
            #"{"id":\#(index),"name":"Person \#(index)","score":\#(Double(index) / 4),"ok":\#(index % 2 == 0),"#
                + #""city":"\#(index % 7 == 0 ? "Zürich" : index % 11 == 0 ? "Tab\\tCity" : "Oslo")","#
                + #""tags":["x\#(index % 5)"],"big":1e3"# + (index % 13 == 0 ? #","Kelvin":"\u212A K"}"# : "}")
        }
        return #"{"people":["# + records.joined(separator: ",") + #"],"note":"café"}"#
    }()

    func testMatchesAreTheSameAsOnTheWholeValue() throws {
        let whole = VariableSnapshot(variables: [("data", try JSONCodec.decodePlain(text))])
        let lazyValue = try JSONCodec.decodePlainLazily(Array(text.utf8))
        guard lazyValue.jsonNode != nil else { return XCTFail("not lazy") }
        let lazy = VariableSnapshot(variables: [("data", lazyValue)])
        let queries = [
            "person 2999", "Person 12", "zürich", "tab", "City", "x3", "oslo", "1000", "true", "1",
            "2.5", "inf", "kelvin", "k", "K", "café", "re:Person 1[0-9]$", "people[5", "nothing here", "ok",
            "re:Pers.n 29", "re:oslo|zürich", "re:person 2\\d{3}",
        ]
        for query in queries {
            let expected = TreeSearch.matches(of: query, in: whole)
            XCTAssertEqual(TreeSearch.matches(of: query, in: lazy), expected, query)
        }
        // The raw-text filter applies (and passes records over) for a word, not for digits.
        XCTAssertNotNil(try SearchQuery("oslo").rawTextFilter)
        XCTAssertNil(try SearchQuery("2.5").rawTextFilter)
        XCTAssertNil(try SearchQuery("people[5").rawTextFilter)
        XCTAssertNotNil(try SearchQuery("re:person 2\\d{3}").rawTextFilter)
    }
}
