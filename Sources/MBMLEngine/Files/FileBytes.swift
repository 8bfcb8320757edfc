import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The bytes of a data file read into an array of their own (a ``JSONDocument`` keeps them), while
/// the JSON pass runs behind the reading on another core. Files that may be mapped are mapped
/// instead (``DataFileReading``, ``MappedFile``).
enum FileBytes {
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
}
