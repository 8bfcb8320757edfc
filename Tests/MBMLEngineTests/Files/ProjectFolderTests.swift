import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``ProjectFolder``: `render`'s project is the nearest repository or project-file root, never a
/// top folder; in no project, the topmost folder below home or the temporary folder.
final class ProjectFolderTests: XCTestCase {
    func testTheNearestRepositoryOrProjectFileRootIsTheProject() throws {
        let scratch = try ScratchFolder()
        let root = FileReadPolicy.resolved(scratch.url.path)
        _ = try scratch.makeFolder("work/repo/.git")
        _ = try scratch.makeFolder("work/repo/Sources/deep")
        _ = try scratch.write("// swift-tools-version:6.0", to: "work/repo/Packages/Inner/Package.swift")
        _ = try scratch.makeFolder("work/repo/Packages/Inner/Sources")
        _ = try scratch.makeFolder("work/App/App.xcodeproj")
        _ = try scratch.makeFolder("work/App/Screens")
        let elsewhere = "/nonexistent-home"
        XCTAssertEqual(
            ProjectFolder.enclosing(root + "/work/repo/Sources/deep", home: elsewhere, temporary: elsewhere),
            root + "/work/repo")
        XCTAssertEqual(
            ProjectFolder.enclosing(root + "/work/repo/Packages/Inner/Sources", home: elsewhere, temporary: elsewhere),
            root + "/work/repo/Packages/Inner", "the nearest project, not the outermost")
        XCTAssertEqual(
            ProjectFolder.enclosing(root + "/work/App/Screens", home: elsewhere, temporary: elsewhere),
            root + "/work/App")
    }

    func testOutsideAProjectOnlyAFolderBelowHomeOrTheTemporaryFolderIsTaken() throws {
        let scratch = try ScratchFolder()
        let root = FileReadPolicy.resolved(scratch.url.path)
        _ = try scratch.makeFolder("home/src/projects/Cleanroom/Deployment")
        _ = try scratch.makeFolder("tmp/wild-run.1/root/Cleanroom/Deployment")
        _ = try scratch.makeFolder("builds/group/job")
        let home = root + "/home"
        let temporary = root + "/tmp/"
        XCTAssertEqual(
            ProjectFolder.enclosing(root + "/home/src/projects/Cleanroom/Deployment", home: home, temporary: temporary),
            root + "/home/src")
        XCTAssertEqual(
            ProjectFolder.enclosing(
                root + "/tmp/wild-run.1/root/Cleanroom/Deployment", home: home, temporary: temporary),
            root + "/tmp/wild-run.1", "a scratch tree, not the whole temporary folder")
        XCTAssertNil(ProjectFolder.enclosing(root + "/builds/group/job", home: home, temporary: temporary))
        XCTAssertNil(ProjectFolder.enclosing(home, home: home, temporary: temporary), "home itself is no project")
        XCTAssertNil(ProjectFolder.enclosing("/", home: home, temporary: temporary))
    }

    func testHomeHasOneMeaning() {
        XCTAssertEqual(HomeFolder.path(environment: ["HOME": "/home/u/"]), "/home/u")
        XCTAssertEqual(
            HomeFolder.path(environment: ["HOME": "/home/u"]),
            StandardDirectories(environment: ["HOME": "/home/u"]).home)
        XCTAssertFalse(HomeFolder.path(environment: ["HOME": ""]).isEmpty, "the user database when $HOME is empty")
    }
}
