import Foundation
import XCTest

@testable import mbml

final class InstalledThemesTests: XCTestCase {
    func testTheThemesFolderIsBesideTheBinarysPrefix() {
        XCTAssertEqual(
            InstalledThemes.folder(forExecutable: URL(fileURLWithPath: "/usr/bin/mbml")).path,
            "/usr/share/mbml/themes")
        XCTAssertEqual(
            InstalledThemes.folder(forExecutable: URL(fileURLWithPath: "/home/u/.local/bin/mbml")).path,
            "/home/u/.local/share/mbml/themes")
    }

    func testALinkOnThePathFindsTheRealPrefix() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mbml-installed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let bin = root.appendingPathComponent("opt/mbml/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("links"), withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: bin.appendingPathComponent("mbml").path, contents: Data()))
        let link = root.appendingPathComponent("links/mbml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: bin.appendingPathComponent("mbml"))
        XCTAssertEqual(
            InstalledThemes.folder(forExecutable: link).resolvingSymlinksInPath().path,
            root.appendingPathComponent("opt/mbml/share/mbml/themes").resolvingSymlinksInPath().path)
    }

    func testSearchOrderIsTheCurrentFolderFirst() {
        let folders = InstalledThemes.searchFolders(currentDirectory: "/work/project")
        XCTAssertEqual(folders.first?.path, "/work/project/Themes")
        XCTAssertEqual(folders.count, 2)
        XCTAssertTrue(folders[1].path.hasSuffix("/share/mbml/themes"), folders[1].path)
    }
}
