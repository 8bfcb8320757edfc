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
            tree the current folder is in (its topmost folder below your home folder, or below / outside \
            it: plate's templates read sibling projects), the folders of the template and the inputs, \
            hidden files excepted, unless --allow-file-reads allows more. Inputs load in command-line \
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
            // Read through a file handle, so that a pipe (`<(command)`) works too.
            bytes = [UInt8](try FileHandle(forReadingFrom: URL(fileURLWithPath: template)).readToEnd() ?? Data())
        } catch {
            StandardStream.error.writeLine("\(template): cannot read the template: \(error.localizedDescription)")
            throw ExitCode.failure
        }
        let environment = try engine.makeEnvironment(
            parsing: .recovering, envByDefault: true, budget: budget, inputs: [template],
            workFolders: [Self.projectsFolder(of: FileManager.default.currentDirectoryPath)])
        let rendered: String
        do {
            let parsed = try Template(bytes: bytes, path: template)
            let evaluation = budget.makeEvaluation()
            rendered = try evaluation.run { try parsed.render(in: environment, within: evaluation) }
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

    /// The folder of projects that `folder` is in, as plate's templates expect to read (their manifests
    /// find sibling projects at `..` or `../..`): its topmost ancestor below the home folder when it is
    /// inside it, otherwise below `/`; the folder itself when it is the home folder or `/`.
    static func projectsFolder(of folder: String, home: String = NSHomeDirectory()) -> String {
        let components = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents.filter { $0 != "/" }
        let homeComponents = URL(fileURLWithPath: home).standardizedFileURL.pathComponents.filter { $0 != "/" }
        let base = components.starts(with: homeComponents) && !homeComponents.isEmpty ? homeComponents : []
        let kept = components.count > base.count ? base + [components[base.count]] : components
        return "/" + kept.joined(separator: "/")
    }
}
