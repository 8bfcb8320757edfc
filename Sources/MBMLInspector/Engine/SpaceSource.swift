import Foundation

/// Where the inspector's variable space comes from.
public enum SpaceSource: Equatable, Sendable {
    /// A manifest file (and what it includes).
    case manifest(URL)
    /// Manifest text held in memory (the built-in tutorial sample), named `name` in messages.
    case text(String, name: String)
    /// No manifest: only the standard variables and any data files.
    case empty

    /// Whether this is the tutorial manifest built into the binary (bare `mbml`), which has no lessons.
    public var isBuiltInSample: Bool {
        self == .text(BuiltInSample.manifest, name: BuiltInSample.name)
    }
}
