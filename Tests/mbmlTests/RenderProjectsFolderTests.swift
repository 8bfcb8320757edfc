import XCTest

@testable import mbml

/// `mbml render`'s work folder for plate's templates, and the note after an escaped result.
final class RenderProjectsFolderTests: XCTestCase {
    func testTheProjectsFolderIsTheTopmostBelowHomeOrRoot() {
        XCTAssertEqual(RenderCommand.projectsFolder(of: "/home/u/src/repos/proj", home: "/home/u"), "/home/u/src")
        XCTAssertEqual(RenderCommand.projectsFolder(of: "/home/u", home: "/home/u"), "/home/u")
        XCTAssertEqual(RenderCommand.projectsFolder(of: "/tmp/run/root/Cleanroom/Deployment", home: "/root"), "/tmp")
        XCTAssertEqual(RenderCommand.projectsFolder(of: "/", home: "/root"), "/")
    }

    func testTheNoteSaysHowManyAndHowToGetThemRaw() {
        XCTAssertTrue(ResultOutputOptions.note(count: 1).contains("1 control or invisible character in"))
        XCTAssertTrue(ResultOutputOptions.note(count: 3).contains("--raw"))
    }
}
