import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a regular file mapped read-only and private, through the descriptor `FileDoor`
/// opened and checked (``FileDoor/map(_:as:policy:maximumSize:)``); unmapped when the value goes
/// away. When it may be used, and what it can not survive: ``DataFileReading``.
final class MappedFile: Sendable {
    /// The file's bytes, as they were when it was mapped (see ``DataFileReading``).
    nonisolated(unsafe) let buffer: UnsafeBufferPointer<UInt8>
    /// The file as named, for messages.
    let path: String
    /// The open file: its descriptor is what the identity is checked through (only its immutable
    /// descriptor is read, from any thread).
    nonisolated(unsafe) private let file: FileDoor.OpenFile
    private let identity: Identity
    /// The mapping's slot in the `SIGBUS` guard (``MappedFileGuard``), on Linux.
    private let guardSlot: Int?

    /// What says the open file's bytes are unchanged, read through its descriptor (`fstat`): which
    /// file it is (device and inode), its size, the time of its last write (mtime) and the time its
    /// inode last changed (ctime), which a write, a truncation or a reset of the mtime (`utimes`)
    /// moves and no user can set back. A write in place at the same size whose mtime was put back
    /// shows in the ctime.
    ///
    /// The ctime also moves when the file is renamed, linked, unlinked or has its mode changed,
    /// bytes untouched: such a file is reported as changed (run again), except when the change left
    /// it with no name at all — renamed over, as editors save, or deleted — whose bytes only a
    /// process that already held it open can write (``isUnchanged(since:)``).
    struct Identity {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modification: Timestamp
        var change: Timestamp
        /// How many names (hard links) the file has.
        var links: UInt64

        /// Seconds and nanoseconds.
        struct Timestamp: Equatable {
            var seconds: Int
            var nanoseconds: Int
        }

        /// The identity of the open `descriptor`, or nil when `fstat` fails.
        init?(descriptor: Int32) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            links = UInt64(info.st_nlink)
            #if canImport(Darwin)
            modification = Timestamp(seconds: Int(info.st_mtimespec.tv_sec), nanoseconds: info.st_mtimespec.tv_nsec)
            change = Timestamp(seconds: Int(info.st_ctimespec.tv_sec), nanoseconds: info.st_ctimespec.tv_nsec)
            #else
            modification = Timestamp(seconds: Int(info.st_mtim.tv_sec), nanoseconds: info.st_mtim.tv_nsec)
            change = Timestamp(seconds: Int(info.st_ctim.tv_sec), nanoseconds: info.st_ctim.tv_nsec)
            #endif
        }

        /// Whether this identity, taken now, says the bytes are those of the file whose identity
        /// was `earlier`: the same file, size and mtime, and the same ctime unless the file has
        /// since lost its last name (see the type).
        func isUnchanged(since earlier: Identity) -> Bool {
            guard device == earlier.device, inode == earlier.inode, size == earlier.size,
                modification == earlier.modification
            else { return false }
            return change == earlier.change || (links == 0 && earlier.links > 0)
        }
    }

    /// Maps the whole of the open regular `file` (at least one byte long), guarded against its
    /// truncation (``MappedFileGuard``).
    /// - Throws: `FunctionError` with the system's reason; ``FileChangedWhileRead`` when its size
    ///   changed since it was opened; ``MappedFileGuard/Full`` when no more mappings can be guarded
    ///   (read the file instead).
    init(_ file: FileDoor.OpenFile, path: String) throws {
        guard !file.isPipe, file.size > 0, let identity = Identity(descriptor: file.descriptor) else {
            throw FunctionError("couldn't map \"\(path)\": it is not a regular file with bytes in it")
        }
        // The size the door saw when it opened the file is the size mapped.
        guard identity.size == Int64(file.size) else { throw FileChangedWhileRead(path: path) }
        guard let start = mmap(nil, file.size, PROT_READ, MAP_PRIVATE, file.descriptor, 0), start != MAP_FAILED
        else { throw FileDoor.failure("map", path, code: errno) }
        self.file = file
        self.path = path
        self.identity = identity
        let buffer = UnsafeBufferPointer(
            start: UnsafePointer(start.assumingMemoryBound(to: UInt8.self)), count: file.size)
        #if os(Linux) && canImport(Glibc)
        guard let slot = MappedFileGuard.register(buffer) else {
            munmap(start, file.size)
            throw MappedFileGuard.Full()
        }
        guardSlot = slot
        #else
        guardSlot = nil
        #endif
        self.buffer = buffer
    }

    deinit {
        if let guardSlot { MappedFileGuard.unregister(guardSlot) }
        if let start = buffer.baseAddress { munmap(UnsafeMutableRawPointer(mutating: start), buffer.count) }
    }

    /// Whether a read met a page past the file's end (it was truncated while mapped, and zeros were
    /// read there: ``MappedFileGuard``).
    var isDamaged: Bool {
        guardSlot.map(MappedFileGuard.isDamaged) ?? false
    }

    /// Calls `body` — a single pass over the bytes, front to back — with a closure it calls now and
    /// then with the position it has reached, and keeps only a window of the file around that
    /// position in the process's memory:
    ///
    /// - **Ahead**, another thread maps the next pages into the process (`MADV_POPULATE_READ`,
    ///   ``populationChunk`` at a time, at most ``populationLead`` past the position), so that the
    ///   pass does not stop at a page fault every 64 KiB: the page tables of a gigabyte take a third
    ///   of a second of the kernel's time, on the other core. Populating never faults the process (a
    ///   file truncated meanwhile makes the call fail, and the thread stop).
    /// - **Behind**, the pass's own thread gives the pages it has passed back (`MADV_DONTNEED`,
    ///   ``releaseChunk`` at a time), and all of them when `body` returns. The mapping is read-only
    ///   and private and never written, so no page of it is the process's own: the pages stay in the
    ///   system's cache of the file, and a later read of them (a value the expression touches) maps
    ///   them in again from there, without reading the disk.
    ///
    /// So the file's pages count toward the process's resident memory only while the pass is near
    /// them: holding a file of any size costs the window (about ``populationLead`` +
    /// ``releaseChunk``) plus what reading it makes, not the file. Where the system has no such
    /// calls, `body` runs alone and the pages stay until the mapping goes.
    func scanning<Result>(_ body: (_ passing: (Int) -> Void) throws -> Result) rethrows -> Result {
        #if os(Linux)
        guard buffer.count >= Self.populationChunk * 2, let base = buffer.baseAddress else {
            defer { releaseAll() }
            return try body { _ in }
        }
        // How far the pass has come; finished (and abandoned) when `body` returns.
        let progress = ArrivingBytes()
        let done = DispatchSemaphore(value: 0)
        let start = UInt(bitPattern: base)
        let count = buffer.count
        DispatchQueue.global().async {
            var offset = 0
            while offset < count, !progress.isAbandoned {
                // Not more than the lead ahead of the pass, and never behind it (where pages are
                // given back).
                // Looked at every ``populationInterval``: this thread sleeps through most of the scan.
                let reached = progress.wait(until: offset - Self.populationLead, lookingEvery: Self.populationInterval)
                guard !progress.isAbandoned else { break }
                offset = max(offset, reached / Self.pageSize * Self.pageSize)
                guard offset < count else { break }
                let length = min(Self.populationChunk, count - offset)
                // The mapping outlives this thread: `body` does not return before `done` is signalled.
                guard let chunk = UnsafeMutableRawPointer(bitPattern: start + UInt(offset)),
                    madvise(chunk, length, Self.populateRead) == 0
                else { break }
                offset += length
            }
            done.signal()
        }
        var released = 0
        defer {
            progress.abandon()
            progress.finish()
            done.wait()
            releaseAll()
        }
        return try body { position in
            progress.arrive(upTo: position)
            let end = min(position, count) / Self.pageSize * Self.pageSize
            guard end - released >= Self.releaseChunk else { return }
            release(released..<end)
            released = end
        }
        #else
        return try body { _ in }
        #endif
    }

    /// Gives back the process's pages of the whole file (they stay in the system's cache of it).
    func releaseAll() {
        release(0..<buffer.count)
    }

    /// Gives back the process's pages of the bytes in `range` (from a page boundary); they stay in
    /// the system's cache of the file, and a later read maps them in again (``PassedPages``).
    func release(_ range: Range<Int>) {
        #if os(Linux)
        guard let base = buffer.baseAddress, !range.isEmpty else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + range.lowerBound), range.count, MADV_DONTNEED)
        #endif
    }

    /// Maps the process's pages of the bytes in `range` (from a page boundary) from the system's
    /// cache of the file, so that reading them does not stop at a page fault every 64 KiB
    /// (`MADV_POPULATE_READ`; nothing where the system has no such call, or the file was truncated).
    func populate(_ range: Range<Int>) {
        #if os(Linux)
        guard let base = buffer.baseAddress, !range.isEmpty else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + range.lowerBound), range.count, Self.populateRead)
        #endif
    }

    /// How much ``scanning(_:)`` maps at a time.
    private static let populationChunk = 2 << 20
    /// How far ahead of the pass ``scanning(_:)`` maps pages at most (besides the chunk it maps).
    private static let populationLead = 4 << 20
    /// How often, in microseconds, the thread that maps pages ahead looks where the pass is: every
    /// 2 ms, while the pass moves about two megabytes (a chunk), which it then maps, and wakes
    /// some 500 times a gigabyte. Every half millisecond, it woke four times as often for the same
    /// work (the pass reports its position once a megabyte): on a single free core each wake-up
    /// takes the pass's core for a moment (`strace -c`: 4,187 sleeps for one scan of the
    /// gigabyte of people, with the pass's other waits).
    private static let populationInterval: UInt32 = 2000
    /// How many passed bytes ``scanning(_:)`` gives back at a time.
    private static let releaseChunk = 4 << 20
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    /// `MADV_POPULATE_READ` (Linux 5.14): older kernels refuse it with `EINVAL`, and nothing is populated.
    private static let populateRead: Int32 = 22
    /// Throws ``FileChangedWhileRead`` when the file is no longer what was mapped: another size, or
    /// written since (``Identity/isUnchanged(since:)``), or truncated under a read (``isDamaged``).
    func checkUnchanged() throws {
        guard !isDamaged, Identity(descriptor: file.descriptor)?.isUnchanged(since: identity) == true else {
            throw FileChangedWhileRead(path: path)
        }
    }
}
