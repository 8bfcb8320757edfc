import ArgumentParser
import XCTest

@testable import mbml

final class VersionTests: XCTestCase {
    func testTheReleaseIsMajorMinorPatch() {
        let parts = MBMLVersion.release.split(separator: ".", omittingEmptySubsequences: false)
        XCTAssertEqual(parts.count, 3, MBMLVersion.release)
        XCTAssertTrue(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
    }

    func testTheCommitIsAnAbbreviatedHashOrUnknown() {
        let commit = MBMLVersion.commit
        let hash = commit.hasSuffix("-modified") ? String(commit.dropLast("-modified".count)) : commit
        XCTAssertTrue(
            hash == "unknown" || (hash.count == 12 && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }),
            commit)
    }

    func testTheVersionLineNamesBoth() {
        XCTAssertEqual(MBMLVersion.description, "mbml \(MBMLVersion.release) (commit \(MBMLVersion.commit))")
    }

    func testVersionIsACommandAndTheRootsVersionFlag() throws {
        XCTAssertEqual(MBMLCommand.configuration.version, MBMLVersion.description)
        XCTAssertTrue(MBMLCommand.commands.contains { $0 == VersionCommand.self })
        XCTAssertNoThrow(try MBMLCommand.parseAsRoot(["version", "--release"]))
        XCTAssertThrowsError(try MBMLCommand.parseAsRoot(["version", "--release", "--commit"]))
        // --version is answered by the parser itself (as a "clean exit" carrying the line).
        XCTAssertThrowsError(try MBMLCommand.parseAsRoot(["--version"])) { error in
            XCTAssertEqual(MBMLCommand.fullMessage(for: error), MBMLVersion.description)
            XCTAssertEqual(MBMLCommand.exitCode(for: error), .success)
        }
    }
}
