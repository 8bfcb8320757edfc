import Foundation
import OrderedCollections

/// Converts between ``Value`` and JSON text.
///
/// Two dialects:
///
/// * **Tagged** (the value encoding of <doc:ExpectationFiles>, also used by `mbml eval --jsonl` and
///   `mbml eval`): plain JSON where JSON can say it; sets, dates and binary data as the one-key objects
///   `{"$set": [...]}`, `{"$date": "2015-02-03T04:05:06Z"}` and `{"$data": "base64"}`; a dictionary key
///   that starts with `$` gets an extra leading `$`. Numbers that are not finite are written as the
///   tagged values `{"$number": "Infinity"}`, `{"$number": "-Infinity"}` and `{"$number": "NaN"}`, so
///   strict JSON parsers accept the output; the reader also takes the bare words `NaN`, `Infinity`
///   and `-Infinity` (as Python's and JavaScript's relaxed writers produce).
/// * **Plain** (data files): objects become dictionaries in source key order, arrays arrays, integers
///   ``Value/integer(_:)`` (too large: ``Value/decimal(_:)``), other numbers ``Value/double(_:)``,
///   `true`/`false` ``Value/boolean(_:)`` and `null` ``Value/null``.
///
/// The reader is a hand-written recursive-descent parser over UTF-8 bytes: it keeps key order, limits
/// nesting depth (the `maximumDepth` parameter, ``defaultMaximumDepth`` by default), and reports errors with a line and column.
public enum JSONCodec {
    /// The default limit on nested arrays and objects when decoding.
    public static let defaultMaximumDepth = 512

    // MARK: Encoding

    /// Encodes `value` in the tagged encoding on one line. Swift `nil` ("no value") encodes as `null`,
    /// as does ``Value/null``.
    public static func encode(_ value: Value?) -> String {
        var output: [UInt8] = []
        if let value = value {
            JSONWriter.append(value, to: &output)
        } else {
            output.append(contentsOf: "null".utf8)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// ``encode(_:)`` under a bound of `maximumBytes`: nil when the encoding would pass it (it is
    /// never built past it), or when `shouldStop` says to stop (asked every 1,024 elements).
    public static func encode(
        _ value: Value?, maximumBytes: Int, stoppingWhen shouldStop: (() -> Bool)? = nil
    ) -> String? {
        guard let value else { return "null" }
        var output: [UInt8] = []
        var bound = TextBound(maximumBytes: maximumBytes, shouldStop: shouldStop)
        JSONWriter.append(value, to: &output, bound: &bound)
        return bound.isExhausted ? nil : String(decoding: output, as: UTF8.self)
    }

    /// The first `limit` bytes or so of ``encode(_:)`` (a preview), without encoding the rest, and
    /// whether it was cut.
    public static func encode(_ value: Value?, limit: Int) -> (text: String, isTruncated: Bool) {
        guard let value else { return ("null", false) }
        var output: [UInt8] = []
        var bound = TextBound(maximumBytes: max(0, limit))
        JSONWriter.append(value, to: &output, bound: &bound)
        guard bound.isExhausted || output.count > limit else { return (String(decoding: output, as: UTF8.self), false) }
        return (String(decoding: output.prefix(limit), as: UTF8.self), true)
    }

    /// The JSON string literal for `text`, quotes included.
    public static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        JSONWriter.appendString(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Decoding

    /// Decodes tagged JSON (the inverse of ``encode(_:)``). JSON `null` decodes as ``Value/null``.
    /// - Throws: ``JSONDecodingError`` with the line and column of the problem.
    public static func decodeTagged(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws -> Value {
        try decode(Array(text.utf8), tagged: true, maximumDepth: maximumDepth)
    }

    /// Decodes tagged JSON in which every number literal must be one a `Double` holds: `1e400`
    /// (infinity) and `1e-400` (zero) are errors. The tagged non-finite values (`{"$number":
    /// "Infinity"}`, `NaN`) are still read: they say what they mean.
    /// - Throws: ``JSONDecodingError`` with the line and column of the problem.
    static func decodeTagged(rejectingUnrepresentableNumbers text: String) throws -> Value {
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, tagged: true, maximumDepth: defaultMaximumDepth)
            reader.rejectsUnrepresentableNumbers = true
            return try reader.readDocument()
        }
    }

    /// Decodes plain JSON, as read from a data file.
    /// - Throws: ``JSONDecodingError`` with the line and column of the problem.
    public static func decodePlain(_ data: Data, maximumDepth: Int = defaultMaximumDepth) throws -> Value {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self), tagged: false, maximumDepth: maximumDepth)
            return try reader.readDocument()
        }
    }

    /// Reads piped text — JSON, or JSON Lines when ``looksLikeJSONLines(_:)`` says so (an array of
    /// its records) — lazily, as views over `data` itself (no copy of it is made): what standard
    /// input gives `$data`. Other texts, and invalid ones, are read whole, as `decodePlain` and
    /// `decodePlainLines` read them (their errors included).
    /// - Throws: ``JSONDecodingError`` with the line and column of the problem.
    public static func decodePipedLazily(_ data: Data, maximumDepth: Int = defaultMaximumDepth) throws -> Value {
        try JSONDocument.value(ofText: data, maximumDepth: maximumDepth)
    }

    /// Decodes plain JSON whose top-level value is an array or an object lazily: the value is a
    /// view (``ValueArray``, ``ValueDictionary``) over the kept `bytes` (see ``JSONDocument``). Other texts, and texts that are
    /// not valid JSON, are read whole, as `decodePlain` reads them (its errors included).
    /// - Throws: ``JSONDecodingError`` with the line and column of the problem.
    public static func decodePlainLazily(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth,
        checkCancellation: () throws -> Void = {}
    ) throws -> Value {
        if let root = try JSONDocument.root(
            of: bytes, maximumDepth: maximumDepth, checkCancellation: checkCancellation)
        {
            return root
        }
        return try bytes.withUnsafeBufferPointer { try decodeRefused($0, asLines: false, maximumDepth: maximumDepth) }
    }

    /// Decodes plain JSON from `bytes` whole, into values.
    static func decodePlain(_ bytes: [UInt8], maximumDepth: Int) throws -> Value {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, tagged: false, maximumDepth: maximumDepth)
            return try reader.readDocument()
        }
    }

    /// Decodes plain JSON from `bytes`, calling `release` with each range of them the reader is done
    /// with (bounds on megabyte boundaries) so that the caller can give the memory back.
    static func decodePlain(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth,
        release: @escaping (Range<Int>) -> Void
    ) throws -> Value {
        var reader = JSONReader(bytes: bytes, tagged: false, maximumDepth: maximumDepth, release: release)
        return try reader.readDocument()
    }

    /// Decodes JSON Lines (NDJSON): one plain JSON value a line, into an array of the records.
    /// - Throws: ``JSONDecodingError`` at the line and column of the bad record.
    public static func decodePlainLines(_ data: Data, maximumDepth: Int = defaultMaximumDepth) throws -> Value {
        try data.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw.bindMemory(to: UInt8.self), tagged: false, maximumDepth: maximumDepth)
            return try reader.readLines()
        }
    }

    /// Whether `data` looks like JSON Lines rather than one document: its first line holds one
    /// complete JSON value and another non-blank line follows.
    public static func looksLikeJSONLines(_ data: Data) -> Bool {
        let newline = UInt8(ascii: "\n")
        guard let end = data.firstIndex(of: newline) else { return false }
        let rest = data[data.index(after: end)...]
        guard rest.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return (try? decodePlain(Data(data[data.startIndex..<end]))) != nil
    }

    /// Decodes plain JSON text.
    public static func decodePlain(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws -> Value {
        try decode(Array(text.utf8), tagged: false, maximumDepth: maximumDepth)
    }

    private static func decode(_ bytes: [UInt8], tagged: Bool, maximumDepth: Int) throws -> Value {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, tagged: tagged, maximumDepth: maximumDepth)
            return try reader.readDocument()
        }
    }
}

/// A JSON text that could not be decoded: what was wrong and where (1-based line and column; the
/// column counts characters).
public struct JSONDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    /// The byte offset of the problem in the UTF-8 input.
    public var offset: Int

    public init(_ message: String, line: Int, column: Int, offset: Int) {
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

// MARK: - Writer
