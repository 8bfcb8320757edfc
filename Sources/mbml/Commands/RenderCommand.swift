import ArgumentParser
import Foundation
import MBMLEngine

/// `mbml render`: a template file evaluated as one string-context expression, the way the
/// original's `plate` tool rendered templates.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a template file: its whole text is one expression in the string context.",
        discussion: """
            The result is written exactly as produced (no newline is added) to standard output, or to \
            --output, which is replaced atomically (a temporary file renamed over it) and left untouched \
            when rendering fails. As plate did: $ENV holds the process environment unless --no-env is \
            given; manifests are parsed in libxml2's recovery mode (a bare & in text loads, reported as \
            a warning); relative paths resolve against the current folder. Files are read only in the \
            project the current folder is in (the nearest folder above it with .git, Package.swift or \
            another project file; in no project, its topmost folder below your home folder or the \
            temporary folder), the current folder (unless it is / or your home folder), the folders of \
            the template and the inputs, hidden files excepted, unless --allow-file-reads allows more. Inputs load in command-line \
            order into one environment; --manifest - reads a manifest from standard input. An error \
            prints file:line:column: message (the template position where the failing part starts) and \
            exits with status 1, writing nothing.
            """
    )

    @Argument(help: ArgumentHelp("The template file.", valueName: "template"))
    var template: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write the result to this file instead of standard output.",
            valueName: "file"))
    var output: String?

    @OptionGroup var engine: EngineOptions

    @OptionGroup var budget: BudgetOptions

    @OptionGroup var result: ResultOutputOptions

    func run() throws {
        let bytes: [UInt8]
        do {
            // Through the engine's file door: a pipe (`<(command)`) works too, a device does not.
            bytes = try NamedFile.bytes(at: template)
        } catch {
            StandardStream.error.writeLine("\(template): cannot read the template: \(error)")
            throw ExitCode.failure
        }
        let environment = try engine.makeEnvironment(
            parsing: .recovering, envByDefault: true, budget: budget, inputs: [template],
            workFolders: ProjectFolder.enclosing(FileManager.default.currentDirectoryPath).map { [$0] } ?? [],
            project: engine.session.projectFile(startingAt: template))
        let rendered: String
        do {
            let parsed = try Template(bytes: bytes, path: template)
            let evaluation = budget.makeEvaluation(over: environment)
            rendered = try environment.answer {
                try evaluation.run { try parsed.render(in: environment, within: evaluation) }
            }
        } catch let error as TemplateError {
            StandardStream.error.writeLine(LimitHint.appending(to: error.description, for: error))
            throw ExitCode.failure
        } catch {
            StandardStream.error.writeLine(LimitHint.appending(to: "\(template): \(error)", for: error))
            throw ExitCode.failure
        }
        guard let output = output else {
            result.write(rendered)
            return
        }
        do {
            try Data(rendered.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            StandardStream.error.writeLine("\(output): cannot write the result: \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
