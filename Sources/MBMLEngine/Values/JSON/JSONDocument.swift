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
    /// The text.
    let bytes: [UInt8]
    /// Where the containers of the text begin and, for large ones, where their members are.
    let index: JSONStructureIndex
    /// The nesting limit the text was checked against.
    let maximumDepth: Int
    /// The keys of the large objects read by position, found once (``JSONObjectIndexes``).
    let objectIndexes: JSONObjectIndexes

    private init(
        bytes: [UInt8], index: JSONStructureIndex, maximumDepth: Int,
        objectIndexes: JSONObjectIndexes = JSONObjectIndexes()
    ) {
        self.bytes = bytes
        self.index = index
        self.maximumDepth = maximumDepth
        self.objectIndexes = objectIndexes
    }

    /// The same text, index and object indexes under another object, for one worker of a per-item
    /// scope run in parallel (``ValueArray/withElementReader(_:)``): the values a worker reads refer
    /// to its copy, so that the reference counting of the items it makes and drops, many million
    /// times, happens on an object no other core writes to. Nothing is copied but the references.
    func workerCopy() -> JSONDocument {
        JSONDocument(bytes: bytes, index: index, maximumDepth: maximumDepth, objectIndexes: objectIndexes)
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
        let document = JSONDocument(bytes: bytes, index: index, maximumDepth: maximumDepth)
        return document.withBytes { JSONNode.value(in: document, $0, at: index.root) }
    }

    /// Reads the regular file at `path` and indexes it while it is read (two cores), giving its
    /// top-level container as a lazily decoded value, or the text's value as the whole-text reader reads it
    /// (or its error) when the text is not valid JSON or not a container.
    /// - Throws: `FunctionError` when the file cannot be read; ``JSONDecodingError``.
    static func load(
        path: String, maximumSize: Int = FileLimits().data, maximumDepth: Int = JSONCodec.defaultMaximumDepth
    ) throws -> Value {
        let (bytes, index) = try FileBytes.array(path: path, maximumSize: maximumSize) { buffer, arrived in
            try JSONStructureIndexer.index(buffer, maximumDepth: maximumDepth, arrived: arrived)
        }
        if let root = root(of: bytes, indexedAs: index, maximumDepth: maximumDepth) { return root }
        return try JSONCodec.decodePlain(bytes, maximumDepth: maximumDepth)
    }

    /// Calls `body` with the text's bytes.
    @inline(__always)
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer(body)
    }
}
