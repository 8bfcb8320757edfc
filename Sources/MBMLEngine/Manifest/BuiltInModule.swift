import Foundation

/// A module of the original (an `MBModule` class with its own MBML file) that the port has built in
/// (<doc:Manifests>).
///
/// The core module, ``core``, is enabled in every environment, as in the original. Others are
/// enabled the ways the original's apps enabled them: a `modules="MBGeolocationModule"` attribute on
/// the manifest's `<MBML>` element, an `<Include>` of the module's file, or
/// ``Environment/enable(_:)`` (the original's `+[MBEnvironment enableModuleClass:]`). An enabled
/// module's file is reported as loaded (``Environment/mbmlPathsLoaded``), so that
/// `^mbmlFileIsLoaded(MBGeolocationModule.xml)` answers as in the original; its functions are
/// declared in every environment either way.
public struct BuiltInModule: Sendable, Hashable {
    /// The original's module class, as a manifest's `modules` attribute names it.
    public let className: String

    /// The original's core module, `MBDataEnvironmentModule.xml`: the standard variables and the
    /// function library.
    public static let core = BuiltInModule("MBDataEnvironmentModule")
    /// The original's geolocation module (`MBGeolocation`): the Geolocation functions.
    public static let geolocation = BuiltInModule("MBGeolocationModule")

    /// Every built-in module.
    public static let all: [BuiltInModule] = [core, geolocation]

    /// The module's MBML file name: the class name with `.xml`, as the original names it.
    public var fileName: String { className + ".xml" }

    /// The path the module's file is reported under: `<built-in>/` (a compiler's name for what has
    /// no file) and ``fileName``.
    public var reportedPath: String { "<built-in>/" + fileName }

    /// The built-in module whose class is `className`, if any.
    public init?(className: String) {
        guard Self.all.contains(where: { $0.className == className }) else { return nil }
        self.className = className
    }

    /// The built-in module whose file is `fileName`, if any.
    public init?(fileName: String) {
        guard let module = Self.all.first(where: { $0.fileName == fileName }) else { return nil }
        self = module
    }

    private init(_ className: String) {
        self.className = className
    }
}
