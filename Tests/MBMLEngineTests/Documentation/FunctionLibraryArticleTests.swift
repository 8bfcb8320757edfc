import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// The committed DocC article "Function Library" is what the functions' metadata generates, so the
/// reference cannot drift from the code. After changing a function's metadata, regenerate it:
/// `swift run mbml functions --markdown > Sources/MBMLEngine/MBMLEngine.docc/FunctionLibrary.md`.
final class FunctionLibraryArticleTests: XCTestCase {
    func testTheCommittedArticleIsTheGeneratedOne() throws {
        let committed = try RepositoryFile.text(of: "Sources/MBMLEngine/MBMLEngine.docc/FunctionLibrary.md")
        let generated = FunctionLibraryReference.markdown(for: .builtIn)
        if committed != generated {
            let committedLines = committed.components(separatedBy: "\n"),
                generatedLines = generated.components(separatedBy: "\n")
            let first = zip(committedLines, generatedLines).enumerated().first { $0.element.0 != $0.element.1 }
            XCTFail(
                """
                FunctionLibrary.md differs from the generated article (regenerate it with \
                `swift run mbml functions --markdown > Sources/MBMLEngine/MBMLEngine.docc/FunctionLibrary.md`); \
                first difference at line \((first?.offset ?? min(committedLines.count, generatedLines.count)) + 1)
                """)
        }
    }

    func testTheArticleListsEveryFunctionUnderItsCategory() {
        let article = FunctionLibraryReference.markdown(for: .builtIn)
        for definition in FunctionRegistry.builtIn.all {
            XCTAssertTrue(article.contains("### `\(definition.signature)`"), definition.name)
        }
        XCTAssertTrue(article.contains("## Collection (22)"))
        XCTAssertEqual(FunctionLibraryReference.escaped("a <null> * `<b>`"), "a \\<null> \\* `<b>`")
    }
}
