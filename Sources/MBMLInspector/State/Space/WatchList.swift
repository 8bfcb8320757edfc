import Foundation

/// The files whose change reloads the spaces: those the space on show read, and those of the
/// space compared with (`--compare`). A good load replaces a space's files; a failed one adds its
/// files to them, so that both a fix and a return to the old text are noticed.
struct WatchList: Equatable {
    /// The files of the space on show.
    private(set) var space: [URL] = []
    /// The files of the space compared with.
    private(set) var comparison: [URL] = []

    /// The space on show read `files`.
    mutating func spaceRead(_ files: [URL], failed: Bool) {
        space = failed ? Self.merged(space, files) : files
    }

    /// The space compared with read `files`.
    mutating func comparisonRead(_ files: [URL], failed: Bool) {
        comparison = failed ? Self.merged(comparison, files) : files
    }

    /// The two spaces changed places (F7).
    mutating func switchSpaces() {
        swap(&space, &comparison)
    }

    /// Every file to watch, each once, those of the space on show first.
    var all: [URL] { Self.merged(space, comparison) }

    private static func merged(_ first: [URL], _ second: [URL]) -> [URL] {
        var seen = Set<String>()
        return (first + second).filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
