import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

/// ``PassedPages``: a walk over the items of a large array read from a mapped file — a per-item
/// scope, serial or split between workers, an iteration, a decoding — holds only a few megabytes of
/// the file at a time, and every answer, and every item kept and read afterwards, is the one the
/// copied file gives.
final class PassedPagesTests: XCTestCase {
    #if os(Linux)
    /// About 48 MiB of records (more than ``PassedPages/minimumSpan``), each with a nested object and
    /// a long text, as a data file holds them.
    private static let text: (text: String, count: Int) = {
        var parts: [String] = []
        var length = 2
        var number = 0
        let note = String(repeating: "lorem ipsum ", count: 80)
        while length < 48 << 20 {
            let record =
                #"{"id":\#(number),"name":"Person \#(number)","age":\#(number % 90),"#
                + #""address":{"city":"City \#(number % 997)"},"note":"\#(note)"}"#
            parts.append(record)
            length += record.utf8.count + 1
            number += 1
        }
        return ("[" + parts.joined(separator: ",") + "]\n", number)
    }()

    /// The file's largest resident size seen while `body` ran (looked at every few milliseconds by
    /// another thread), and what `body` gave.
    private func peakResidency<R>(of buffer: UnsafeBufferPointer<UInt8>, during body: () throws -> R) rethrows -> (
        peak: Int, result: R
    ) {
        let done = Atomic<Bool>(false)
        let peak = Atomic<Int>(0)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let buffer = buffer
        let sampler = Thread {
            while !done.load(ordering: .relaxed) {
                peak.max(MappingResidency.residentBytes(of: buffer) ?? .max, ordering: .relaxed)
                usleep(2000)
            }
            finished.signal()
        }
        sampler.start()
        let result = try body()
        done.store(true, ordering: .relaxed)
        finished.wait()
        return (max(peak.load(ordering: .relaxed), MappingResidency.residentBytes(of: buffer) ?? .max), result)
    }

    private func loaded(_ reading: DataFileReading) throws -> Value {
        let folder = try ScratchFolder()
        let url = try folder.write(Self.text.text, to: "people.json")
        return try DataFileSpec(name: "people", path: url.path).load(reading: reading)
    }

    func testEveryWholeArrayWalkHoldsAWindowOfTheFileAndAnswersAsTheCopy() throws {
        let mapped = try loaded(.mapped)
        let copied = try loaded(.read)
        guard let file = mapped.jsonNode?.document.mappedFile else { return XCTFail("not mapped") }
        let size = file.buffer.count
        let expressions = [
            "^count(^filter($people|$item.age > 30))",
            "^count(^unique(^list($people|$item.address.city)))",
            "^reduce($people|0|#($currentValue + $item.age))",
            "^count(^valuesPassingTest($people|$item.age -LT 10))",
            "^collectionPassesTest($people|$item.id -GE 0)",
            "^count(^associate($people|$item.address.city|$item.id))",
            "^lastObject(^sort(^filter($people|$item.age = 89)|$item.name)).name",
            "^count(^filter($people|$item.name -CONTAINS 7))",
            // A walk over what `^list` made of the records: views of the file, decoded elements.
            "^count(^flattenArrays(^list($people|$item.address)))",
        ]
        for expression in expressions {
            let answer = try evaluate(expression, over: copied, workers: 1)
            // A serial walk and one split between workers.
            for workers in [1, 2] {
                file.releaseAll()
                let (peak, mappedAnswer) = try peakResidency(of: file.buffer) {
                    try evaluate(expression, over: mapped, workers: workers)
                }
                XCTAssertEqual(mappedAnswer, answer, "\(expression) on \(workers) workers")
                XCTAssertLessThan(peak, size / 3, "\(expression) on \(workers) workers held \(peak) of \(size) bytes")
            }
        }
    }

    func testItemsKeptByAWalkReadTheFilesBytesAfterTheirPagesWereGivenBack() throws {
        let mapped = try loaded(.mapped)
        let copied = try loaded(.read)
        guard let file = mapped.jsonNode?.document.mappedFile else { return XCTFail("not mapped") }
        for workers in [1, 2] {
            let kept = try evaluate("^filter($people|$item.age > 79)", over: mapped, workers: workers)
            // Every kept item was passed, and its pages given back, by the walk that kept it.
            XCTAssertLessThan(MappingResidency.residentBytes(of: file.buffer) ?? .max, 4 << 20)
            let expected = try evaluate("^filter($people|$item.age > 79)", over: copied, workers: workers)
            XCTAssertEqual(kept, expected)
            guard case .array(let items)? = kept, case .array(let copies)? = expected else { return XCTFail() }
            XCTAssertEqual(items.count, copies.count)
            XCTAssertGreaterThan(items.count, Self.text.count / 10)
            for (item, copy) in zip(items, copies) {
                XCTAssertEqual(item.materialized, copy.materialized)
            }
        }
    }

    func testAnIterationAndADecodingGiveThePagesTheyPassedBack() throws {
        let mapped = try loaded(.mapped)
        guard case .array(let people) = mapped, let file = mapped.jsonNode?.document.mappedFile else {
            return XCTFail("not mapped")
        }
        var largest = 0
        var ids = 0
        for (position, person) in people.enumerated() {
            guard case .dictionary(let entries) = person, case .integer(let id)? = entries["id"] else {
                return XCTFail("item \(position)")
            }
            ids += id
            if position % 2000 == 0 { largest = max(largest, MappingResidency.residentBytes(of: file.buffer) ?? .max) }
        }
        XCTAssertEqual(ids, Self.text.count * (Self.text.count - 1) / 2)
        XCTAssertLessThan(largest, 12 << 20)
        XCTAssertLessThan(MappingResidency.residentBytes(of: file.buffer) ?? .max, 1 << 20)
        let decoded = people.decoded
        XCTAssertEqual(decoded.count, Self.text.count)
        XCTAssertLessThan(MappingResidency.residentBytes(of: file.buffer) ?? .max, 1 << 20)
        XCTAssertEqual(decoded.last?.jsonNode.map { _ in true }, true)
    }

    /// A walk over a container smaller than ``PassedPages/minimumSpan`` keeps its pages: a scope
    /// that walks it again and again finds them mapped.
    func testAWalkOverASmallerContainerKeepsItsPages() throws {
        let folder = try ScratchFolder()
        let record = #"{"id":1,"note":"\#(String(repeating: "x", count: 200))"}"#
        let text =
            "[" + Array(repeating: record, count: (24 << 20) / (record.utf8.count + 1)).joined(separator: ",") + "]"
        let url = try folder.write(text, to: "small.json")
        let value = try DataFileSpec(name: "small", path: url.path).load(reading: .mapped)
        guard case .array(let items) = value, let file = value.jsonNode?.document.mappedFile else {
            return XCTFail("not mapped")
        }
        XCTAssertEqual(items.reduce(0) { $0 + ($1.jsonNode == nil ? 0 : 1) }, items.count)
        XCTAssertGreaterThan(MappingResidency.residentBytes(of: file.buffer) ?? 0, file.buffer.count / 2)
    }

    private func evaluate(_ expression: String, over people: Value, workers: Int) throws -> Value? {
        let environment = Environment()
        environment.variables.declare("people", value: people)
        let evaluation = Evaluation()
        evaluation.workers = workers
        return try environment.evaluate(expression, in: .object, within: evaluation)
    }
    #endif
}
