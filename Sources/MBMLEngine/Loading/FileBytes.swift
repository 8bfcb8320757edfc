import Foundation

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

    /// Reads the regular file at `path` (a FIFO, device or directory is refused by what it is).
    /// - Throws: `FunctionError` with the system's reason.
    init(path: String, checkCancellation: () throws -> Void = {}) throws {
        let (descriptor, size) = try FileSystemAccess.openRegularFile(path, maximumSize: Int.max)
        defer { close(descriptor) }
        let mappedSize = max(Self.pageSize, (size + Self.pageSize - 1) / Self.pageSize * Self.pageSize)
        guard let mapping = mmap(nil, mappedSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != MAP_FAILED
        else { throw FileSystemAccess.failure("read", path, code: errno) }
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
                throw FileSystemAccess.failure("read", path, code: code)
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

    /// The bytes of the regular file at `path` in an array of their own (a FIFO, device or directory
    /// is refused by what it is), for a ``JSONDocument`` that keeps them.
    /// - Throws: `FunctionError` with the system's reason.
    static func array(path: String) throws -> [UInt8] {
        let (descriptor, size) = try FileSystemAccess.openRegularFile(path, maximumSize: Int.max)
        defer { close(descriptor) }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { buffer, count in
            count = 0
            adviseHugePages(buffer)
            // A file that grows while it is read is read up to the size it had when opened.
            while count < size {
                let chunk = read(descriptor, buffer.baseAddress! + count, min(size - count, 1 << 24))
                if chunk == 0 { break }
                if chunk < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                count += chunk
            }
        }
        if failure != 0 { throw FileSystemAccess.failure("read", path, code: failure) }
        return bytes
    }

    /// Asks for transparent huge pages under a large buffer about to be filled: a gigabyte then
    /// takes 512 page faults rather than 262,144 (a third of the time of reading it).
    private static func adviseHugePages(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        let hugePage = 2 << 20
        guard buffer.count >= 4 * hugePage, let base = buffer.baseAddress else { return }
        let address = Int(bitPattern: base)
        let start = (address + hugePage - 1) / hugePage * hugePage
        let end = (address + buffer.count) / hugePage * hugePage
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        madvise(aligned, end - start, MADV_HUGEPAGE)
    }

    /// Gives back the whole pages inside `range`; they read as zeros afterwards.
    func release(_ range: Range<Int>) {
        let start = (range.lowerBound + Self.pageSize - 1) / Self.pageSize * Self.pageSize
        let end = range.upperBound / Self.pageSize * Self.pageSize
        guard end > start else { return }
        madvise(mapping + start, end - start, MADV_DONTNEED)
    }
}
