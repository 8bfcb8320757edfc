import Foundation

/// The original's core module, `MBDataEnvironmentModule.xml`, as a loaded file (<doc:Manifests>).
///
/// In the original every environment loads the core module's MBML file, which declares the standard
/// variables and the function library, and reports it among its loaded files: right after the
/// manifest (the module files come before the manifest's includes), or alone when no manifest was
/// loaded. Manifests and templates test for it with `^mbmlFileIsLoaded(MBDataEnvironmentModule.xml)`.
/// The port has the module built in; it reports it in the same place, under
/// ``coreModulePath``, in `^mbmlLoadedPaths()`, `^mbmlLoadedFiles()`, `^mbmlFileIsLoaded()`,
/// `^mbmlPathIsLoaded()` and `$Environment.mbmlPathsLoaded`. ``loadedFiles`` stays the files really
/// read from disk.
extension Environment {
    /// The file name of the original's core module.
    public static let coreModuleFileName = "MBDataEnvironmentModule.xml"

    /// The path the built-in core module is reported under. Its last component is
    /// ``coreModuleFileName``; the `<built-in>` folder (a compiler's name for what has no file) says
    /// it is not on disk.
    public static let coreModulePath = "<built-in>/" + coreModuleFileName

    /// Every MBML file loaded, as the original reports them: the manifest, then the built-in core
    /// module (``coreModulePath``), then the rest of ``loadedFiles`` in load order.
    public var mbmlPathsLoaded: [String] { facts.mbmlPathsLoaded }
}

extension EnvironmentFacts {
    /// See ``Environment/mbmlPathsLoaded``. An environment that knows only its manifest path
    /// reports that as its manifest.
    var mbmlPathsLoaded: [String] {
        var paths = loadedFiles
        if paths.isEmpty, let manifest = manifestPath { paths = [manifest] }
        paths.insert(Environment.coreModulePath, at: Swift.min(1, paths.count))
        return paths
    }
}
