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

    /// What says the open file's bytes are unchanged: its size and the time of its last write (a
    /// file renamed over it, as editors save, leaves this one's bytes and times alone).
    struct Identity: Equatable {
        var size: Int64
        var modification: [Int]

        /// The identity of the open `descriptor`, or nil when `fstat` fails.
        init?(descriptor: Int32) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return nil }
            size = Int64(info.st_size)
            #if canImport(Darwin)
            modification = [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
            #else
            modification = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
            #endif
        }
    }

    /// Maps the whole of the open regular `file` (at least one byte long).
    /// - Throws: `FunctionError` with the system's reason.
    init(_ file: FileDoor.OpenFile, path: String) throws {
        guard !file.isPipe, file.size > 0, let identity = Identity(descriptor: file.descriptor) else {
            throw FunctionError("couldn't map \"\(path)\": it is not a regular file with bytes in it")
        }
        guard let start = mmap(nil, file.size, PROT_READ, MAP_PRIVATE, file.descriptor, 0), start != MAP_FAILED
        else { throw FileDoor.failure("map", path, code: errno) }
        self.file = file
        self.path = path
        self.identity = identity
        buffer = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: file.size)
    }

    deinit {
        if let start = buffer.baseAddress { munmap(UnsafeMutableRawPointer(mutating: start), buffer.count) }
    }

    /// Calls `body` while another thread maps the file's pages into the process ahead of it
    /// (`MADV_POPULATE_READ`, a few megabytes at a time, front to back), so that a pass over the
    /// bytes does not stop at a page fault every 64 KiB: the page tables of a gigabyte take a third
    /// of a second of the kernel's time, on the other core. Populating never faults the process (a
    /// file truncated meanwhile makes the call fail, and the thread stop); it stops too when `body`
    /// returns first. Where the system has no such call, `body` runs alone.
    func populatingAhead<Result>(_ body: () throws -> Result) rethrows -> Result {
        #if os(Linux)
        guard buffer.count >= Self.populationChunk * 2, let base = buffer.baseAddress else { return try body() }
        // Only its abandonment is used: `body` abandons it when it is done.
        let stop = ArrivingBytes()
        let done = DispatchSemaphore(value: 0)
        let start = UInt(bitPattern: base)
        let count = buffer.count
        DispatchQueue.global().async {
            var offset = 0
            while offset < count, !stop.isAbandoned {
                let length = min(Self.populationChunk, count - offset)
                // The mapping outlives this thread: `body` does not return before `done` is signalled.
                guard let chunk = UnsafeMutableRawPointer(bitPattern: start + UInt(offset)),
                    madvise(chunk, length, Self.populateRead) == 0
                else { break }
                offset += length
            }
            done.signal()
        }
        defer {
            stop.abandon()
            done.wait()
        }
        return try body()
        #else
        return try body()
        #endif
    }

    /// How much ``populatingAhead(_:)`` maps at a time.
    private static let populationChunk = 4 << 20
    /// `MADV_POPULATE_READ` (Linux 5.14): older kernels refuse it with `EINVAL`, and nothing is populated.
    private static let populateRead: Int32 = 22

    /// Throws ``FileChangedWhileRead`` when the file is no longer what was mapped: another size, or
    /// written since.
    func checkUnchanged() throws {
        guard Identity(descriptor: file.descriptor) == identity else { throw FileChangedWhileRead(path: path) }
    }
}
