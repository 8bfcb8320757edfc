import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

/// ``PlainLiteralReadAhead``: the helper thread finds what the load would find for each top-level
/// element, a large manifest takes it by default and declares what the general path declares, and
/// a stopped load ends the helper before it returns.
final class PlainLiteralReadAheadTests: XCTestCase {
    /// A manifest of `count` top-level elements, most of them plain literals, some not (other
    /// attributes, an empty name, a prefixed or unknown element, a redeclaration).
    private func manifest(count: Int) -> String {
        var text = "<MBML>\n"
        for index in 0..<count {
            switch index % 9 {
            case 3: text += "  <Var name=\"v\(index)\" value=\"\(index) &amp; more\"/>\n"
            case 5: text += "  <Var name=\"\" literal=\"empty name\"/>\n"
            case 6: text += "  <Var name=\"l\(index - 6)\" literal=\"again \(index)\" mutable=\"F\"/>\n"
            case 7: text += "  <Other name=\"o\(index)\" literal=\"x\"/>\n"
            case 8: text += "  <Var literal=\"é \(index)\" name=\"l\(index - 8)\"/>\n"
            default: text += "  <Var name=\"l\(index)\" literal=\"text \(index) ✓\"/>\n"
            }
        }
        return text + "</MBML>\n"
    }

    func testTheHelperFindsWhatTheLoadWouldFind() throws {
        let (document, _) = try XMLSourceDocument.parse(Array(manifest(count: 3000).utf8), path: "m.xml").get()
        let root = try XCTUnwrap(document.root)
        let varName = try XCTUnwrap(document.names.firstIndex(of: "Var").map(UInt32.init))
        let children = Array(root.children)
        let readAhead = PlainLiteralReadAhead(children: root.children, count: children.count, varName: varName)
        defer { readAhead.finish() }
        var plain = 0
        for (index, child) in children.enumerated() {
            let expected = PlainLiteralRun.literal(of: child, varName: varName)
            let found = readAhead.literal(at: index)
            XCTAssertEqual(found?.name, expected?.name, "element \(index)")
            XCTAssertEqual(found?.literal, expected?.literal, "element \(index)")
            if expected != nil { plain += 1 }
        }
        XCTAssertNil(readAhead.literal(at: children.count))
        XCTAssertGreaterThan(plain, 1500)
    }

    func testALargeManifestReadsAheadByDefaultAndDeclaresWhatTheGeneralPathDoes() throws {
        let folder = try ScratchFolder()
        let count = PlainLiteralReadAhead.minimumElements + 100
        let url = try folder.write(manifest(count: count), to: "large.xml")
        let fast = ManifestFastPathProbe.assertSameBothWays(url)
        XCTAssertEqual(fast.session.literalsReadAhead, fast.session.literalsDeclaredInRuns)
        XCTAssertFalse(fast.log.isEmpty, "the redeclarations were logged")
        // With the default threshold.
        let environment = Environment(log: LogSink(limit: 10))
        let session = ManifestLoadSession(
            environment: environment, evaluation: Evaluation(options: environment.options))
        try session.loadManifest(at: url, path: url.lastPathComponent, contents: nil)
        XCTAssertEqual(session.literalsReadAhead, fast.session.literalsReadAhead)
        XCTAssertGreaterThan(session.literalsReadAhead, count / 2, "the default threshold takes the helper")
    }

    func testAStoppedLoadEndsTheHelper() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(manifest(count: 40_000), to: "large.xml")
        // The job is cancelled once the load has asked whether to stop a few thousand times.
        let asked = Atomic<Int>(0)
        let limits = EvaluationLimits(isCancelled: { asked.wrappingAdd(1, ordering: .relaxed).newValue > 5000 })
        let environment = Environment(log: LogSink(limit: 10))
        let session = ManifestLoadSession(environment: environment, evaluation: Evaluation(limits: limits))
        let started = ContinuousClock.now
        try session.loadManifest(at: url, path: url.lastPathComponent, contents: nil)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        XCTAssertGreaterThan(session.literalsReadAhead, 0, "the helper was used")
        XCTAssertLessThan(session.declarations, 30_000, "the load stopped")
        XCTAssertNotNil(environment.variables["l0"])
    }
}
