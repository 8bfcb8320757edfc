import ArgumentParser
import XCTest

@testable import mbml

/// ``EvalFastPath`` parses `mbml eval …` with ``EvalCommand`` alone: it must give what the full
/// command tree gives, and leave every line it cannot parse alike to the full tree.
final class EvalFastPathTests: XCTestCase {
    /// Lines the fast path parses: each must give the full tree's command, field for field.
    let parsed: [[String]] = [
        ["eval", "1"],
        ["eval", "$d.count", "--data", "d=/tmp/people31.json"],
        ["eval", "--data", "d=/tmp/people31.json", "$d.count"],
        ["eval", "--manifest", "/tmp/manifest-100000.xml", "$literal0"],
        ["eval", "--manifest=a.xml", "--data", "x=b.json", "--manifest", "c.xml", "$x"],
        ["eval", "--context", "number", "#(3.234 * 1.225)"],
        ["eval", "--context", "all", "5"],
        ["eval", "--jsonl"],
        ["eval", "--jsonl", "--timeout", "2", "--max-memory", "1000"],
        ["eval", "--env", "--allow-file-writes", "--allow-file-reads", "/tmp", "$ENV.HOME"],
        ["eval", "--no-env", "--no-project", "1"],
        ["eval", "--project", "mbml.json", "1"],
        ["eval", "--", "--help"],
        ["eval", "--", "-1"],
        ["eval", "version"],
        ["eval", "inspect"],
    ]

    /// Lines the fast path leaves to the full tree (help, errors, other commands).
    let leftToTheTree: [[String]] = [
        [],
        ["1"],
        ["inspect", "a.xml"],
        ["eval"],
        ["eval", "--help"],
        ["eval", "-h"],
        ["eval", "--version"],
        ["eval", "--generate-completion-script", "bash"],
        ["eval", "--context", "sideways", "1"],
        ["eval", "--jsonl", "1"],
        ["eval", "--data", "nonsense", "1"],
        ["eval", "--data", "a=-", "--manifest", "-", "1"],
        ["eval", "--timeout", "-1", "1"],
        ["eval", "--project", "p.json", "--no-project", "1"],
        ["eval", "--unknown", "1"],
        ["eval", "1", "2"],
        ["eval", "--manifest"],
        ["help", "eval"],
        ["--help"],
    ]

    func testTheFastPathParsesAsTheFullTreeDoes() throws {
        for line in parsed {
            let fast = try XCTUnwrap(EvalFastPath.command(for: line), "\(line)")
            let full = try XCTUnwrap(MBMLCommand.parseAsRoot(line) as? EvalCommand, "\(line)")
            XCTAssertEqual(description(of: fast), description(of: full), "\(line)")
        }
    }

    func testHelpAfterEvalIsAnExpressionEitherWay() throws {
        // `help` is a command only as the first word; after `eval` it is the expression. The fast
        // path may leave it to the tree (to ArgumentParser it names the help command of a root).
        let line = ["eval", "help"]
        let full = try XCTUnwrap(MBMLCommand.parseAsRoot(line) as? EvalCommand)
        XCTAssertEqual(full.expression, "help")
        if let fast = EvalFastPath.command(for: line) {
            XCTAssertEqual(description(of: fast), description(of: full))
        }
    }

    func testLinesItCannotParseAreLeftToTheFullTree() {
        for line in leftToTheTree {
            XCTAssertNil(EvalFastPath.command(for: line), "\(line)")
        }
    }

    func testEveryLineLeftToTheTreeIsAnErrorHelpOrAnotherCommand() {
        // The full tree answers each: with a message (help, usage error) or another command, never
        // with an eval command the fast path should have found.
        for line in leftToTheTree {
            let full = try? MBMLCommand.parseAsRoot(line)
            XCTAssertFalse(full is EvalCommand, "\(line)")
        }
    }

    func testTheParsedFieldsDiffer() throws {
        // The comparison above sees the fields: two lines that differ in one option differ.
        let one = try XCTUnwrap(EvalFastPath.command(for: ["eval", "--timeout", "2", "1"]))
        let other = try XCTUnwrap(EvalFastPath.command(for: ["eval", "--timeout", "3", "1"]))
        XCTAssertNotEqual(description(of: one), description(of: other))
        XCTAssertEqual(one.budget.timeout, 2)
        XCTAssertEqual(one.expression, "1")
    }

    private func description(of command: EvalCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }
}
