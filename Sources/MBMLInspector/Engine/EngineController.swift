import Foundation
import MBMLEngine

/// The inspector's only door to the engine: loads the space (``EngineController+Loading``), parses
/// and evaluates the editor's text (``EngineController+Evaluation``), and turns the answers into
/// ``InspectorAction`` values, so that the reducer stays pure.
///
/// A load that is never blocked by warnings replaces the environment; a load whose manifest cannot
/// be loaded keeps the last good one.
final class EngineController {
    let source: SpaceSource
    let dataFiles: [DataFileSpec]
    let options: EnvironmentOptions
    /// The environment expressions are evaluated in (the last one that loaded).
    var environment: Environment
    /// The evaluation wanted now (its number is the reducer's evaluation generation).
    let evaluation = Generation()
    /// The newest load: a load, and the dynamic variables it leaves to compute, stop when a newer
    /// load starts or the user cancels.
    let loading = Generation()
    /// Whether a space was taken (a failed first load still shows an empty one).
    var hasLoaded = false
    /// The dynamic values the tree computed for the space on show: evaluations of the editor's
    /// text read them instead of computing them again.
    let dynamicValues = DynamicValueStore()
    /// The load generation of the space on show (``dynamicValues`` are of it).
    var shownLoadGeneration = 0

    /// Whether `$ENV` (the process environment) loads before everything else.
    let includesProcessEnvironment: Bool
    /// The project whose inputs load first (nil: none), read again before each load: the project
    /// file is watched with the inputs. One that no longer reads keeps the last good project
    /// (``EngineController+Loading``).
    var project: ProjectFile?
    /// How long one evaluation of the editor's text may run, in seconds (`--timeout`; 0: no limit):
    /// past it the contexts left show an error.
    var evaluationTimeout: Double = 0

    init(
        source: SpaceSource, dataFiles: [DataFileSpec] = [], options: EnvironmentOptions = EnvironmentOptions(),
        includesProcessEnvironment: Bool = false, project: ProjectFile? = nil
    ) {
        self.source = source
        self.dataFiles = dataFiles
        self.options = options
        self.includesProcessEnvironment = includesProcessEnvironment
        self.project = project
        environment = Environment(options: options)
    }

    /// A controller around an environment built elsewhere (tests, the benchmark). ``load(now:)``
    /// then only takes a new snapshot of it.
    init(environment: Environment) {
        source = .empty
        dataFiles = []
        options = environment.options
        includesProcessEnvironment = false
        project = nil
        self.environment = environment
        hasLoaded = true
        preloaded = true
    }

    /// Set by ``init(environment:)``.
    private(set) var preloaded = false

    /// Whether this controller wraps an environment built elsewhere (loads only take a snapshot).
    var isPreloaded: Bool { preloaded }

    /// The folder the inspector runs in (links resolved): a project file found in it or below is
    /// named from there in the status line.
    var workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        .resolvingSymlinksInPath().path

    /// The manifest's name as shown in the status line: as the user gave it; a project file found
    /// by walking up, relative to the working folder when it is in it (`mbml.json`, `docs/mbml.json`).
    var manifestDisplayName: String? {
        switch source {
        case .manifest(let url): return url.relativePath
        case .text(_, let name): return name + " (built in)"
        case .empty:
            if preloaded { return environment.manifestPath }
            guard let project else { return dataFiles.first?.path }
            let folder = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
            return project.path.hasPrefix(folder) ? String(project.path.dropFirst(folder.count)) : project.path
        }
    }
}
