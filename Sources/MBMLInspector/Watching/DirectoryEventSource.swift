/// The system calls ``FileWatcher`` makes to learn about changes in folders: what
/// ``InotifyChannel`` does with inotify, and what a test double does with scripted events, so that
/// rename, delete and overflow sequences can be tested without the kernel, temporary files or sleeps.
protocol DirectoryEventSource: AnyObject {
    /// The descriptor to hand to `poll(2)`, or -1 when there is none.
    var fileDescriptor: Int32 { get }
    /// Starts watching `directory`; the watch descriptor, or nil when the folder cannot be watched.
    /// Watching the same folder twice (also through another name) returns the same descriptor.
    func addWatch(directory: String) -> Int32?
    /// Stops a watch (the source then reports an `IN_IGNORED` event for it).
    func removeWatch(_ watch: Int32)
    /// Every event queued right now, without blocking.
    func readEvents() -> [InotifyEvent]
}

extension InotifyChannel: DirectoryEventSource {}
