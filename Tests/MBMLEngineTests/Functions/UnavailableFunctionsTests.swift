import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

final class UnavailableFunctionsTests: XCTestCase {
    private let harness = FunctionHarness()

    private let unavailable: [(String, FunctionCategory, FunctionInputType)] = [
        ("fontFamilyNames", .font, .none), ("fontNamesForFamilyName", .font, .string),
        ("fontWithNameAndSize", .font, .pipedObjects), ("sizeOfTextWithFont", .font, .pipedObjects),
        ("linesNeededToDrawText", .font, .pipedObjects), ("stringWidth", .font, .pipedObjects),
        ("classExists", .runtime, .string), ("class", .runtime, .string), ("singleton", .runtime, .object),
        ("inheritanceHierarchyForClass", .runtime, .object), ("respondsToSelector", .runtime, .pipedObjects),
        ("instancesRespondToSelector", .runtime, .pipedObjects),
        ("directoryForBundleWithIdentifier", .resource, .string), ("directoryForClassBundle", .resource, .string),
    ]

    func testAllFourteenAreDeclaredWithTheirCategoryAndInputType() {
        XCTAssertEqual(UnavailableFunctions.all.count, 14)
        for (name, category, input) in unavailable {
            guard let definition = FunctionRegistry.builtIn.definition(named: name) else {
                XCTFail("^\(name)() is not declared")
                continue
            }
            XCTAssertEqual(definition.category, category, name)
            XCTAssertEqual(definition.input, input, name)
            XCTAssertTrue(definition.signature.hasPrefix("^\(name)("), name)
            XCTAssertFalse(definition.summary.isEmpty, name)
        }
    }

    func testEveryCallFailsWithTheUnavailableMessage() {
        for (name, _, _) in unavailable {
            for input: FunctionInput in [.absent, .text("NSString"), .values(["Helvetica", "12"])] {
                XCTAssertEqual(harness.failure(name, input), "is not available on this platform", name)
            }
        }
    }

    func testUnavailableThroughTheEvaluator() {
        XCTAssertThrowsError(try harness.evaluate("^stringWidth(abc|Helvetica|12)")) { error in
            XCTAssertEqual((error as? ExpressionError)?.message, "^stringWidth() is not available on this platform")
        }
        XCTAssertThrowsError(try harness.evaluate("^classExists(NSString)", in: .boolean))
    }

    func testMainBundleDirectoryIsTheExecutablesFolder() throws {
        guard case .string(let directory)? = try harness.call("directoryForMainBundle", .absent) else {
            return XCTFail("not a string")
        }
        XCTAssertFalse(directory.isEmpty)
        XCTAssertTrue(FileSystemAccess.isDirectory(directory), directory)
        if let executable = Bundle.main.executablePath {
            XCTAssertEqual(directory, (executable as NSString).deletingLastPathComponent)
        }
    }
}
