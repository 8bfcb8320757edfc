import Foundation

/// A JSON text kept as its bytes plus a structural index, whose containers are decoded only when an
/// expression or a viewer touches them (views: ``ValueArray``, ``ValueDictionary``).
///
/// Building one reads the bytes once with a structural pass: no value is made, so a large data
/// file is ready at close to the speed of reading it and takes little more memory than its size.
/// The document never changes afterwards, so nodes of it may be read from any thread.
///
/// Decisions:
/// - Only a text whose top-level value is an array or an object becomes a document; anything else,
///   and any text the pass refuses, is read whole as before, so that values and error
///   messages (with line and column) are exactly the reader's.
/// - Scalars are decoded each time they are read (they are small); containers are views
///   (``JSONNode``) until something needs their contents.
public final class JSONDocument: Sendable {
    /// The text: bytes of its own, or a mapped file (``DataFileReading``).
    private let storage: Storage
    /// Where the containers of the text begin and, for large ones, where their members are.
    let index: JSONStructureIndex
    /// The nesting limit the text was checked against.
    let maximumDepth: Int
    /// The keys of the large objects read by position, found once (``JSONObjectIndexes``).
    let objectIndexes: JSONObjectIndexes

    /// Where the text's bytes are.
    enum Storage: Sendable {
        case array([UInt8])
        case mapped(MappedFile)
        /// Text read into memory by someone else (standard input), kept without a copy.
        case data(Data)
    }

    init(
        storage: Storage, index: JSONStructureIndex, maximumDepth: Int,
        objectIndexes: JSONObjectIndexes = JSONObjectIndexes()
    ) {
        self.storage = storage
        self.index = index
        self.maximumDepth = maximumDepth
        self.objectIndexes = objectIndexes
    }

    /// The same text, index and object indexes under another object, for one worker of a per-item
    /// scope run in parallel (``ValueArray/withElementReader(_:)``): the values a worker reads refer
    /// to its copy, so that the reference counting of the items it makes and drops, many million
    /// times, happens on an object no other core writes to. Nothing is copied but the references.
    func workerCopy() -> JSONDocument {
        JSONDocument(storage: storage, index: index, maximumDepth: maximumDepth, objectIndexes: objectIndexes)
    }

    /// The top-level container of `bytes` as a lazily decoded value, or nil when the text is not
    /// valid JSON or its top-level value is not a container (read it with ``JSONCodec`` then).
    static func root(
        of bytes: [UInt8], maximumDepth: Int = JSONCodec.defaultMaximumDepth,
        checkCancellation: () throws -> Void = {}
    ) rethrows -> Value? {
        let index = try bytes.withUnsafeBufferPointer {
            try JSONStructureIndexer.index($0, maximumDepth: maximumDepth, checkCancellation: checkCancellation)
        }
        return root(of: bytes, indexedAs: index, maximumDepth: maximumDepth)
    }

    /// The top-level container of `bytes` given the index a pass over them found (nil: not valid
    /// JSON, or not a container).
    static func root(of bytes: [UInt8], indexedAs index: JSONStructureIndex?, maximumDepth: Int) -> Value? {
        guard let index else { return nil }
        return root(of: JSONDocument(storage: .array(bytes), index: index, maximumDepth: maximumDepth))
    }

    /// The document's top-level container.
    static func root(of document: JSONDocument) -> Value {
        document.withBytes { JSONNode.value(in: document, $0, at: document.index.root) }
    }

    /// Reads the regular file at `path` — mapped or copied as `reading` says (``DataFileReading``)
    /// — and indexes it, giving its top-level container as a lazily decoded value, or the text's
    /// value as the whole-text reader reads it (or its error) when the text is not valid JSON or not
    /// a container. A copied file is indexed while it is read (two cores).
    /// - Throws: `FunctionError` when the file cannot be read; ``FileChangedWhileRead`` when a
    ///   mapped file changed before its scan ended; ``JSONDecodingError``.
    static func load(
        path: String, maximumSize: Int = FileLimits().data, maximumDepth: Int = JSONCodec.defaultMaximumDepth,
        reading: DataFileReading = .read
    ) throws -> Value {
        let file = try FileDoor.open(path, as: .data, policy: .anywhere, maximumSize: maximumSize)
        if reading.maps(size: file.size), let mapped = try guardedMapping(of: file, path: path) {
            // Only a window of the file is in the process's memory during the scan, none after it;
            // a large array's chunks are indexed by other threads too, which map their pages ahead
            // and give them back.
            let index = try mapped.scanning { passing in
                try JSONStructureIndexer.index(
                    mapped.buffer, maximumDepth: maximumDepth,
                    split: .init(release: { mapped.release($0) }, populate: { mapped.populate($0) }),
                    passing: passing)
            }
            try mapped.checkUnchanged()
            guard let index else {
                return try JSONCodec.decodeRefused(
                    mapped.buffer, asLines: false, maximumDepth: maximumDepth, release: { mapped.release($0) })
            }
            return root(of: JSONDocument(storage: .mapped(mapped), index: index, maximumDepth: maximumDepth))
        }
        let (bytes, index) = try FileBytes.array(file, path: path) { buffer, arrived in
            try JSONStructureIndexer.index(buffer, maximumDepth: maximumDepth, arrived: arrived)
        }
        if let root = root(of: bytes, indexedAs: index, maximumDepth: maximumDepth) { return root }
        return try bytes.withUnsafeBufferPointer {
            try JSONCodec.decodeRefused($0, asLines: false, maximumDepth: maximumDepth)
        }
    }

    /// `file` mapped, or nil when no more mappings can be guarded against truncation (it is read).
    static func guardedMapping(of file: FileDoor.OpenFile, path: String) throws -> MappedFile? {
        do {
            return try MappedFile(file, path: path)
        } catch is MappedFileGuard.Full {
            return nil
        }
    }

    /// Throws ``FileChangedWhileRead`` when the text is a mapped file that changed since it was
    /// mapped, or was truncated under a read (zeros were read where its bytes were:
    /// `MappedFileGuard`); what was read from it may be wrong then.
    public func checkUnchanged() throws {
        try mappedFile?.checkUnchanged()
    }

    /// Whether the text is a mapped file rather than bytes of the document's own.
    var isMapped: Bool {
        if case .mapped = storage { return true }
        return false
    }

    /// The mapped file the text is, or nil when the bytes are the document's own.
    var mappedFile: MappedFile? {
        if case .mapped(let file) = storage { return file }
        return nil
    }

    /// Calls `body` with the text's bytes.
    @inline(__always)
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        switch storage {
        case .array(let bytes): return try bytes.withUnsafeBufferPointer(body)
        case .mapped(let file): return try body(file.buffer)
        case .data(let data): return try data.withUnsafeBytes { try body($0.bindMemory(to: UInt8.self)) }
        }
    }
}
