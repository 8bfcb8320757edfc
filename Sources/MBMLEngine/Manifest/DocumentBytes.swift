/// The bytes of a document the loader parses: an array, or a regular file mapped read-only
/// (``MappedFile``: the manifest `mbml eval` reads ahead, ``ManifestPrefetch``), kept mapped while a
/// document made from them is kept.
///
/// A mapped manifest costs neither a copy of its bytes nor the clearing of fresh memory to hold
/// them (for a manifest of megabytes, a millisecond or two before its parse can start). Its bytes
/// are the file's as it is while it is parsed: a file written or truncated meanwhile reads as what
/// it then holds (zeros past a truncation, ``MappedFileGuard``), and ``checkUnchanged()`` after the
/// load says so, so that nothing made from such bytes is shown.
struct DocumentBytes: Sendable {
    private enum Storage {
        case array([UInt8])
        case mapped(MappedFile)
    }

    private let storage: Storage

    /// Bytes held in an array.
    init(_ array: [UInt8]) {
        storage = .array(array)
    }

    /// The bytes of a mapped file.
    init(mapped file: MappedFile) {
        storage = .mapped(file)
    }

    var count: Int {
        switch storage {
        case .array(let array): return array.count
        case .mapped(let file): return file.buffer.count
        }
    }

    var isEmpty: Bool { count == 0 }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch storage {
        case .array(let array): return try array.withUnsafeBufferPointer(body)
        case .mapped(let file): return try withExtendedLifetime(file) { try body(file.buffer) }
        }
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(UnsafeRawBufferPointer($0)) }
    }

    /// Throws ``FileChangedWhileRead`` when the bytes are a mapped file's and the file changed since
    /// it was mapped (written, truncated or replaced in place); bytes in an array never change.
    func checkUnchanged() throws {
        if case .mapped(let file) = storage { try file.checkUnchanged() }
    }
}
