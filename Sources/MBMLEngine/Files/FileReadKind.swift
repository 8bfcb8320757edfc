/// What a file is read for (<doc:RunningUntrustedMBML>). The kind decides whether the file-read
/// policy applies, whether a last-step symbolic link is followed by the system, what may be read
/// besides a regular file, and which size limit of ``FileLimits`` holds.
public enum FileReadKind: String, Sendable, CaseIterable {
    /// `^fileContents`, `^fileData` and `^listDirectory`: a name that came from MBML. Under the
    /// policy; regular files only (directories for `^listDirectory`).
    case function
    /// A manifest's `<Include>`: a name that came from a manifest. Under the policy; regular files only.
    case include
    /// A manifest or template the person running mbml named. Not under the policy (they named it);
    /// a pipe is read too (`--manifest <(command)`), a device or socket is refused.
    case manifest
    /// A JSON data file the person running mbml named (`--data`). Not under the policy; regular files only.
    case data
    /// An expectation or lesson file, named by the person running mbml or found next to their
    /// manifest. Not under the policy; regular files only.
    case expectations
    /// A project file (`mbml.json`), found beside or above what the person running mbml opened.
    /// Not under the policy (it decides part of it); regular files only, at most
    /// ``ProjectFile/maximumSize`` bytes.
    case project

    /// Whether the name came from MBML, so the file-read policy decides whether it may be read.
    public var isUnderPolicy: Bool { self == .function || self == .include }

    /// Whether a pipe (a FIFO, `<(command)`) is read besides regular files.
    var readsPipes: Bool { self == .manifest }
}

/// The largest file each ``FileReadKind`` reads, in bytes (`^fileContents` and `^fileData` keep
/// ``EnvironmentOptions/maximumFileSize``). A larger file is refused by its size before it is read,
/// and a pipe is read no further than the limit.
public struct FileLimits: Equatable, Sendable {
    /// An `<Include>`d manifest: 1 GiB by default.
    public var include: Int
    /// A manifest or template named on the command line: 1 GiB by default.
    public var manifest: Int
    /// A `--data` file: 16 GiB by default (data files are read lazily, see the README's figures).
    public var data: Int
    /// An expectation or lesson file: 64 MiB by default.
    public var expectations: Int

    public init(include: Int = 1 << 30, manifest: Int = 1 << 30, data: Int = 1 << 34, expectations: Int = 64 << 20) {
        self.include = include
        self.manifest = manifest
        self.data = data
        self.expectations = expectations
    }

    /// The limit for `kind`; `functionLimit` is the one for ``FileReadKind/function``.
    public func maximumSize(for kind: FileReadKind, functionLimit: Int) -> Int {
        switch kind {
        case .function: return functionLimit
        case .include: return include
        case .manifest: return manifest
        case .data: return data
        case .expectations: return expectations
        case .project: return ProjectFile.maximumSize
        }
    }
}
