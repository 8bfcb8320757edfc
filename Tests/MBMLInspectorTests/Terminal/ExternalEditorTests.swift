import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// Which editor runs and how: `$VISUAL` before `$EDITOR`, words split by the shell, `+LINE FILE`
/// as arguments, and clear messages when it can not start. (That it gets the terminal is checked
/// in tmux with real vim and nano: `.ci/e2e-live-edit.sh`.)
final class ExternalEditorTests: XCTestCase {
    func testVisualComesBeforeEditorAndViIsTheDefault() {
        XCTAssertEqual(ExternalEditor.command(environment: ["VISUAL": "code --wait", "EDITOR": "nano"]), "code --wait")
        XCTAssertEqual(ExternalEditor.command(environment: ["VISUAL": " ", "EDITOR": "nano"]), "nano")
        XCTAssertEqual(ExternalEditor.command(environment: [:]), "vi")
    }

    func testTheShellRunsTheEditorWithLineAndFileAsPositionalParameters() {
        XCTAssertEqual(
            ExternalEditor.shellArguments(editor: "emacs -nw", file: "a b.xml", line: 0),
            ["sh", "-c", "exec emacs -nw \"$@\"", "mbml-editor", "+1", "a b.xml"])
    }

    func testAnEditorWithArgumentsGetsThemAndTheFile() throws {
        let folder = try ScratchFolder()
        let record = folder.url.appendingPathComponent("args").path
        let script = try folder.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n", to: "editor.sh")
        chmod(script.path, 0o755)
        XCTAssertNil(ExternalEditor.run(file: "my manifest.xml", line: 7, editor: "'\(script.path)' --wait -n"))
        XCTAssertEqual(try String(contentsOfFile: record, encoding: .utf8), "--wait\n-n\n+7\nmy manifest.xml\n")
    }

    /// A file name that starts with `+` or `-` reaches every form of editor command as a path
    /// (`./NAME`), never as a command (`+!cmd` in vi) or an option.
    func testAFileNameStartingWithPlusOrMinusIsGivenAsAPath() throws {
        XCTAssertEqual(ExternalEditor.arguments(file: "+!touch PWNED", line: 3), ["+3", "./+!touch PWNED"])
        XCTAssertEqual(ExternalEditor.arguments(file: "-c", line: 1), ["+1", "./-c"])
        XCTAssertEqual(ExternalEditor.arguments(file: "/abs/+x", line: 1), ["+1", "/abs/+x"])
        XCTAssertEqual(ExternalEditor.arguments(file: "sub/-x", line: 1), ["+1", "sub/-x"])
        XCTAssertEqual(ExternalEditor.arguments(file: "plain.xml", line: 2), ["+2", "plain.xml"])
        let folder = try ScratchFolder()
        let record = folder.url.appendingPathComponent("args").path
        let script = try folder.write("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n", to: "editor.sh")
        chmod(script.path, 0o755)
        for editor in ["'\(script.path)'", "'\(script.path)' --wait", "\"\(script.path)\" -n --", "\(script.path) -w"] {
            for name in ["+!touch PWNED", "-x", "+x"] {
                XCTAssertNil(ExternalEditor.run(file: name, line: 2, editor: editor))
                let words = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
                XCTAssertEqual(words.suffix(2), ["+2", "./" + name], "\(editor) with \(name)")
                XCTAssertFalse(words.contains(name), "\(editor): the bare name reached the editor")
            }
        }
    }

    func testAMissingEditorIsReportedBeforeTheTerminalIsHandedOver() {
        let environment = ["PATH": "/usr/bin:/bin"]
        XCTAssertEqual(
            ExternalEditor.startProblem(editor: "no-such-editor-mbml --wait", environment: environment),
            "Could not start the editor: no-such-editor-mbml not found (set $VISUAL or $EDITOR)")
        XCTAssertNotNil(ExternalEditor.startProblem(editor: "/no/such/vim", environment: environment))
        XCTAssertNil(ExternalEditor.startProblem(editor: "sh -c true", environment: environment))
        XCTAssertNil(ExternalEditor.startProblem(editor: "FOO=1 vim", environment: environment), "left to the shell")
    }

    func testAnEditorTheShellCanNotRunIsAClearMessage() {
        XCTAssertEqual(
            ExternalEditor.run(file: "m.xml", line: 1, editor: "'no such editor'"),
            "Could not start the editor ('no such editor'): command not found")
        XCTAssertEqual(
            ExternalEditor.run(file: "m.xml", line: 1, editor: "false"), "The editor (false) exited with status 1")
    }

    func testWaitStatusesAreDecoded() {
        XCTAssertEqual(WaitStatus(0), .exited(0))
        XCTAssertEqual(WaitStatus(3 << 8), .exited(3))
        XCTAssertEqual(WaitStatus(SIGKILL), .signaled(SIGKILL))
        XCTAssertEqual(WaitStatus(SIGTSTP << 8 | 0x7F), .stopped(SIGTSTP))
    }

    func testAForegroundJobReportsHowItEnded() {
        XCTAssertEqual(ForegroundJob(path: "/bin/sh", arguments: ["sh", "-c", "exit 3"]).run(), .exited(3))
        XCTAssertEqual(
            ForegroundJob(path: "/bin/sh", arguments: ["sh", "-c", "kill -TERM $$"]).run(), .signaled(SIGTERM))
        if case .notStarted = ForegroundJob(path: "/no/such/program", arguments: ["x"]).run() {
        } else {
            XCTFail("a program that does not exist is not started")
        }
    }
}
