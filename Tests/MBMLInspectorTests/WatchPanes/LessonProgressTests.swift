import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// The progress of a lesson file is kept between runs under `$XDG_STATE_HOME/mbml/lessons/`,
/// written safely and read tolerantly; a manifest finds its lesson file by name.
final class LessonProgressTests: XCTestCase {
    private let expectations = ExpectationFile(
        parsing: """
            {"id": "one.a", "from": "Step 1", "context": "number", "expr": "$cats.count", "expect": 3}
            {"id": "two.a", "from": "Step 2", "expr": "$cats[1]", "expect": "Duncan"}
            """, path: "lessons.jsonl"
    ).expectations

    func testTheStoreLivesUnderXDGStateHomeOnePerLessonFile() throws {
        let state = try ScratchFolder(prefix: "mbml-state")
        let environment = ["XDG_STATE_HOME": state.url.path, "HOME": "/nonexistent"]
        let first = LessonProgressStore(
            lessonFile: URL(fileURLWithPath: "/a/tutorial/expectations.jsonl"), environment: environment)
        let second = LessonProgressStore(
            lessonFile: URL(fileURLWithPath: "/b/tutorial/expectations.jsonl"), environment: environment)
        XCTAssertTrue(first.url.path.hasPrefix(state.url.path + "/mbml/lessons/expectations-"), first.url.path)
        XCTAssertNotEqual(first.url, second.url)
        let home = LessonProgressStore(
            lessonFile: URL(fileURLWithPath: "/a/x.jsonl"), environment: ["HOME": "/home/me"])
        XCTAssertTrue(home.url.path.hasPrefix("/home/me/.local/state/mbml/lessons/x-"), home.url.path)
    }

    func testProgressSurvivesASaveAndCorruptionReadsAsNone() throws {
        let state = try ScratchFolder(prefix: "mbml-state")
        let store = LessonProgressStore(url: state.file("lessons/p.json"))
        XCTAssertEqual(store.load(), LessonProgress())
        try store.save(LessonProgress(done: ["b", "a"], current: 1))
        XCTAssertEqual(store.load(), LessonProgress(done: ["a", "b"], current: 1))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: state.path("lessons")), ["p.json"], "no temporary left")
        try state.write("{\"done\": [\"a\", ", to: "lessons/p.json")
        XCTAssertEqual(store.load(), LessonProgress())
        try state.write(#"{"done": 7, "current": -3}"#, to: "lessons/p.json")
        XCTAssertEqual(store.load(), LessonProgress())
    }

    func testTickingAndMovingKeepTheProgressAndTheNextRunShowsIt() throws {
        let state = try ScratchFolder(prefix: "mbml-state")
        let store = LessonProgressStore(url: state.file("lessons/p.json"))
        let (session, _) = makeSession()
        session.send(.showLessons(expectations, progress: store.load(), store: store))
        session.type("$cats.count")
        XCTAssertEqual(store.load(), LessonProgress(done: ["one.a"], current: 0))
        session.press(.alt("n"))
        XCTAssertEqual(store.load(), LessonProgress(done: ["one.a"], current: 1))

        let (next, screen) = makeSession()
        next.send(.showLessons(expectations, progress: store.load(), store: store))
        XCTAssertEqual(next.state.lessons.done, ["one.a"])
        XCTAssertEqual(next.state.lessons.current, 1)
        next.press(.alt("p"))
        next.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "✓ try $cats.count → number: 3"))
        XCTAssertNotNil(screen.firstRow(containing: "1/1 · Alt-N/Alt-P"))
    }

    func testProgressNamingUnknownItemsOrLessonsIsTrimmed() {
        let lessons = LessonsState(
            expectations: expectations, progress: LessonProgress(done: ["gone", "two.a"], current: 9))
        XCTAssertEqual(lessons.done, ["two.a"])
        XCTAssertEqual(lessons.current, 1)
    }

    func testAReducerWithoutAStoreAsksForNoSave() {
        var state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        state.lessons = LessonsState(expectations: expectations)
        let (_, effects) = Reducer.reduce(state, .key(.alt("n")))
        XCTAssertFalse(
            effects.contains { if case .watchPanes(.saveLessonProgress) = $0 { return true } else { return false } })
        state.lessons.store = LessonProgressStore(url: URL(fileURLWithPath: "/scratch/p.json"))
        let (_, saving) = Reducer.reduce(state, .key(.alt("n")))
        XCTAssertTrue(
            saving.contains(.watchPanes(.saveLessonProgress(LessonProgress(current: 1), store: state.lessons.store!))))
    }

    func testAManifestFindsItsLessonFile() throws {
        let folder = try ScratchFolder(prefix: "mbml-lessons")
        let manifest = try folder.write("<MBML/>", to: "manifest.xml")
        XCTAssertNil(LessonFileLocator.lessonFile(forManifest: manifest))
        try folder.write("", to: "expectations.jsonl")
        XCTAssertEqual(LessonFileLocator.lessonFile(forManifest: manifest)?.lastPathComponent, "expectations.jsonl")
        try folder.write("", to: "manifest.expectations.jsonl")
        XCTAssertEqual(
            LessonFileLocator.lessonFile(forManifest: manifest)?.lastPathComponent, "manifest.expectations.jsonl")
        try folder.write("", to: "manifest.lessons.jsonl")
        XCTAssertEqual(LessonFileLocator.lessonFile(forManifest: manifest)?.lastPathComponent, "manifest.lessons.jsonl")
        try folder.write("", to: "steps/one.jsonl")
        try folder.write(
            "<!-- <MBML lessons=\"no.jsonl\"> --><MBML version=\"1\" lessons=\"steps/one.jsonl\"/>", to: "manifest.xml")
        XCTAssertEqual(LessonFileLocator.lessonFile(forManifest: manifest)?.path, folder.path("steps/one.jsonl"))

        let other = try folder.write("<MBML/>", to: "store.xml")
        XCTAssertNil(LessonFileLocator.lessonFile(forManifest: other), "expectations.jsonl belongs to manifest.xml")
        try folder.write("", to: "store.expectations.jsonl")
        XCTAssertEqual(LessonFileLocator.lessonFile(forManifest: other)?.lastPathComponent, "store.expectations.jsonl")
    }

    func testTheSamplesOpenWithTheirLessons() {
        for sample in ["tutorial", "store", "api-evolution/v1", "api-evolution/v2"] {
            let manifest = BuiltInSampleClaimsTests.samples.appendingPathComponent("\(sample)/manifest.xml")
            XCTAssertEqual(
                LessonFileLocator.lessonFile(forManifest: manifest)?.lastPathComponent, "expectations.jsonl", sample)
        }
    }
}
