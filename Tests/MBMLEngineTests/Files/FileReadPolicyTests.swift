import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``FileReadPolicy``: where `^fileContents`, `^fileData`, `^listDirectory` and `<Include>` may read.
final class FileReadPolicyTests: XCTestCase {
    func testSpecialFileSystemsAreRefusedEvenWithoutRestriction() {
        let harness = FunctionHarness()
        harness.assertEvaluationFails(
            "^fileContents(/proc/self/environ)", containing: "does not read /proc, /sys or /dev")
        harness.assertEvaluationFails("^fileData(/proc/self/../self/environ)", containing: "/proc")
        harness.assertEvaluationFails("^listDirectory(/sys)", containing: "/sys")
        harness.assertEvaluationFails("^fileContents(/dev/zero)", containing: "/dev")
    }

    func testNamingASpecialFolderAllowsIt() throws {
        var options = EnvironmentOptions()
        options.fileReadPolicy = .restricted(workFolders: [], allowedFolders: ["/proc/self"])
        let harness = FunctionHarness(options: options)
        XCTAssertNotNil(try harness.evaluate("^fileContents(/proc/self/comm)"))
        harness.assertEvaluationFails("^fileContents(/proc/1/comm)", containing: "/proc")
        XCTAssertNil(FileReadPolicy.restricted(workFolders: [], allowedFolders: ["/"]).refusal(for: "/etc/hostname"))
        XCTAssertNotNil(
            FileReadPolicy.restricted(workFolders: [], allowedFolders: ["/"]).refusal(for: "/proc/1/environ"))
    }

    func testARestrictedPolicyReadsItsFoldersWithoutHiddenEntries() throws {
        let folder = try ScratchFolder()
        _ = try folder.write("data", to: "inside.txt")
        _ = try folder.makeFolder("sub/.secrets")
        _ = try folder.write("key", to: "sub/.secrets/key")
        let outside = try ScratchFolder()
        _ = try outside.write("other", to: "outside.txt")
        var options = EnvironmentOptions()
        options.fileReadPolicy = .restricted(workFolders: [folder.url.path])
        let harness = FunctionHarness(options: options)

        XCTAssertEqual(try harness.evaluate("^fileContents(\(folder.path("inside.txt")))"), .string("data"))
        XCTAssertEqual(
            try harness.evaluate("^listDirectory(\(folder.url.path))"), .array([.string("inside.txt"), .string("sub")]))
        harness.assertEvaluationFails(
            "^fileContents(\(outside.path("outside.txt")))",
            containing: "outside the folders the file-read policy allows")
        harness.assertEvaluationFails(
            "^fileContents(\(folder.path("sub/.secrets/key")))", containing: "hidden files and folders (.secrets)")
        harness.assertEvaluationFails(
            "^fileContents(\(folder.url.path)/../\(outside.url.lastPathComponent)/outside.txt)", containing: "outside")
        harness.assertEvaluationFails("^fileContents(/etc/passwd)", containing: "outside")

        options.fileReadPolicy.addAllowedFolder(folder.path("sub"))
        XCTAssertEqual(
            try FunctionHarness(options: options).evaluate("^fileContents(\(folder.path("sub/.secrets/key")))"),
            .string("key"),
            "an allowed folder is read whole")
    }

    func testASymbolicLinkCanNotLeadOutOfAnAllowedFolder() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.path("passwd"), withDestinationPath: "/etc/passwd")
        let policy = FileReadPolicy.restricted(workFolders: [folder.url.path])
        XCTAssertNotNil(policy.refusal(for: folder.path("passwd")))
        XCTAssertNil(policy.refusal(for: folder.path("not-yet-there.txt")), "a missing file is judged by its folder")
    }

    func testAnIncludeOutsideThePolicyIsNotLoaded() throws {
        let folder = try ScratchFolder()
        let outside = try ScratchFolder()
        _ = try outside.write(#"<MBML><Var name="leak" literal="secret"/></MBML>"#, to: "other.xml")
        let manifest = try folder.write(
            #"<MBML><Include file="\#(outside.path("other.xml"))"/><Var name="kept" literal="yes"/></MBML>"#,
            to: "manifest.xml")
        var options = EnvironmentOptions()
        options.fileReadPolicy = .restricted(workFolders: [folder.url.path])
        let load = EnvironmentBuilder(options: options).build([.manifest(manifest)])
        XCTAssertNil(load.environment.variables["leak"])
        XCTAssertEqual(load.environment.variables["kept"], .string("yes"))
        XCTAssertTrue(
            load.diagnostics.contains { $0.message.contains("outside the folders the file-read policy allows") },
            "\(load.diagnostics)")
    }
}

/// ``FileReadPolicy/forInputs(current:inputs:allowed:workFolders:home:)``: the implicit folders.
final class FileReadPolicyInputsTests: XCTestCase {
    func testTheCurrentFolderIsImplicitUnlessItIsTheRootOrHome() throws {
        let scratch = try ScratchFolder()
        let root = FileReadPolicy.resolved(scratch.url.path)
        _ = try scratch.makeFolder("home/project")
        let home = root + "/home"
        XCTAssertEqual(
            FileReadPolicy.forInputs(current: home + "/project", inputs: [], allowed: [], home: home).workFolders,
            [home + "/project"])
        XCTAssertEqual(FileReadPolicy.forInputs(current: home, inputs: [], allowed: [], home: home).workFolders, [])
        XCTAssertEqual(FileReadPolicy.forInputs(current: "/", inputs: [], allowed: [], home: home).workFolders, [])
        let fromRoot = FileReadPolicy.forInputs(current: "/", inputs: [], allowed: [], home: home)
        XCTAssertNotNil(fromRoot.refusal(for: "/etc/passwd"), "started from / it reads nothing of /")
        XCTAssertNotNil(
            FileReadPolicy.forInputs(current: home, inputs: [], allowed: [], home: home).refusal(
                for: home + "/notes.txt"))
    }

    func testInputsAndAllowedFoldersAreTakenRelativeToTheGivenCurrentFolder() throws {
        let scratch = try ScratchFolder()
        let root = FileReadPolicy.resolved(scratch.url.path)
        _ = try scratch.makeFolder("work/manifests")
        _ = try scratch.makeFolder("work/shared")
        let policy = FileReadPolicy.forInputs(
            current: root + "/work", inputs: ["manifests/m.xml", "-", "/abs/data.json"], allowed: ["shared"],
            home: "/nonexistent-home")
        XCTAssertEqual(policy.workFolders, [root + "/work", root + "/work/manifests", "/abs"])
        XCTAssertEqual(policy.allowedFolders, [root + "/work/shared"])
        XCTAssertTrue(policy.isRestricted)
        XCTAssertEqual(
            FileReadPolicy.forInputs(current: nil, inputs: ["/w/m.xml"], allowed: [], home: "/h").workFolders, ["/w"])
    }
}
