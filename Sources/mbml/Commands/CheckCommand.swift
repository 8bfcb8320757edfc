import ArgumentParser
import Foundation
import MBMLEngine

/// `mbml check`: runs expectation files against the environment and reports every failure.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check expressions against expectation files (JSON Lines).",
        discussion: """
            Each line of an expectation file is one JSON object:
              {"id": "cats.count", "context": "number", "expr": "$cats.count", "expect": 3}
            with optional "vars" (bound for that line only), "expectError": true instead of "expect", \
            "compare" (exact, set, approx, type or nonempty), "note" and "from". A line without "expect" \
            is a watch: evaluated and shown, never failing. The environment is built once; every \
            expectation runs, in order, whatever the others did.

            Prints each failure (id, expression, expected, actual and a diff), then `N passed, M failed`. \
            Exit status: 0 when everything passed, 1 when an expectation failed (or, with --compare, a \
            value differs between the two spaces), 2 when a file cannot be read or has a malformed line \
            (reported as file:line; the other lines still run).

            --compare takes the rest of the command line as the options of a second environment \
            (--manifest, --data, ...) and reports the expectations whose values differ between the two.
            """
    )

    @OptionGroup var engine: EngineOptions

    @Option(name: .long, help: "The report format: text, json or junit.")
    var format: CheckReportFormat = .text

    @OptionGroup var budget: BudgetOptions

    @Flag(
        name: .long,
        help:
            "Print what the expressions write to the log (^log, ^dump, swallowed errors) on standard error; by default only loading the environment reports there."
    )
    var log = false

    @Argument(
        help: ArgumentHelp(
            "Expectation files (JSON Lines; default: the \"expectations\" of the project file).",
            valueName: "file.jsonl"))
    var files: [String] = []

    @Option(
        name: .long, parsing: .remaining,
        help: ArgumentHelp(
            "Build a second environment from the options that follow and report values that differ.",
            valueName: "options"))
    var compare: [String] = []

    func run() throws {
        let secondOptions = try compare.isEmpty ? nil : Self.secondEnvironmentOptions(compare)
        // The project of the first expectation file (else of the current folder) loads first; without
        // files, the project's own expectation files run.
        let project = try engine.session.projectFile(startingAt: files.first)
        let files = self.files.isEmpty ? project?.expectationFiles ?? [] : self.files
        if files.isEmpty {
            StandardStream.error.writeLine(
                "mbml check: give at least one expectation file (or run it where a project file lists \"expectations\")"
            )
            throw ExitCode(2)
        }
        // Loading reports its warnings; the cases' own log lines only with --log.
        let gate = GatedLog()
        let environment = try engine.makeEnvironment(log: gate.sink, budget: budget, inputs: files, project: project)
        let second = try secondOptions?.makeEnvironment(log: gate.sink, budget: budget)
        if !log { gate.close() }
        let run: CheckRun
        let text: String
        do {
            // The run and its report are one answer of each environment: not shown when a data file
            // of either changed while it was mapped.
            let answered = try environment.answer {
                try (second ?? environment).answer {
                    let run = CheckRun(
                        paths: files, environment: environment, second: second, timeLimit: budget.timeout)
                    return (run: run, text: try report(of: run))
                }
            }
            run = answered.run
            text = answered.text
        } catch let error as FileChangedWhileRead {
            StandardStream.error.writeLine("error: " + TerminalSafeText.escaping(ResultFormatter.message(of: error)))
            throw ExitCode(2)
        } catch {
            StandardStream.error.writeLine(
                "error: the report: " + TerminalSafeText.escaping(ResultFormatter.message(of: error)))
            throw ExitCode(2)
        }
        switch format {
        case .text:
            StandardStream.report.write(text)
        case .json:
            for problem in run.problems { StandardStream.error.writeLine(problem.description) }
            StandardStream.output.writeLine(text)
        case .junit:
            for problem in run.problems { StandardStream.error.writeLine(problem.description) }
            StandardStream.output.write(text)
        }
        if !run.problems.isEmpty { throw ExitCode(2) }
        if run.failedCount > 0 || !run.differences.isEmpty { throw ExitCode.failure }
    }

    /// The report of `run` in the format asked for.
    private func report(of run: CheckRun) throws -> String {
        switch format {
        case .text: return CheckTextReport(run: run).text
        case .json: return try CheckJSONReport(run: run).text(within: Evaluation(limits: budget.limits()))
        case .junit: return CheckJUnitReport(run: run).text
        }
    }

    private static func secondEnvironmentOptions(_ arguments: [String]) throws -> EngineOptions {
        do {
            return try EngineOptions.parse(arguments)
        } catch {
            throw ValidationError("--compare: " + EngineOptions.message(for: error))
        }
    }
}

/// The `--format` of `mbml check`.
enum CheckReportFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, junit
}
