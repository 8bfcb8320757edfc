import Foundation
import MBMLEngine

/// What `mbml inspect` was asked to open.
public struct InspectorConfiguration {
    public var source: SpaceSource
    public var dataFiles: [DataFileSpec]
    /// A theme name or path; nil for the default (`monochrome` under `NO_COLOR`).
    public var themeName: String?
    /// The folders a theme name is looked up in, in order, before the built-in themes: by default
    /// `./Themes`; the command line adds the installed `PREFIX/share/mbml/themes`.
    public var themeFolders: [URL] = [ThemeLoader.currentFolderThemes]
    public var options: EnvironmentOptions
    /// Whether `$ENV` holds the process environment (off by default: the screen shows every value,
    /// and environment variables hold secrets).
    public var includesProcessEnvironment: Bool
    /// The project the space belongs to (`mbml.json`): its inputs load first, in its order, then
    /// `source` and `dataFiles` (those the project loads already are left out).
    public var project: ProjectFile?
    /// Expressions pinned from the start (`--check FILE.jsonl`).
    public var pins: [Expectation] = []
    /// Lessons shown from the start (`--lessons FILE.jsonl`, `mbml tutorial`).
    public var lessons: [Expectation] = []
    /// The file ``lessons`` were read from: the progress made in them is kept per file, under
    /// `$XDG_STATE_HOME/mbml/lessons/` (see ``LessonFileLocator`` for the file of a manifest).
    /// Nil: progress is not kept.
    public var lessonFile: URL?
    /// A second space shown beside the first (`--compare`): its source, data files and name.
    public var comparison: (source: SpaceSource, dataFiles: [DataFileSpec], label: String)?
    /// Re-evaluate the expression and the pins this often (`--refresh SECONDS`); nil: only on
    /// edits, reloads and Ctrl-R.
    public var refreshInterval: TimeInterval?
    /// An environment built beforehand (JSON read from standard input); when set, `source` and
    /// `dataFiles` are not loaded and nothing is watched.
    public var environment: Environment?
    /// The expression the editor starts with (`--expr EXPRESSION`); nil: an empty editor.
    public var expression: String?
    /// How long one evaluation of the editor's text may run, in seconds (`--timeout`; 0: no limit).
    public var evaluationTimeout: Double = 0
    /// Prints what the user quit with (Ctrl-X, Alt-X) on standard output; called after the terminal
    /// is restored, with standard output back to what it was (a pipe, a file).
    public var output: (InspectorOutput) -> Void = { _ in }

    public init(
        source: SpaceSource, dataFiles: [DataFileSpec] = [], themeName: String? = nil,
        options: EnvironmentOptions = EnvironmentOptions(), includesProcessEnvironment: Bool = false
    ) {
        self.source = source
        self.dataFiles = dataFiles
        self.themeName = themeName
        self.options = options
        self.includesProcessEnvironment = includesProcessEnvironment
    }
}

/// A problem found before the terminal was taken over (the caller prints it).
public struct InspectorStartError: Error, CustomStringConvertible {
    public var description: String
}

/// The interactive inspector: the event loop that polls the terminal, the file watcher and the
/// evaluation queue, turns what arrives into actions, and draws a frame after each batch.
public enum Inspector {
    /// Runs until the user quits (or SIGINT/SIGTERM/SIGHUP/SIGQUIT arrives). The terminal is restored on
    /// every way out.
    /// - Returns: the process exit status: 0 after a normal quit (Ctrl-C, q), 128 + the signal
    ///   number when a signal ended it.
    /// - Throws: ``InspectorStartError`` when the theme cannot be loaded or there is no terminal.
    public static func run(_ configuration: InspectorConfiguration) throws -> Int32 {
        let theme: Theme
        do {
            theme = try ThemeLoader.load(
                configuration.themeName ?? ThemeLoader.defaultThemeName(), folders: configuration.themeFolders)
        } catch {
            throw InspectorStartError(description: String(describing: error))
        }
        guard isatty(STDIN_FILENO) == 1 else {
            throw InspectorStartError(description: "mbml inspect needs a terminal (use `mbml eval` in scripts)")
        }
        // In a pipeline (`mbml data.json | jq`) the screen goes to the terminal; standard output
        // gets what the user quits with (Ctrl-X, Alt-X).
        let pipedOutput = try TerminalOutput.takeTerminal()
        defer { pipedOutput?.restore() }
        if let problem = TerminalCapabilities.unusableTerminalReason() {
            throw InspectorStartError(description: problem)
        }
        let engine =
            configuration.environment.map { EngineController(environment: $0) }
            ?? EngineController(
                source: configuration.source, dataFiles: configuration.dataFiles,
                options: configuration.options,
                includesProcessEnvironment: configuration.includesProcessEnvironment,
                project: configuration.project)
        engine.evaluationTimeout = configuration.evaluationTimeout
        let signals = SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
        let terminal = NcursesScreen(styles: theme.cellStyles(colorCount:))
        NcursesScreen.installCrashGuard()
        defer {
            terminal.shutdown()
            signals.restore()
        }
        let session = InspectorSession(
            engine: engine, size: terminal.size, mode: .background,
            history: HistoryStore.standard())
        let watcher = FileWatcher(paths: [])
        session.watcher = watcher
        session.clipboard = { terminal.copyToClipboard($0) }
        session.openEditor = { [unowned session] file, line in
            let editor = ExternalEditor.command()
            if let problem = ExternalEditor.startProblem(editor: editor) { return problem }
            return terminal.handOver(mouseEnabled: session.state.mouseEnabled) {
                ExternalEditor.run(file: file, line: line, editor: editor)
            }
        }
        session.mouseSwitch = { terminal.setMouseReporting($0) }
        session.start()
        if !configuration.pins.isEmpty { session.send(.addPins(configuration.pins)) }
        if !configuration.lessons.isEmpty {
            let store = configuration.lessonFile.map { LessonProgressStore(lessonFile: $0) }
            session.send(
                .showLessons(configuration.lessons, progress: store?.load() ?? LessonProgress(), store: store))
        }
        if let expression = configuration.expression { session.send(.setExpression(expression)) }
        if let comparison = configuration.comparison {
            let second = EngineController(
                source: comparison.source, dataFiles: comparison.dataFiles,
                options: configuration.options,
                includesProcessEnvironment: configuration.includesProcessEnvironment)
            second.evaluationTimeout = configuration.evaluationTimeout
            session.compare(with: second, label: comparison.label)
        }
        let loop = EventLoop(
            session: session, terminal: terminal, watcher: watcher, signals: signals,
            refreshInterval: configuration.refreshInterval)
        if let signal = loop.run() {
            return 128 + signal
        }
        if let output = session.state.quitOutput {
            terminal.shutdown()
            pipedOutput?.restore()
            configuration.output(output)
        }
        return 0
    }
}
