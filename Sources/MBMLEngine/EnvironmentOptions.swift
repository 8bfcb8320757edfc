import Foundation

/// Choices the host makes for an ``Environment``.
public struct EnvironmentOptions: Sendable {
    /// Functions that delete or write files (`^deleteFile`, ...) are refused unless this is true.
    public var allowsFileWrites: Bool
    /// Extra folders searched for includes, after the including file's folder (<doc:Manifests>).
    public var searchDirectories: [URL]
    /// Hard limit on nesting in an expression (brackets, `#(`, calls) and on evaluation re-entry
    /// (`^eval`, dynamic variables). Deeper input is an error, never a stack overflow — provided the
    /// evaluating thread has a stack of at least 8 MB (the main thread has; a background `Thread` must
    /// set `stackSize`; debug builds use about 12 KB of stack per nesting level, release builds far less).
    public var maximumNestingDepth: Int
    /// Hard limit on `<Include>` depth and on `<Var>` nesting in a manifest.
    public var maximumIncludeDepth: Int
    /// The largest file `^fileContents`/`^fileData` read, in bytes; larger files are an error.
    public var maximumFileSize: Int
    /// Where `^fileContents`, `^fileData`, `^listDirectory` and `<Include>` may read; by default
    /// anywhere but `/proc`, `/sys` and `/dev`.
    public var fileReadPolicy: FileReadPolicy = .anywhere
    /// The largest manifest, include, data and expectation file read (``FileLimits``).
    public var fileLimits = FileLimits()
    /// Whether large `--data` files are copied (the default, for hosts that hold files while they
    /// change) or mapped (one-shot commands): ``DataFileReading``.
    public var dataFileReading: DataFileReading = .read

    /// The memory budget of one evaluation, in bytes: what the texts, collections and file reads it
    /// builds add up to (see <doc:RunningUntrustedMBML>); past it the evaluation ends with
    /// ``MemoryBudgetExceeded``. 0 turns it off.
    public var maximumEvaluationBytes: Int = defaultMaximumEvaluationBytes

    /// The default ``maximumFileSize``: 64 MiB.
    public static let defaultMaximumFileSize = 64 << 20

    /// The default ``maximumEvaluationBytes``: 1 GiB, far beyond what real templates and data
    /// build, and well below what a machine can hold.
    public static let defaultMaximumEvaluationBytes = 1 << 30

    public init(
        allowsFileWrites: Bool = false, searchDirectories: [URL] = [],
        maximumNestingDepth: Int = 100, maximumIncludeDepth: Int = 32,
        maximumFileSize: Int = defaultMaximumFileSize
    ) {
        self.allowsFileWrites = allowsFileWrites
        self.searchDirectories = searchDirectories
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumIncludeDepth = maximumIncludeDepth
        self.maximumFileSize = maximumFileSize
    }
}
