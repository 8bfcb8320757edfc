import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The bytes of a file, read into memory of their own whose pages can be given back to the system
/// piece by piece.
///
/// Data files can be large; the JSON reader hands back the text it has passed
/// (``JSONCodec/decodePlain(_:maximumDepth:release:)``), so that at no time the whole file's text
/// and all of its values are held together. The memory is an anonymous private mapping filled by
/// `read`, not a mapping of the file itself: a file truncated while it is read cannot fault the
/// process.
final class FileBytes {
    /// The file's bytes (those of a released range read as zeros).
    let buffer: UnsafeBufferPointer<UInt8>
    private let mapping: UnsafeMutableRawPointer
    private let mappedSize: Int
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Reads the regular data file at `path` through `FileDoor` (a FIFO, device or directory is
    /// refused by what it is; a file larger than `maximumSize` by its size).
    /// - Throws: `FunctionError` with the system's reason.
    init(path: String, maximumSize: Int = FileLimits().data, checkCancellation: () throws -> Void = {}) throws {
        let file = try FileDoor.open(path, as: .data, policy: .anywhere, maximumSize: maximumSize)
        // The descriptor is closed with `file`: keep it open until the reading is done.
        defer { withExtendedLifetime(file) {} }
        let descriptor = file.descriptor
        let size = file.size
        let mappedSize = max(Self.pageSize, (size + Self.pageSize - 1) / Self.pageSize * Self.pageSize)
        guard let mapping = mmap(nil, mappedSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != MAP_FAILED
        else { throw FileDoor.failure("read", path, code: errno) }
        var count = 0
        // A file that grows while it is read is read up to the size it had when opened.
        while count < size {
            do {
                try checkCancellation()
            } catch {
                munmap(mapping, mappedSize)
                throw error
            }
            let chunk = read(descriptor, mapping + count, min(size - count, 1 << 20))
            if chunk == 0 { break }
            if chunk < 0 {
                if errno == EINTR { continue }
                let code = errno
                munmap(mapping, mappedSize)
                throw FileDoor.failure("read", path, code: code)
            }
            count += chunk
        }
        self.mapping = mapping
        self.mappedSize = mappedSize
        buffer = UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: count)
    }

    deinit {
        munmap(mapping, mappedSize)
    }

    /// The bytes of the data `file` (opened through `FileDoor`, which refuses a FIFO, device or
    /// directory by what it is) in an array of their own, for a ``JSONDocument`` that keeps them,
    /// and what `consume` made of them; `path` names the file in messages. `consume` runs while another thread reads the file: it gets the whole buffer and an
    /// ``ArrivingBytes`` that says how much of it is in place, so that reading (a third of the time
    /// for a large file) and the JSON pass overlap on two cores.
    /// - Throws: `FunctionError` with the system's reason.
    static func array<Result>(
        _ file: FileDoor.OpenFile, path: String,
        whileReading consume: (UnsafeBufferPointer<UInt8>, ArrivingBytes) throws -> Result
    ) throws -> (bytes: [UInt8], result: Result) {
        // The descriptor is closed with `file`: keep it open until the reading is done.
        defer { withExtendedLifetime(file) {} }
        let descriptor = file.descriptor
        let size = file.size
        let arrived = ArrivingBytes()
        let failure = Mutex<Int32>(0)
        let done = DispatchSemaphore(value: 0)
        var result: Swift.Result<Result, Error> = .failure(CancellationFailure())
        let bytes = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { buffer, count in
            // No huge pages here (``HugePages``): on the VM this was measured on, a gigabyte in
            // 2 MiB pages took twice the CPU time of 4 KiB ones, nearly all of it clearing them.
            // The reader writes only bytes the consumer does not read until `arrived` says so.
            nonisolated(unsafe) let target = buffer
            DispatchQueue.global().async {
                var filled = 0
                // A file that grows while it is read is read up to the size it had when opened.
                while filled < size, !arrived.isAbandoned, let start = target.baseAddress {
                    let chunk = read(descriptor, start + filled, min(size - filled, 1 << 22))
                    if chunk == 0 { break }
                    if chunk < 0 {
                        if errno == EINTR { continue }
                        let code = errno
                        failure.withLock { $0 = code }
                        break
                    }
                    filled += chunk
                    arrived.arrive(upTo: filled)
                }
                arrived.finish()
                done.signal()
            }
            let filledBuffer = UnsafeBufferPointer(start: buffer.baseAddress, count: size)
            result = Swift.Result { try consume(filledBuffer, arrived) }
            // A consumer that failed (a cancelled load) needs no more bytes.
            if case .failure = result { arrived.abandon() }
            done.wait()
            count = arrived.wait(until: size)
        }
        let code = failure.withLock { $0 }
        if code != 0 { throw FileDoor.failure("read", path, code: code) }
        // A file that shrank while it was read: what was read is all there is.
        if bytes.count < size {
            let whole = ArrivingBytes()
            whole.arrive(upTo: bytes.count)
            whole.finish()
            return (bytes, try bytes.withUnsafeBufferPointer { try consume($0, whole) })
        }
        return (bytes, try result.get())
    }

    /// Gives back the whole pages inside `range`; they read as zeros afterwards.
    func release(_ range: Range<Int>) {
        let start = (range.lowerBound + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        let end = range.upperBound / Self.pageSize * Self.pageSize
        guard end > start else { return }
        madvise(mapping + start, end - start, MADV_DONTNEED)
    }
}
