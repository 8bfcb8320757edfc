import Foundation

/// The original's modules as loaded files (<doc:Manifests>).
///
/// In the original every environment loads the core module's MBML file, which declares the standard
/// variables and the function library, and reports it among its loaded files: right after the
/// manifest (the enabled modules' files come before the manifest's includes), or alone when no
/// manifest was loaded. Manifests and templates test for it with
/// `^mbmlFileIsLoaded(MBDataEnvironmentModule.xml)`. The port has its modules built in
/// (``BuiltInModule``); it reports each enabled one in the same place, under
/// ``BuiltInModule/reportedPath``, in `^mbmlLoadedPaths()`, `^mbmlLoadedFiles()`,
/// `^mbmlFileIsLoaded()`, `^mbmlPathIsLoaded()` and `$Environment.mbmlPathsLoaded`.
/// ``loadedFiles`` stays the files really read from disk.
extension Environment {
    /// The built-in modules enabled in this environment, in the order they were enabled; the core
    /// module always comes first.
    public var enabledModules: [BuiltInModule] { facts.enabledModules }

    /// Enables a built-in module (the original's `+[MBEnvironment enableModuleClass:]`): its file is
    /// reported as loaded from now on. Enabling an enabled module does nothing.
    public func enable(_ module: BuiltInModule) {
        facts.withValues { facts in
            if !facts.enabledModules.contains(module) { facts.enabledModules.append(module) }
        }
    }

    /// Every MBML file loaded, as the original reports them: the manifest, then the enabled modules'
    /// files (``enabledModules``, as ``BuiltInModule/reportedPath``), then the rest of
    /// ``loadedFiles`` in load order.
    public var mbmlPathsLoaded: [String] { facts.mbmlPathsLoaded }
}

extension EnvironmentFacts {
    /// See ``Environment/mbmlPathsLoaded``.
    var mbmlPathsLoaded: [String] { withValues { $0.mbmlPathsLoaded } }
}

extension EnvironmentFacts.Values {
    /// See ``Environment/mbmlPathsLoaded``. An environment that knows only its manifest path
    /// reports that as its manifest.
    var mbmlPathsLoaded: [String] {
        var paths = loadedFiles
        if paths.isEmpty, let manifest = manifestPath { paths = [manifest] }
        paths.insert(contentsOf: enabledModules.map(\.reportedPath), at: Swift.min(1, paths.count))
        return paths
    }
}
