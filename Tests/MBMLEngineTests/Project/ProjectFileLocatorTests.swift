import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``ProjectFileLocator``: the nearest `mbml.json` at or above a file or folder, up to a repository root.
final class ProjectFileLocatorTests: XCTestCase {
    /// A scratch tree whose root is a repository root, so that nothing above it is searched.
    private func repository() throws -> ScratchFolder {
        let folder = try ScratchFolder()
        try folder.makeFolder(".git")
        return folder
    }

    func testTheProjectFileOfAFolderAboveIsFoundFromAFileAndFromAFolder() throws {
        let folder = try repository()
        let project = try folder.write("{}", to: "app/mbml.json")
        let manifest = try folder.write("<MBML/>", to: "app/screens/deep/manifest.xml")
        let expected = FileReadPolicy.resolved(project.path)
        XCTAssertEqual(ProjectFileLocator.projectFile(for: manifest.path), expected)
        XCTAssertEqual(ProjectFileLocator.projectFile(for: folder.path("app/screens")), expected)
        XCTAssertEqual(ProjectFileLocator.projectFile(for: folder.path("app")), expected)
        // A name that does not exist yet is looked up from its folder.
        XCTAssertEqual(ProjectFileLocator.projectFile(for: folder.path("app/screens/new.xml")), expected)
    }

    func testTheNearestProjectFileWins() throws {
        let folder = try repository()
        try folder.write("{}", to: "mbml.json")
        let inner = try folder.write("{}", to: "a/b/mbml.json")
        XCTAssertEqual(
            ProjectFileLocator.projectFile(for: folder.path("a/b/c/manifest.xml")), FileReadPolicy.resolved(inner.path))
        XCTAssertEqual(
            ProjectFileLocator.projectFile(for: folder.path("a/manifest.xml")),
            FileReadPolicy.resolved(folder.path("mbml.json")))
    }

    func testTheWalkStopsAtARepositoryRoot() throws {
        let outer = try ScratchFolder()
        try outer.write("{}", to: "mbml.json")
        // A repository inside the folder that has a project file: the outer file does not apply.
        try outer.makeFolder("repo/.git")
        XCTAssertNil(ProjectFileLocator.projectFile(for: outer.path("repo/sub/manifest.xml")))
        // A project file at the repository root itself is found; a Git worktree's `.git` file counts.
        try outer.write("{}", to: "repo/mbml.json")
        XCTAssertEqual(
            ProjectFileLocator.projectFile(for: outer.path("repo/sub/manifest.xml")),
            FileReadPolicy.resolved(outer.path("repo/mbml.json")))
        try outer.write("gitdir: /elsewhere", to: "repo/sub/.git")
        XCTAssertNil(ProjectFileLocator.projectFile(for: outer.path("repo/sub/manifest.xml")))
    }

    func testAFolderNamedLikeTheProjectFileIsNotOne() throws {
        let folder = try repository()
        try folder.makeFolder("a/mbml.json")
        XCTAssertNil(ProjectFileLocator.projectFile(for: folder.path("a/manifest.xml")))
    }
}
