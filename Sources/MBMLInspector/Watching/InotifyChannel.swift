import Glibc

/// One event read from an inotify descriptor.
struct InotifyEvent: Equatable {
    /// The watch descriptor the event belongs to.
    var watch: Int32
    /// The `IN_*` bits describing what happened.
    var mask: UInt32
    /// The name of the file inside the watched folder, or empty for events about the folder itself.
    var name: String

    /// Whether the kernel dropped events because its queue overflowed (every file may have changed).
    var isOverflow: Bool { mask & UInt32(IN_Q_OVERFLOW) != 0 }

    /// Whether the watched folder itself is gone: deleted, moved away, unmounted, or the watch was removed.
    var endsWatch: Bool {
        mask & (UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_IGNORED) | UInt32(IN_UNMOUNT)) != 0
    }
}

/// A non-blocking inotify descriptor watching folders for the changes an editor makes to a file:
/// writes, attribute changes (`touch`), creation, deletion and renames in either direction.
///
/// Owns the descriptor and closes it on deinit.
final class InotifyChannel {
    /// The descriptor to hand to `poll(2)`.
    let fileDescriptor: Int32

    /// The events every folder watch listens for.
    static let folderMask: UInt32 =
        UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_ATTRIB)
        | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO)
        | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    /// Opens a descriptor; `nil` when the kernel refuses (no inotify support, or the per-user
    /// instance limit is reached).
    init?() {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        fileDescriptor = descriptor
    }

    deinit { close(fileDescriptor) }

    /// Starts watching `directory`; returns the watch descriptor, or `nil` (with `errno` set) when
    /// the folder does not exist or the watch limit is reached. Watching the same folder twice
    /// (also through another name) returns the same descriptor.
    func addWatch(directory: String) -> Int32? {
        let watch = inotify_add_watch(fileDescriptor, directory, Self.folderMask)
        return watch >= 0 ? watch : nil
    }

    /// Stops a watch (the kernel then queues an `IN_IGNORED` event for it).
    func removeWatch(_ watch: Int32) {
        _ = inotify_rm_watch(fileDescriptor, watch)
    }

    /// Reads every event queued right now without blocking.
    func readEvents() -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { events += Self.parse(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return events
    }

    /// Decodes a buffer of `struct inotify_event` records (16-byte header, then `len` bytes of
    /// NUL-padded name).
    static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyEvent] {
        let headerSize = 16
        var events: [InotifyEvent] = []
        var offset = 0
        while offset + headerSize <= bytes.count {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            let nameEnd = min(nameStart + nameLength, bytes.count)
            let nameBytes = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            events.append(InotifyEvent(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self)))
            offset = nameStart + nameLength
        }
        return events
    }
}
