import ArgumentParser
import Foundation
import MBMLEngine
import MBMLInspector

/// `mbml inspect [MANIFEST]`: the terminal inspector. Also what `mbml` and `mbml MANIFEST` run.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Explore a variable space and try expressions in a terminal UI (the default command).",
        discussion: """
            Opens MANIFEST (with everything it includes) and any --data files, shows the variables \
            as a tree, and evaluates the expression you type in all four contexts (object, string, \
            number, boolean) after every key, with its token tree. Files are watched and reloaded \
            when they change. Without MANIFEST the built-in tutorial sample opens, unless the current \
            folder is in a project: a project file (mbml.json) in it or a folder above it, up to the \
            repository root, opens that project (its manifests and data files in its order, its \
            expectations pinned); `mbml FOLDER` opens the project of FOLDER. A manifest opened inside \
            a project loads with the project's other inputs (--no-project: alone); a JSON file opens alone.

            Lessons: a manifest opens with the lessons of its lesson file, if it has one: the file \
            its root declares (<MBML lessons="FILE.jsonl">), else NAME.lessons.jsonl or \
            NAME.expectations.jsonl beside NAME.xml, else expectations.jsonl beside a manifest.xml \
            (--no-lessons: none). The progress made in a lesson file is kept between runs under \
            $XDG_STATE_HOME/mbml/lessons/.

            A JSON file (a .json name, or a file starting with { or [) opens as the variable $data \
            (--name chooses another name): `mbml catalog.json`, then type `$data.items.count`. JSON \
            piped in opens the same way and keys are read from the terminal: `curl -s URL | mbml`. \
            --expr EXPRESSION starts with EXPRESSION in the editor: `mbml catalog.json --expr '$data.items.count'`.

            Keys: Tab/Shift-Tab change pane, ? or F1 lists every key, Ctrl-C quits. \
            Themes: default, light, high-contrast, monochrome (NO_COLOR selects monochrome), \
            or a path to a .theme file.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The MBML manifest or JSON file to open (default: JSON on standard input, else the built-in tutorial sample).",
            valueName: "manifest"))
    var manifest: String?

    @Option(
        name: .long, help: ArgumentHelp("The variable a JSON file or standard input is loaded into.", valueName: "name")
    )
    var name = "data"

    @OptionGroup var session: SessionOptions

    @OptionGroup var budget: BudgetOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Start with this expression in the editor, evaluated as if typed: --expr '$data.count'.",
            valueName: "expression"))
    var expr: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A theme name (Themes/NAME.theme, PREFIX/share/mbml/themes/NAME.theme or built in) or a .theme file.",
            valueName: "name"))
    var theme: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "An expectation file (JSON Lines) whose expressions are pinned, with ✓/✗ for their expectations.",
            valueName: "file.jsonl"))
    var check: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "An expectation file shown as lessons: grouped by \"from\", each with its text (\"note\") and a checklist ticked as you type its expressions.",
            valueName: "file.jsonl"))
    var lessons: String?

    @Flag(
        name: .long,
        help: "Do not open the lessons of the manifest (its NAME.lessons.jsonl, NAME.expectations.jsonl, ...).")
    var noLessons = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Evaluate the expression, the pins and the dynamic variables again every SECONDS (time moves on).",
            valueName: "seconds"))
    var refresh: Double?

    @Option(
        name: .long, parsing: .remaining,
        help: ArgumentHelp(
            "Show a second space beside the first: its manifest and --data options (the rest of the line).",
            valueName: "manifest"))
    var compare: [String] = []

    /// `--name` without a leading `$`.
    private var variableName: String {
        name.hasPrefix("$") ? String(name.dropFirst()) : name
    }

    func validate() throws {
        if let refresh = refresh, !(refresh >= 0.1 && refresh <= 86_400) {
            throw ValidationError("--refresh takes seconds between 0.1 and 86400.")
        }
    }

    func run() throws {
        // A JSON file opened to browse opens alone; a manifest, a folder or nothing opens in its project.
        let isDataFile = manifest.map { !Self.isFolder($0) && InspectTarget.looksLikeJSON($0) } ?? false
        let project = isDataFile ? nil : try session.projectFile(startingAt: manifest)
        // A folder, or nothing at a terminal, opens the project when there is one.
        let readsStandardInput = try session.dataFiles().contains { $0.path == StandardInputJSON.path }
        if let project, !readsStandardInput, manifest.map(Self.isFolder) ?? (isatty(STDIN_FILENO) == 1) {
            try run(project: project)
            return
        }
        try run(project: project, source: SpaceSource.text(BuiltInSample.manifest, name: BuiltInSample.name))
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Opens `project` alone: its inputs, the data files given, its expectations pinned.
    private func run(project: ProjectFile) throws {
        var configuration = InspectorConfiguration(
            source: .empty, dataFiles: try session.dataFiles(), themeName: theme,
            options: budget.limiting(session.environmentOptions(inputs: [], project: project)),
            includesProcessEnvironment: session.env ?? project.includesProcessEnvironment)
        configuration.project = project
        if check == nil, !project.expectationFiles.isEmpty {
            configuration.pins = try project.expectationFiles.flatMap { try Self.expectations(from: $0) }
        }
        try start(configuration)
    }

    private func run(project: ProjectFile?, source initialSource: SpaceSource) throws {
        var source = initialSource
        var dataFiles = try session.dataFiles()
        var environment: Environment?
        var variableName = self.variableName
        // `--data NAME=-`: the JSON piped in, as NAME (what `--name NAME` does).
        if let piped = dataFiles.firstIndex(where: { $0.path == StandardInputJSON.path }) {
            guard manifest == nil, isatty(STDIN_FILENO) != 1 else {
                StandardStream.error.writeLine(
                    "mbml: --data NAME=- reads JSON piped in, without a manifest: `curl -s URL | mbml --data NAME=-`")
                throw ExitCode.failure
            }
            variableName = dataFiles.remove(at: piped).name
        }
        do {
            switch try InspectTarget.choose(path: manifest, standardInputIsTerminal: isatty(STDIN_FILENO) == 1) {
            case .manifest(let path): source = .manifest(URL(fileURLWithPath: path))
            case .dataFile(let path):
                source = .empty
                dataFiles.insert(DataFileSpec(name: variableName, path: path), at: 0)
            case .standardInput:
                let piped = try InspectTarget.readStandardInput(
                    name: variableName, options: budget.limiting(session.environmentOptions))
                for spec in dataFiles { try spec.declare(in: piped) }
                environment = piped
            case .tutorial: break
            }
        } catch {
            StandardStream.error.writeLine("mbml: \(error)")
            throw ExitCode.failure
        }
        var configuration = InspectorConfiguration(
            source: source, dataFiles: dataFiles,
            themeName: theme,
            options: budget.limiting(session.environmentOptions(inputs: manifest.map { [$0] } ?? [], project: project)),
            includesProcessEnvironment: session.env ?? project?.includesProcessEnvironment ?? false)
        configuration.project = project
        configuration.evaluationTimeout = budget.timeout
        configuration.environment = environment
        try start(configuration)
    }

    /// Sets what every opening shares (theme folders, expression, output, pins, lessons, refresh,
    /// comparison) and runs the inspector.
    private func start(_ initial: InspectorConfiguration) throws {
        var configuration = initial
        let source = configuration.source
        configuration.themeFolders = InstalledThemes.searchFolders()
        configuration.expression = expr
        var outputFailed = false
        configuration.output = { output in outputFailed = !Self.print(output) }
        if let check = check { configuration.pins = try Self.expectations(from: check) }
        configuration.refreshInterval = refresh
        if let lessons = lessons {
            configuration.lessons = try Self.expectations(from: lessons)
            configuration.lessonFile = URL(fileURLWithPath: lessons)
        } else if !noLessons, case .manifest(let url) = source,
            let found = LessonFileLocator.lessonFile(forManifest: url),
            check.map({ URL(fileURLWithPath: $0).standardizedFileURL != found.standardizedFileURL }) ?? true
        {
            configuration.lessons = Self.lessonsIfValid(at: found)
            configuration.lessonFile = found
        }
        if !compare.isEmpty {
            let second = try CompareSpaceOptions.parsing(compare)
            configuration.comparison = (
                source: .manifest(URL(fileURLWithPath: second.manifest)),
                dataFiles: try second.session.dataFiles(), label: second.manifest
            )
        }
        let status: Int32
        do {
            status = try Inspector.run(configuration)
        } catch let error as InspectorStartError {
            StandardStream.error.writeLine("mbml inspect: \(error.description)")
            throw ExitCode.failure
        }
        if status != 0 { throw ExitCode(status) }
        if outputFailed { throw ExitCode.failure }
    }

    /// Prints what the user quit with (Ctrl-X: the selected result as `mbml eval --context` prints
    /// it; Alt-X: the expression) on standard output. An error goes to standard error.
    /// - Returns: false for an error.
    static func print(_ output: InspectorOutput) -> Bool {
        // As `mbml eval` writes a result: byte for byte to a pipe, escaped to a terminal.
        let options = try? ResultOutputOptions.parse([])
        let write: (String) -> Void = { text in
            if let options { options.write(text) } else { StandardStream.output.write(text) }
        }
        switch output {
        case .expression(let text):
            write(text + "\n")
        case .value(let value, let context):
            do {
                write(
                    try ResultFormatter.text(of: value, in: context, within: Evaluation(limits: EvaluationLimits()))
                        + "\n")
            } catch {
                StandardStream.error.writeLine("error: " + ResultFormatter.message(of: error))
                return false
            }
        case .error(let message):
            StandardStream.error.writeLine("error: " + message)
            return false
        }
        return true
    }

    /// The expectations of a lesson file found beside a manifest, or none (with a warning) when
    /// it cannot be read or has malformed lines: the manifest opens anyway.
    static func lessonsIfValid(at url: URL) -> [Expectation] {
        guard let file = try? ExpectationFile(contentsOf: url.path), file.problems.isEmpty else {
            StandardStream.error.writeLine(
                "mbml inspect: \(url.path) is not a valid expectation file (`mbml check` says why); no lessons shown")
            return []
        }
        return file.expectations
    }

    /// The expectations of `path`; a file with malformed lines is refused before the terminal is taken.
    static func expectations(from path: String) throws -> [Expectation] {
        do {
            let file = try ExpectationFile(contentsOf: path)
            guard file.problems.isEmpty else {
                for problem in file.problems { StandardStream.error.writeLine(problem.description) }
                throw ExitCode(2)
            }
            return file.expectations
        } catch let problem as ExpectationProblem {
            StandardStream.error.writeLine(problem.description)
            throw ExitCode(2)
        }
    }
}
