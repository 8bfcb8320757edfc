import ArgumentParser
import Foundation
import MBMLTestSupport
import XCTest

@testable import mbml

/// ``EvalFastPath`` reads `mbml eval …` without ArgumentParser: it must give what the full
/// command tree gives, and leave every line it cannot read alike to the full tree.
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
            XCTAssertEqual(fast, EvalFastPath.Command(copying: full), "\(line)")
        }
    }

    func testHelpAfterEvalIsAnExpressionEitherWay() throws {
        // `help` is a command only as the first word; after `eval` it is the expression. The fast
        // path may leave it to the tree (to ArgumentParser it names the help command of a root).
        let line = ["eval", "help"]
        let full = try XCTUnwrap(MBMLCommand.parseAsRoot(line) as? EvalCommand)
        XCTAssertEqual(full.expression, "help")
        if let fast = EvalFastPath.command(for: line) {
            XCTAssertEqual(fast, EvalFastPath.Command(copying: full))
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
        XCTAssertNotEqual(one, other)
        XCTAssertEqual(one.budget.timeout, 2)
        XCTAssertEqual(one.expression, "1")
        let defaults = try XCTUnwrap(EvalFastPath.command(for: ["eval", "1"]))
        let full = try XCTUnwrap(MBMLCommand.parseAsRoot(["eval", "1"]) as? EvalCommand)
        XCTAssertEqual(defaults, EvalFastPath.Command(copying: full))
        XCTAssertEqual(defaults.budget.timeout, full.budget.timeout)
    }

    /// 1,500 lines made of every option and flag `eval`'s help lists (help and version
    /// aside), with good and bad values, `=` and separate values, repeats, `--` and odd
    /// expressions: each line the fast path reads, the full tree reads to the same settings; each
    /// option is read by the fast path in some line (a new option of `eval` that the fast path
    /// does not know fails here, rather than quietly sending every line that uses it to the slow
    /// parser).
    func testGeneratedLinesParseAsTheFullTreeDoes() throws {
        let listed = try Self.listedOptions()
        XCTAssertGreaterThan(listed.count, 10)
        let values = [
            "1", "2.5", "0", "-1", "x", "", "-", "a=b.json", "d=-", "nan", "1e3", "+4", "object", "all",
            "number", "sideways", "m.xml", "/tmp", "help", "--", "--raw",
        ]
        let expressions = ["1", "$x", "help", "-1", "--help", "#(2 * 3)", "", "^join($a|, )"]
        var generator = SeededGenerator(seed: 30)
        var readFast: [String: Int] = [:]
        var agreed = 0
        for _ in 0..<1_500 {
            var line = ["eval"]
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let option = listed.randomElement(using: &generator)!
                let value = values.randomElement(using: &generator)!
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: line.append("--\(option.name)=\(value)")
                case 1 where option.takesValue: line.append("--\(option.name)")
                default: line += ["--\(option.name)"] + (option.takesValue ? [value] : [])
                }
            }
            if Int.random(in: 0..<10, using: &generator) < 8 {
                let expression = expressions.randomElement(using: &generator)!
                if Int.random(in: 0..<8, using: &generator) == 0 { line.append("--") }
                line.insert(expression, at: Int.random(in: 1...line.count, using: &generator))
            }
            guard let fast = EvalFastPath.command(for: line) else { continue }
            let full = try XCTUnwrap(MBMLCommand.parseAsRoot(line) as? EvalCommand, "\(line)")
            XCTAssertEqual(fast, EvalFastPath.Command(copying: full), "\(line)")
            agreed += 1
            for option in listed where line.contains(where: { $0.hasPrefix("--\(option.name)") }) {
                readFast[option.name, default: 0] += 1
            }
        }
        XCTAssertGreaterThan(agreed, 150)
        for option in listed {
            XCTAssertGreaterThan(readFast[option.name] ?? 0, 0, "--\(option.name) is never read by the fast path")
        }
    }

    /// `eval`'s options and flags as its help lists them (ArgumentParser's dump of the command),
    /// without `--help` and `--version`.
    private static func listedOptions() throws -> [(name: String, takesValue: Bool)] {
        struct Dump: Decodable {
            struct Command: Decodable { let arguments: [Argument] }
            struct Argument: Decodable {
                struct Name: Decodable { let kind: String, name: String }
                let kind: String
                let names: [Name]?
            }
            let command: Command
        }
        let dump = try JSONDecoder().decode(Dump.self, from: Data(EvalCommand._dumpHelp().utf8))
        return dump.command.arguments.compactMap { argument in
            guard argument.kind != "positional", let name = argument.names?.first(where: { $0.kind == "long" })?.name,
                name != "help", name != "version"
            else { return nil }
            return (name, argument.kind == "option")
        }
    }
}

extension EvalFastPath.Command {
    /// The settings `command` holds, for comparison with the fast path's.
    init(copying command: EvalCommand) {
        let session = command.engine.session
        self.init(
            engine: .init(
                manifest: command.engine.manifest,
                session: .init(
                    data: session.data, env: session.env, allowFileWrites: session.allowFileWrites,
                    allowFileReads: session.allowFileReads, project: session.project, noProject: session.noProject)),
            budget: .init(
                timeout: command.budget.timeout, maxFileSize: command.budget.maxFileSize,
                maxMemory: command.budget.maxMemory),
            result: .init(raw: command.result.raw), context: command.context, jsonl: command.jsonl,
            expression: command.expression)
    }
}
