import Foundation

/// Notices when any of a set of files changes on disk, however it was written.
///
/// Editors save in different ways: writing in place, writing a temporary file and renaming it over
/// the original (vim, most IDEs), renaming the original to a backup and writing a new file, or
/// deleting and re-creating it. Watching a file's inode misses most of these, so the watcher uses
/// inotify on the *folders* that contain the watched files and matches events by file name.
/// Symbolic links are followed: a file is also matched under its resolved path.
///
/// Changes are debounced: a burst of events (an editor's write, rename and chmod) is reported once,
/// after `debounce` seconds without further events.
///
/// When inotify is unavailable the watcher polls instead, comparing each file's inode, size and
/// modification time every `pollInterval`. A folder that cannot be watched (it does not exist yet,
/// or the watch limit is reached) is polled too, and watched again as soon as that works.
///
/// Usage in an event loop: include ``fileDescriptor`` in `poll(2)` when it is not -1, use
/// ``nextDeadline`` for the timeout, and call ``changedFiles(now:)`` whenever the descriptor is
/// readable or the deadline passed. The class is not thread-safe; use it from one thread.
final class FileWatcher {
    /// How the watcher learns about changes.
    enum Mode: Equatable {
        /// inotify when the kernel provides it, polling otherwise.
        case automatic
        /// Always poll (for file systems where inotify sees nothing, such as some network mounts).
        case polling
    }

    /// Quiet time after the last event before changes are reported.
    let debounce: TimeInterval
    /// How often files are examined when they are polled.
    let pollInterval: TimeInterval

    private var paths = WatchedPaths([])
    private let channel: DirectoryEventSource?
    /// Watch descriptor -> the folders (possibly several names of one inode) it stands for.
    private var directoriesByWatch: [Int32: Set<String>] = [:]
    private var watchByDirectory: [String: Int32] = [:]
    /// Last known signature of every path that is polled (folders without an inotify watch).
    private var polledSignatures: [String: FileSignature] = [:]
    private var nextPollTime = Date.distantPast
    /// Keys (standardized paths) of the caller's files that changed and are not reported yet.
    private var pendingKeys: Set<String> = []
    private var lastEventTime: Date?

    /// Starts watching `paths`. Never fails: without inotify it polls.
    ///
    /// - Parameters:
    ///   - paths: The files to watch; they need not exist yet.
    ///   - debounce: Quiet time after the last event before a change is reported (default 50 ms).
    ///   - pollInterval: How often polled files are examined (default 100 ms).
    ///   - mode: ``Mode/automatic`` (inotify, falling back to polling) or ``Mode/polling``.
    convenience init(
        paths: [URL], debounce: TimeInterval = 0.05, pollInterval: TimeInterval = 0.1,
        mode: Mode = .automatic
    ) {
        self.init(
            paths: paths, debounce: debounce, pollInterval: pollInterval,
            events: mode == .automatic ? InotifyChannel() : nil)
    }

    /// Starts watching `paths` with `events` as the source of folder events (nil: polling only).
    /// Tests pass a scripted source.
    init(paths: [URL], debounce: TimeInterval, pollInterval: TimeInterval, events: DirectoryEventSource?) {
        self.debounce = debounce
        self.pollInterval = pollInterval
        channel = events
        watch(paths: paths)
    }

    /// The inotify descriptor to include in `poll(2)`, or -1 in polling mode.
    var fileDescriptor: Int32 { channel?.fileDescriptor ?? -1 }

    /// Whether changes are found by polling because inotify is unavailable (or polling was asked for).
    var isPolling: Bool { channel == nil }

    /// The files being watched, as given to ``init(paths:debounce:pollInterval:mode:)`` or ``watch(paths:)``.
    var watchedFiles: [URL] { paths.urls }

    /// Replaces the watched set, for example after a reload added or removed an include.
    /// Pending changes to files that remain watched are kept; the others are dropped.
    func watch(paths newPaths: [URL]) {
        paths = WatchedPaths(newPaths)
        pendingKeys.formIntersection(paths.allKeys)
        if pendingKeys.isEmpty { lastEventTime = nil }

        let wanted = paths.directories
        for directory in watchByDirectory.keys where !wanted.contains(directory) {
            unwatch(directory: directory)
        }
        for directory in wanted where watchByDirectory[directory] == nil {
            _ = startWatching(directory: directory)
        }
        let polled = Set(polledPaths)
        polledSignatures = polledSignatures.filter { polled.contains($0.key) }
        for path in polled where polledSignatures[path] == nil {
            polledSignatures[path] = FileSignature.of(path: path)
        }
    }

    /// Reads pending events without blocking and returns the watched files that changed, once
    /// `debounce` has passed since the last relevant event; empty when nothing is due.
    ///
    /// Call it when ``fileDescriptor`` is readable and on a timer (for example every 50 ms, or at
    /// ``nextDeadline``). Files are returned in the order they were given, each once.
    func changedFiles(now: Date = Date()) -> [URL] {
        if let channel {
            for event in channel.readEvents() { handle(event, now: now) }
        }
        if !polledSignatures.isEmpty || hasUnwatchedDirectories, now >= nextPollTime {
            poll(now: now)
            nextPollTime = now.addingTimeInterval(pollInterval)
        }
        guard let lastEventTime, !pendingKeys.isEmpty, now.timeIntervalSince(lastEventTime) >= debounce else {
            return []
        }
        let changed = paths.urls(forKeys: pendingKeys)
        pendingKeys.removeAll()
        self.lastEventTime = nil
        return changed
    }

    /// Forgets every change seen so far: the events waiting are read (a folder that went away is
    /// still polled from then on) and their changes dropped, and polled files are examined afresh. Called when the caller has just reloaded for a reason that covers them
    /// (the user's editor returned: its writes are one save, answered by one reload).
    func discardPendingChanges() {
        if let channel {
            for event in channel.readEvents() { handle(event, now: Date()) }
        }
        pendingKeys.removeAll()
        lastEventTime = nil
        for path in polledSignatures.keys { polledSignatures[path] = FileSignature.of(path: path) }
    }

    /// When ``changedFiles(now:)`` should next be called even if the descriptor stays quiet: the end
    /// of a pending debounce, or the next poll. `nil` when only inotify events can bring news.
    var nextDeadline: Date? {
        var deadlines: [Date] = []
        if let lastEventTime, !pendingKeys.isEmpty { deadlines.append(lastEventTime.addingTimeInterval(debounce)) }
        if !polledSignatures.isEmpty { deadlines.append(nextPollTime) }
        return deadlines.min()
    }

    // MARK: - inotify

    private var hasUnwatchedDirectories: Bool {
        channel != nil && paths.directories.contains { watchByDirectory[$0] == nil }
    }

    /// Paths that are polled: all of them without inotify, else those in folders without a watch.
    private var polledPaths: [String] {
        paths.pathsByDirectory
            .filter { channel == nil || watchByDirectory[$0.key] == nil }
            .flatMap { $0.value }
    }

    private func startWatching(directory: String) -> Bool {
        guard let channel, let watch = channel.addWatch(directory: directory) else { return false }
        watchByDirectory[directory] = watch
        directoriesByWatch[watch, default: []].insert(directory)
        return true
    }

    private func unwatch(directory: String) {
        guard let watch = watchByDirectory.removeValue(forKey: directory) else { return }
        directoriesByWatch[watch]?.remove(directory)
        if directoriesByWatch[watch]?.isEmpty ?? true {
            directoriesByWatch[watch] = nil
            channel?.removeWatch(watch)
        }
    }

    private func handle(_ event: InotifyEvent, now: Date) {
        if event.isOverflow {
            markChanged(paths.allKeys, now: now)
            return
        }
        guard let directories = directoriesByWatch[event.watch] else { return }
        if event.endsWatch {
            // The folder itself went away (or moved): everything in it changed, and it is polled
            // until it can be watched again.
            directoriesByWatch[event.watch] = nil
            if event.mask & UInt32(IN_IGNORED) == 0 { channel?.removeWatch(event.watch) }
            for directory in directories {
                watchByDirectory[directory] = nil
                markChanged(paths.owners(inDirectory: directory), now: now)
                for path in paths.pathsByDirectory[directory] ?? [] {
                    polledSignatures[path] = FileSignature.of(path: path)
                }
            }
            return
        }
        guard !event.name.isEmpty else { return }
        for directory in directories {
            let path = WatchedPaths.path(inDirectory: directory, name: event.name)
            markChanged(paths.owners(ofPath: path), now: now)
        }
    }

    // MARK: - polling

    private func poll(now: Date) {
        // Folders that could not be watched before: watch them now if possible. A file changed in
        // the meantime shows up in the signature comparison below, done one last time for them.
        var nowWatched: Set<String> = []
        if channel != nil {
            for directory in paths.directories where watchByDirectory[directory] == nil {
                if startWatching(directory: directory) {
                    nowWatched.formUnion(paths.pathsByDirectory[directory] ?? [])
                }
            }
        }
        for path in polledPaths + Array(nowWatched) {
            let signature = FileSignature.of(path: path)
            if let previous = polledSignatures[path], previous != signature {
                markChanged(paths.owners(ofPath: path), now: now)
            }
            polledSignatures[path] = nowWatched.contains(path) ? nil : signature
        }
    }

    private func markChanged(_ keys: Set<String>, now: Date) {
        guard !keys.isEmpty else { return }
        pendingKeys.formUnion(keys)
        lastEventTime = now
    }
}
