import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

/// A large top-level manifest declared while its later pieces are parsed (``XMLPieceStream``)
/// gives what one parse of the whole gives: the same variables, provenances, diagnostics and log
/// lines in order, also when a piece is refused and the build starts again, and it is declared
/// so only where that can be kept.
final class ManifestPipelineTests: XCTestCase {
    /// What a build left, as text that can be compared.
    private struct Built: Equatable {
        var log: [String]
        var diagnostics: [Diagnostic]
        var failed: Int
        var variables: [String]
    }

    private func build(_ url: URL, pipelining: XMLSplitting) -> Built {
        let lines = Mutex<[String]>([])
        let log = LogSink(limit: 100_000) { line in lines.withLock { $0.append(line) } }
        var builder = EnvironmentBuilder(log: log)
        builder.pipelining = pipelining
        let load = builder.build([.manifest(url)])
        let environment = load.environment
        let variables = environment.variables.names.sorted().map { name in
            let value = environment.variables[name].map { "\($0)" } ?? "nil"
            let provenance = environment.provenance(of: name).map { "\($0)" } ?? "nil"
            return "\(name) = \(value) | \(provenance)"
        }
        return Built(
            log: lines.withLock { $0 }, diagnostics: load.diagnostics, failed: load.failedInputs.count,
            variables: variables)
    }

    /// A manifest of `count` top-level elements of every common kind, with redeclarations and
    /// warnings all through it, and `extra` lines inserted before element `at`.
    private func manifest(count: Int, inserting extra: String = "", at insertion: Int = -1) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<MBML version="1">"#]
        for index in 0..<count {
            if index == insertion { lines.append(extra) }
            switch index % 9 {
            case 3: lines.append(#"    <Var name="v\#(index)" value="$literal\#(index - 1) and more"/>"#)
            case 5: lines.append(#"    <Var name="literal\#(index / 2)" literal="redeclared \#(index)"/>"#)
            case 6: lines.append(#"    <Unknown name="u\#(index)"/>"#)
            case 7:
                lines.append(#"    <Var name="list\#(index)" type="list">"#)
                lines.append(#"        <Var literal="a\#(index)"/>"#)
                lines.append(#"        <Var literal="b\#(index)"/>"#)
                lines.append("    </Var>")
            case 8: lines.append(#"    <Var name="undeclared\#(index)" value="$nothing\#(index)"/>"#)
            default: lines.append(#"    <Var name="literal\#(index)" literal="text \#(index)"/>"#)
            }
        }
        lines.append("</MBML>")
        return lines.joined(separator: "\n") + "\n"
    }

    func testALargeManifestDeclaredWhileParsedGivesWhatOneParseGives() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(manifest(count: 3000), to: "large.xml")
        let probe = ManifestFastPathProbe.load(url, fast: true, pipelining: .always)
        XCTAssertEqual(probe.session.documentsPipelined, 1)
        XCTAssertFalse(probe.loadedAgain)
        let whole = build(url, pipelining: .never)
        XCTAssertEqual(build(url, pipelining: .always), whole)
        // The comparison saw redeclarations, warnings and undeclared names.
        XCTAssertGreaterThan(whole.log.count, 600)
        XCTAssertTrue(whole.log.contains { $0.contains("Unknown") })
        XCTAssertTrue(whole.log.contains { $0.contains("nothing") })
    }

    func testAPieceThatIsNotWellFormedGivesTheErrorsOfOneParse() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(
            manifest(count: 3000, inserting: #"    <Var name="broken" literal="a &undefined; b"/>"#, at: 2500),
            to: "broken.xml")
        XCTAssertTrue(ManifestFastPathProbe.load(url, fast: true, pipelining: .always).loadedAgain)
        let whole = build(url, pipelining: .never)
        XCTAssertEqual(whole.failed, 1)
        XCTAssertEqual(build(url, pipelining: .always), whole)
        XCTAssertTrue(whole.log.contains { $0.contains("undefined") }, "\(whole.log)")
    }

    func testACutInsideACommentIsRefusedAndTheManifestLoadsWhole() throws {
        // Lines in the comment look like the root's children: a cut there is refused by libxml2.
        let commented = (0..<1500).map { #"    <Var name="commented\#($0)" literal="no"/>"# }
        let extra = "    <!--\n" + commented.joined(separator: "\n") + "\n    -->"
        let folder = try ScratchFolder()
        let url = try folder.write(manifest(count: 1500, inserting: extra, at: 600), to: "comment.xml")
        XCTAssertTrue(ManifestFastPathProbe.load(url, fast: true, pipelining: .always).loadedAgain)
        let whole = build(url, pipelining: .never)
        XCTAssertEqual(whole.failed, 0)
        XCTAssertFalse(whole.variables.contains { $0.hasPrefix("commented") })
        XCTAssertEqual(build(url, pipelining: .always), whole)
    }

    func testAnIncludeAfterTheFirstPieceLoadsTheManifestAsOneDocument() throws {
        let folder = try ScratchFolder()
        try folder.write(#"<MBML><Var name="literal10" literal="from the include"/></MBML>"#, to: "more.xml")
        let url = try folder.write(
            manifest(count: 3000, inserting: #"    <Include file="more.xml"/>"#, at: 2000), to: "includes.xml")
        let probe = ManifestFastPathProbe.load(url, fast: true, pipelining: .always)
        XCTAssertEqual(probe.session.documentsPipelined, 0)
        XCTAssertEqual(probe.session.environment.variables["literal10"], .string("text 10"))
        XCTAssertTrue(probe.log.contains { $0.contains("\"literal10\" redeclared") }, "the include was declared first")
        XCTAssertEqual(build(url, pipelining: .always), build(url, pipelining: .never))
    }

    func testNothingIsDeclaredWhileParsedOnceTheLogWasWritten() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(manifest(count: 3000), to: "logged.xml")
        let environment = Environment()
        let session = ManifestLoadSession(
            environment: environment, evaluation: Evaluation(options: environment.options))
        session.pipelining = .always
        environment.log.write("an earlier input's warning")
        try session.loadManifest(at: url, path: "logged.xml", contents: nil)
        XCTAssertEqual(session.documentsPipelined, 0)
        XCTAssertGreaterThan(session.declarations, 2000)
    }

    func testALoadCancelledWhileItsPiecesAreParsedStopsAndSaysSo() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(manifest(count: 20_000), to: "cancelled.xml")
        for checks in [1, 50, 400] {
            let asked = Mutex(0)
            let limits = EvaluationLimits(isCancelled: {
                asked.withLock { count in
                    count += 1
                    return count > checks
                }
            })
            let lines = Mutex<[String]>([])
            var builder = EnvironmentBuilder(
                log: LogSink(limit: 100_000) { line in lines.withLock { $0.append(line) } })
            builder.pipelining = .always
            let load = builder.build([.manifest(url)], limits: limits)
            XCTAssertTrue(load.hasFailures, "after \(checks) checks")
            XCTAssertTrue(load.errors.contains { $0.message == "Loading was cancelled" }, "after \(checks) checks")
            // What was logged before the stop is written, and the stop last.
            XCTAssertEqual(lines.withLock { $0.last }, load.diagnostics.last?.description)
            XCTAssertLessThan(load.environment.variables.names.count, 18_000)
        }
    }

    func testPiecesAreSixteenthsOfTheDocumentAndAtMostFourMebibytes() {
        let line = #"    <Var name="n" literal="v"/>"# + "\n"
        for (count, largest) in [(10_000, 21 << 10), (2_200_000, XMLDocumentSplit.largestPiece)] {
            let bytes = Array(("<MBML>\n" + String(repeating: line, count: count) + "</MBML>\n").utf8)
            let first = XMLSplitting.always.firstPieceTarget(forSize: bytes.count) ?? 0
            let cuts = bytes.withUnsafeBytes { XMLDocumentSplit.pieceCuts(in: $0, firstNear: first) }
            let bounds = [0] + cuts.map(\.cut) + [bytes.count]
            let sizes = zip(bounds, bounds.dropFirst()).map { $1 - $0 }
            XCTAssertGreaterThanOrEqual(sizes.count, XMLDocumentSplit.pieceCount, "\(count) lines")
            XCTAssertLessThanOrEqual(sizes.max() ?? .max, largest + line.utf8.count, "\(count) lines")
        }
    }

    func testLinesHeldBackAreWrittenInOrderOrDropped() {
        let lines = Mutex<[String]>([])
        let log = LogSink { line in lines.withLock { $0.append(line) } }
        log.write("one")
        log.hold()
        log.write("two")
        log.write("three")
        XCTAssertEqual(lines.withLock { $0 }, ["one"])
        log.releaseHeld()
        log.write("four")
        log.hold()
        log.write("dropped")
        log.discardHeld()
        XCTAssertEqual(lines.withLock { $0 }, ["one", "two", "three", "four"])
        XCTAssertEqual(log.lines, ["one", "two", "three", "four"])
    }
}
