import XCTest

@testable import MBMLEngine

/// ``PathText`` against Foundation's documented `NSString` path results (and Foundation's Linux
/// results, which it matched on every path of up to five characters from `a b . / é` and a combining
/// accent, except the all-slash paths below, where Foundation on Linux gives an empty string).
final class PathTextTests: XCTestCase {
    func testLastComponent() {
        let cases = [
            "/tmp/scratch.tiff": "scratch.tiff", "/tmp/scratch": "scratch", "/tmp/": "tmp",
            "scratch///": "scratch", "/": "/", "": "", "a": "a", "//": "/", "a//b": "b",
        ]
        for (path, expected) in cases { XCTAssertEqual(PathText.lastComponent(path), expected, path) }
    }

    func testDeletingLastComponent() {
        let cases = [
            "/tmp/scratch.tiff": "/tmp", "/tmp/lock/": "/tmp", "/tmp/": "/", "/tmp": "/", "/": "/",
            "scratch.tiff": "", "": "", "a": "", "é": "", "a/": "", "/a": "/", "x//a": "x", "a/b/c": "a/b",
        ]
        for (path, expected) in cases { XCTAssertEqual(PathText.deletingLastComponent(path), expected, path) }
    }

    func testExtensions() {
        let extensions = [
            "/tmp/scratch.tiff": "tiff", ".scratch.tiff": "tiff", "/tmp/scratch": "", "/tmp/": "",
            "/tmp/scratch..tiff": "tiff", ".tiff": "", "a.": "", "..": "", "a/..": "", "a.b/": "b", "a": "",
        ]
        for (path, expected) in extensions { XCTAssertEqual(PathText.pathExtension(path), expected, path) }
        let stripped = [
            "/tmp/scratch.tiff": "/tmp/scratch", "/tmp/": "/tmp", "scratch.bundle/": "scratch",
            "scratch..tiff": "scratch.", ".tiff": ".tiff", "/": "/", "a": "a", "a.": "a", "": "",
        ]
        for (path, expected) in stripped { XCTAssertEqual(PathText.deletingPathExtension(path), expected, path) }
    }

    func testComponents() {
        XCTAssertEqual(PathText.components("tmp/scratch"), ["tmp", "scratch"])
        XCTAssertEqual(PathText.components("/tmp/scratch"), ["/", "tmp", "scratch"])
        XCTAssertEqual(PathText.components("/tmp/scratch/"), ["/", "tmp", "scratch", "/"])
        XCTAssertEqual(PathText.components("//a"), ["/", "a"])
        XCTAssertEqual(PathText.components(""), [])
        XCTAssertEqual(PathText.components("/"), ["/"])
    }

    func testCombiningMarkAfterSlashBelongsToTheName() {
        // "/\u{301}" is one Character, so it is not a separator (as in Foundation).
        XCTAssertEqual(PathText.lastComponent("a/\u{301}b"), "a/\u{301}b")
        XCTAssertEqual(PathText.deletingLastComponent("x/a/\u{301}"), "x")
    }
}
