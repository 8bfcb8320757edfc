import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// The samples built into the binary are exactly the files under Samples/, and `mbml tutorial`'s
/// writer puts them in a new folder without ever overwriting anything.
final class EmbeddedSamplesTests: XCTestCase {
    private static let root = BuiltInSampleClaimsTests.repositoryRoot

    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mbml-samples-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testEmbeddedFilesAreTheSampleFilesByteForByte() throws {
        let samples = Self.root.appendingPathComponent("Samples")
        let enumerator = FileManager.default.enumerator(at: samples, includingPropertiesForKeys: [.isRegularFileKey])
        let onDisk = ((enumerator?.allObjects as? [URL]) ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .filter { $0.pathExtension != "sh" }
            .map {
                "Samples/"
                    + $0.standardizedFileURL.path.replacingOccurrences(
                        of: samples.standardizedFileURL.path + "/", with: "")
            }
            .sorted()
        XCTAssertEqual(
            EmbeddedSamples.files.map(\.path).sorted(), onDisk,
            "EmbeddedSamples.swift is stale: run Samples/embed-samples.sh")
        for file in EmbeddedSamples.files {
            let data = try Data(contentsOf: Self.root.appendingPathComponent(file.path))
            XCTAssertTrue(Data(file.contents.utf8) == data, "\(file.path) differs: run Samples/embed-samples.sh")
        }
    }

    func testWritesEverySampleUnderANewFolderAndTheTutorialLoadsFromThere() throws {
        let folder = try temporaryFolder().appendingPathComponent("nested/tutorial")
        let written = try EmbeddedSamples.write(to: folder)
        XCTAssertEqual(written.count, EmbeddedSamples.files.count)
        for file in EmbeddedSamples.files {
            XCTAssertEqual(
                try String(contentsOf: folder.appendingPathComponent(file.path), encoding: .utf8), file.contents)
        }
        let manifest = EmbeddedSamples.tutorialManifest(in: folder)
        XCTAssertEqual(manifest.lastPathComponent, "manifest.xml")
        let result = try ManifestLoader().load(manifestAt: manifest)
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let expectations = try ExpectationFile(
            contentsOf: folder.appendingPathComponent("Samples/tutorial/expectations.jsonl").path)
        let checker = ExpectationChecker(environment: result.environment)
        XCTAssertFalse(expectations.expectations.isEmpty)
        XCTAssertTrue(expectations.expectations.allSatisfy { checker.check($0).status != .failed })
    }

    func testWritesIntoAnEmptyExistingFolder() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        XCTAssertEqual(try EmbeddedSamples.write(to: folder).count, EmbeddedSamples.files.count)
    }

    func testRefusesAFolderThatIsNotEmptyAndWritesNothing() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mine = folder.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: mine)
        XCTAssertThrowsError(try EmbeddedSamples.write(to: folder)) { error in
            XCTAssertEqual(error as? EmbeddedSamples.WriteError, .folderNotEmpty(folder.path))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["notes.txt"])
        XCTAssertEqual(try String(contentsOf: mine, encoding: .utf8), "mine")
    }

    func testRefusesAPathThatIsAFile() throws {
        let file = try temporaryFolder()
        try Data("x".utf8).write(to: file)
        XCTAssertThrowsError(try EmbeddedSamples.write(to: file))
    }

    func testTheTutorialTwiceReopensTheFolderWithoutWritingAndKeepsTheProgress() throws {
        let folder = try temporaryFolder()
        guard case .written(let written) = try EmbeddedSamples.openTutorial(in: folder) else {
            return XCTFail("the first run writes the samples")
        }
        XCTAssertEqual(written.count, EmbeddedSamples.files.count)
        let manifest = EmbeddedSamples.tutorialManifest(in: folder)
        let edited = try String(contentsOf: manifest, encoding: .utf8) + "<!-- my edit -->\n"
        try Data(edited.utf8).write(to: manifest)
        let lessonFile = try XCTUnwrap(LessonFileLocator.lessonFile(forManifest: manifest))
        let state = folder.appendingPathComponent("state")
        let store = LessonProgressStore(lessonFile: lessonFile, environment: ["XDG_STATE_HOME": state.path])
        try store.save(LessonProgress(done: ["tutorial.step2.01"], current: 1))

        XCTAssertEqual(try EmbeddedSamples.openTutorial(in: folder), .existing)
        XCTAssertEqual(try String(contentsOf: manifest, encoding: .utf8), edited, "nothing rewritten")
        let again = try XCTUnwrap(
            LessonFileLocator.lessonFile(forManifest: EmbeddedSamples.tutorialManifest(in: folder)))
        let progress = LessonProgressStore(lessonFile: again, environment: ["XDG_STATE_HOME": state.path]).load()
        XCTAssertEqual(progress.current, 1)
        XCTAssertEqual(progress.done, ["tutorial.step2.01"])
    }

    func testTheTutorialRefusesAFolderHoldingSomethingElse() throws {
        let folder = try temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        XCTAssertThrowsError(try EmbeddedSamples.openTutorial(in: folder)) { error in
            XCTAssertEqual(error as? EmbeddedSamples.WriteError, .folderNotEmpty(folder.path))
            XCTAssertTrue(String(describing: error).contains("holds no tutorial"), "\(error)")
        }
    }
}
