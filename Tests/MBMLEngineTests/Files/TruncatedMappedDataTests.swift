import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// A mapped data file truncated after its structure was indexed (its missing bytes read as zeros:
/// ``MappedFileGuard``): every reader meets zeros where the index says JSON is, and none may stop
/// the process (a bounds check, a precondition, a read past the mapping, a `SIGBUS`) or crawl on
/// for ever. Every answer of the environment — each call of the function library, every family of
/// collection function over the truncated array, paths, the count-distinct text path, the walk a
/// viewer makes — ends in ``FileChangedWhileRead`` through ``Environment/answer(_:)``.
final class TruncatedMappedDataTests: XCTestCase {
    #if os(Linux)
    /// Records about `size` bytes long in all, then the members ``LazyJSONEveryFunctionTests``
    /// calls every function of the library on: the truncation cuts through the records, and
    /// everything after them reads as zeros.
    private func documentText(records size: Int, path: String) -> (text: String, records: Int) {
        var parts: [String] = []
        var length = 0
        let cities = ["Oslo", "Bergen", "Tromsø", "Caf\\u00e9", "Stavanger"]
        while length < size {
            let number = parts.count
            let record =
                #"{"id":\#(number),"name":"Person \#(number)","city":"\#(cities[number % cities.count])","#
                + #""age":\#(number % 90),"score":\#(number % 7).25,"ok":\#(number % 2 == 0),"#
                + #""tags":["t\#(number % 3)","u"],"home":{"street":"Road \#(number)","n":\#(number)},"#
                + #""note":"\#(String(repeating: "n", count: 16_000))\u0041"}"#
            parts.append(record)
            length += record.utf8.count + 2
        }
        let rest = LazyJSONEveryFunctionTests.document(path: path).dropFirst()
        return ("{\"big\": [\n" + parts.joined(separator: ",\n") + "\n],\n" + rest, parts.count)
    }

    /// The environment `mbml eval` builds over a data file of about 20 MiB at `$d`, with the mapped
    /// file, and the number of records in `$d.big`.
    private func mappedEnvironment(in folder: ScratchFolder) throws -> (Environment, MappedFile, URL, Int) {
        let notes = try folder.write("first\nsecond\n", to: "notes.txt")
        let (text, records) = documentText(records: 20 << 20, path: notes.path)
        let url = try folder.write(text, to: "d.json")
        var options = EnvironmentOptions()
        options.dataFileReading = .mapped
        let load = EnvironmentBuilder(options: options).build([.data(DataFileSpec(name: "d", path: url.path))])
        XCTAssertEqual(load.diagnostics, [])
        let environment = load.environment
        let file = try XCTUnwrap(environment.variables["d"]?.jsonNode?.document.mappedFile, "not mapped")
        return (environment, file, url, records)
    }

    /// Expressions over the truncated array: every family of collection function, paths, sorting,
    /// joining, grouping and the count-distinct text path.
    private func bigExpressions(records: Int) -> [String] {
        [
            "$d.big.count", "$d.big[\(records - 1)].name", "$d.big[\(records / 2)].home.street",
            "$d.big[\(records - 2)].tags[0]", "$d.big[\(records - 3)].note", "$d.big[\(records - 1)]",
            "^count(^filter($d.big|$item.age > 30))", "^filter($d.big|$item.city == Oslo -AND $item.age > 35)",
            "^count(^unique(^list($d.big|$item.city)))", "^unique(^list($d.big|$item.home.street))",
            "^list($d.big|$item.name)", "^sort($d.big|$item.name|descending)", "^sort(^list($d.big|$item.age))",
            "^join(^list($d.big|$item.name)|, )", "^reduce($d.big|0|#($currentValue + $item.age))",
            "^associate($d.big|$item.name|$item.age)", "^associateWithArray($d.big|$item.city|$item.id)",
            "^associateWithSingleValue($d.big|$item.city|$item)", "^valuesPassingTest($d.big|$item.ok)",
            "^collectionPassesTest($d.big|$item.id >= 0)", "^lastObject($d.big)", "^subarray($d.big|\(records - 5)|5)",
            "^containsValue($d.big|$d.big[\(records - 1)])", "^indexOf($d.big|$d.big[\(records - 1)])",
            "^reverse($d.big)", "^unique($d.big)", "^setWithArray(^list($d.big|$item.city))",
            "^groupArrayElements(^subarray($d.big|\(records - 10)|10)|3)", "^copy($d.big)", "^keys($d)",
            "^values($d)", "^mergeDictionaries($d|$d.big[\(records - 1)])", "^q($d.big[\(records - 1)])",
            "^dump($d.big[\(records - 1)])", "$d.big[\(records - 1)].age + 1", "$d.big[\(records - 1)].name.length",
            "^flattenArrays(^list($d.big|$item.tags))", "^pruneMatchingLeaves($d.big|$item == u)",
            "^isArray($d.big)", "^appendArrays($d.big|$d.words)", "$d",
        ]
    }

    /// Asserts that each of `expressions` — in every context for the first `allContexts`, in the
    /// object context for the rest — answers ``FileChangedWhileRead``, its text made too.
    private func assertEveryAnswerReportsTheFile(
        _ environment: Environment, _ expressions: [String], allContexts: Int = 6, file: URL, line: UInt = #line
    ) {
        for (number, expression) in expressions.enumerated() {
            for context in number < allContexts ? ExpressionContext.allCases : [.object] {
                XCTAssertThrowsError(
                    try environment.answer {
                        let evaluation = Evaluation(
                            limits: EvaluationLimits(
                                deadline: Deadline(secondsFromNow: 60),
                                maximumBytes: EnvironmentOptions.defaultMaximumEvaluationBytes))
                        let value = try environment.evaluate(expression, in: context, within: evaluation)
                        let json = try evaluation.json(of: value)
                        let text = try value.map { try evaluation.text(of: $0) } ?? ""
                        return json + text
                    }, "\(context): \(expression)", line: line
                ) { error in
                    XCTAssertEqual(
                        error as? FileChangedWhileRead, FileChangedWhileRead(path: file.path),
                        "\(context): \(expression)",
                        line: line)
                }
            }
        }
    }

    func testATruncatedFileAnswersEveryExpressionWithTheChangedFileNeverACrash() throws {
        let folder = try ScratchFolder()
        let (environment, file, url, records) = try mappedEnvironment(in: folder)
        XCTAssertEqual(
            try environment.answer { try environment.evaluate("$d.big[\(records - 1)].id", in: .object) },
            .integer(records - 1))
        // Into the middle of a record, off a page boundary: the page of the new end reads zeros past
        // it, every later page faults and is given zeros by the guard.
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        XCTAssertEqual(truncate(url.path, off_t(size / 2 + 37)), 0)
        let expressions =
            bigExpressions(records: records)
            + LazyJSONEveryFunctionTests.calls.keys.sorted().compactMap { LazyJSONEveryFunctionTests.calls[$0] }
        assertEveryAnswerReportsTheFile(environment, expressions, file: url)
        XCTAssertTrue(file.isDamaged, "the reads met pages past the new end")
        walkEverything(try XCTUnwrap(environment.variables["d"]), depth: 0)
        XCTAssertThrowsError(try environment.checkMappedDataUnchanged())
    }

    func testAJobStopsAtItsNextCheckOnceAMappedFileIsFoundTruncated() throws {
        let folder = try ScratchFolder()
        let (environment, _, url, _) = try mappedEnvironment(in: folder)
        XCTAssertFalse(environment.mappedDataDamage())
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        XCTAssertEqual(truncate(url.path, off_t(size / 2 + 37)), 0)
        // Without the stop check the list is made to its end, its later names read from zeros; with
        // it the job stops at its first check after a read met a page past the new end.
        XCTAssertNotNil(try environment.evaluate("^list($d.big|$item.name)", in: .object))
        XCTAssertTrue(environment.mappedDataDamage())
        let evaluation = Evaluation(limits: EvaluationLimits(isCancelled: environment.mappedDataDamage))
        XCTAssertThrowsError(
            try evaluation.run { try environment.evaluate("^list($d.big|$item.name)", in: .object, within: evaluation) }
        ) { error in XCTAssertTrue(error is CancellationFailure, "\(error)") }
        XCTAssertThrowsError(
            try environment.answer {
                try evaluation.run { try environment.evaluate("$d.big.count", in: .object, within: evaluation) }
            }
        ) { error in XCTAssertEqual(error as? FileChangedWhileRead, FileChangedWhileRead(path: url.path)) }
    }

    func testAFileZeroedInPlaceAtTheSameSizeAnswersNothingNeverACrash() throws {
        let folder = try ScratchFolder()
        let (environment, file, url, records) = try mappedEnvironment(in: folder)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        // Cut and grown back: every byte from a third on reads as zero, the size is the same (no
        // page faults past the end; the time of the last write tells).
        XCTAssertEqual(truncate(url.path, off_t(size / 3 + 5)), 0)
        XCTAssertEqual(truncate(url.path, off_t(size)), 0)
        assertEveryAnswerReportsTheFile(environment, bigExpressions(records: records), file: url)
        XCTAssertFalse(file.isDamaged, "the file kept its size: no read faulted")
        walkEverything(try XCTUnwrap(environment.variables["d"]), depth: 0)
    }

    /// What a viewer's tree and lines read of a value: counts, line counts, every key, the first
    /// and last children and a sample between, and their texts.
    private func walkEverything(_ value: Value, depth: Int) {
        guard depth < 6 else { return }
        switch value {
        case .array(let elements):
            _ = elements.jsonNode?.lineCount
            _ = elements.jsonNode?.textMayContain(Array("person".utf8), foldingASCIICase: true)
            let count = elements.count
            let sample = Set([0, 1, count / 2, count - 2, count - 1].filter { $0 >= 0 && $0 < count })
            for index in sample.sorted() { walkEverything(elements[index], depth: depth + 1) }
        case .dictionary(let entries):
            _ = entries.jsonNode?.lineCount
            _ = entries.jsonNode?.line(ofKey: "name")
            for position in 0..<min(entries.count, 50) {
                _ = entries.key(at: position)
                walkEverything(entries.value(at: position), depth: depth + 1)
            }
            for key in entries.keys.prefix(50) { _ = entries[key] }
        default:
            _ = JSONCodec.encode(value)
        }
    }
    #endif
}
