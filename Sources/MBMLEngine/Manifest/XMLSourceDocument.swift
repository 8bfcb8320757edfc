import CLibXML2
import Foundation

/// A place in a source file: 1-based line and column (columns count Unicode scalars).
struct SourcePosition: Equatable, Sendable {
    var line: Int
    var column: Int
}

/// A well-formed XML document streamed through libxml2's SAX2 parser into the light element tree
/// the loader reads (see ``XMLTreeBuilder``): names, attributes, text and the exact `line:column`
/// of every start tag. No libxml2 tree of the document is built and the source is read once.
///
/// ``XMLElementNode`` values do not keep their document alive; whoever walks them does.
final class XMLSourceDocument: Sendable {
    /// The file's name in diagnostics.
    let path: String
    let elements: [XMLElementRecord]
    let attributes: [XMLAttribute]
    /// The document's bytes: most attribute values are read from here, as they are written.
    let source: DocumentBytes
    /// The attributes' decoded values that differ from how they are written, one after another.
    let valueBytes: [UInt8]
    /// Every element and attribute name, each once (records name them by number).
    let names: [String]
    let textBytes: [UInt8]
    let textPieces: [XMLTextPiece]

    /// The records of the second half when libxml2 parsed the document in two halves, side by side
    /// (``XMLDocumentSplit``): joined into the document's, and kept until the document goes. Freed
    /// at once, their megabytes would make the C allocator serve the large tables of the load that
    /// follows (the variable table, the provenance records) from its heap, unaligned and a base
    /// page at a time, instead of from fresh mappings in huge pages: glibc raises its threshold for
    /// a fresh mapping to the size of the largest mapped block freed (on the 100,000-`<Var>`
    /// manifest, 1,100 page faults became 2,100).
    private let secondHalf: XMLDocumentRecords?

    /// Where the document's tables go when it goes, to be filled again (``TablePool``).
    private let recycler: TablePool<XMLDocumentRecords>?

    /// Whether libxml2 parsed the document in two halves, side by side (``XMLDocumentSplit``).
    var wasParsedInHalves: Bool { secondHalf != nil }

    init(
        path: String, source: DocumentBytes, records: XMLDocumentRecords, secondHalf: XMLDocumentRecords? = nil,
        recycler: TablePool<XMLDocumentRecords>? = nil
    ) {
        self.path = path
        self.recycler = recycler
        self.source = source
        elements = records.elements
        attributes = records.attributes
        valueBytes = records.valueBytes
        names = records.names
        textBytes = records.textBytes
        textPieces = records.textPieces
        self.secondHalf = secondHalf
    }

    deinit {
        recycler?.give(records)
    }

    /// What the document holds, as its builder made it.
    var records: XMLDocumentRecords {
        XMLDocumentRecords(
            elements: elements, attributes: attributes, valueBytes: valueBytes, names: names, textBytes: textBytes,
            textPieces: textPieces)
    }

    /// The number of `name` among the document's ``names`` (elements name it so), or nil when no
    /// element or attribute of the document has it.
    func number(ofName name: String) -> UInt32? {
        names.firstIndex(of: name).map(UInt32.init)
    }

    /// The root element, if the document has one.
    var root: XMLElementNode? {
        elements.isEmpty ? nil : XMLElementNode(document: self, index: 0)
    }

    // MARK: Parsing

    /// The options every MBML file is parsed with: no network access, line numbers past 65535, and
    /// neither entity substitution (`XML_PARSE_NOENT`) nor DTD loading. Recovery mode adds
    /// `XML_PARSE_RECOVER` and nothing else.
    private static func parseOptions(_ mode: XMLParsingMode) -> Int32 {
        var options = XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue
        if mode == .recovering { options |= XML_PARSE_RECOVER.rawValue }
        return Int32(options)
    }

    /// Parses `source`. On failure returns libxml2's errors as diagnostics in `path`.
    ///
    /// In ``XMLParsingMode/recovering`` mode a document libxml2 could recover is returned with
    /// every error it recovered from turned into a warning.
    ///
    /// A large document is parsed in two halves side by side when it can be (``XMLSplitting``);
    /// the document and the diagnostics are those of one parse of the whole.
    ///
    /// - Returns: the document and any warnings libxml2 reported, or the errors.
    static func parse(
        _ source: [UInt8], path: String,
        mode: XMLParsingMode = .strict, splitting: XMLSplitting = .automatic
    ) -> Result<(XMLSourceDocument, [Diagnostic]), ManifestError> {
        parse(DocumentBytes(source), path: path, mode: mode, splitting: splitting)
    }

    /// ``parse(_:path:mode:splitting:)`` of bytes in an array or a mapped file.
    static func parse(
        _ source: DocumentBytes, path: String,
        mode: XMLParsingMode = .strict, splitting: XMLSplitting = .automatic
    ) -> Result<(XMLSourceDocument, [Diagnostic]), ManifestError> {
        func failure(_ message: String) -> Result<(XMLSourceDocument, [Diagnostic]), ManifestError> {
            .failure(ManifestError(diagnostics: [Diagnostic(file: path, line: 1, column: 1, message: message)]))
        }
        guard !source.isEmpty else { return failure("Failed to parse file as valid XML: the document is empty") }
        guard source.count < Int(Int32.max) else {
            return failure("Failed to parse file as valid XML: the file is too large")
        }
        xmlInitParser()
        if mode == .strict, let target = splitting.target(forSize: source.count),
            let document = parseInHalves(source, path: path, near: target)
        {
            return .success((document, []))
        }
        let built = source.withUnsafeBytes { buffer in
            build(SourceReader(buffer), source: buffer, path: path, mode: mode)
        }
        guard let built else { return failure("Failed to parse file as valid XML: libxml2 could not create a parser") }
        var builder = built.builder
        let parsed = built.parsed
        let recovered = mode == .recovering && parsed && !builder.elements.isEmpty
        let diagnostics = builder.errors.map { entry in
            Diagnostic(
                file: path, line: max(1, entry.line), column: max(1, entry.column),
                message: recovered && !entry.isWarning ? "recovered from: \(entry.message)" : entry.message,
                severity: entry.isWarning || recovered ? .warning : .error)
        }
        guard parsed else {
            if diagnostics.contains(where: { $0.severity == .error }) {
                return .failure(ManifestError(diagnostics: diagnostics))
            }
            return .failure(
                ManifestError(
                    diagnostics: diagnostics + [
                        Diagnostic(
                            file: path, line: 1, column: 1, message: "Failed to parse file as valid XML: \(path)")
                    ]))
        }
        let document = XMLSourceDocument(path: path, source: source, records: builder.takeRecords())
        return .success((document, diagnostics))
    }

    /// Streams `reader`'s bytes through libxml2's SAX2 parser into a tree builder. `source` is
    /// what the builder reads positions and attribute values from (the bytes the reader starts
    /// with); `documentSize` is the size of the document it is part of, when it is a half of one.
    /// Nil when libxml2 could not make a parser.
    ///
    /// - Returns: the builder, and whether libxml2 parsed the document (or recovered it).
    static func build(
        _ reader: SourceReader, source: UnsafeRawBufferPointer, path: String, mode: XMLParsingMode,
        documentSize: Int? = nil, reusing tables: consuming XMLDocumentRecords? = nil
    ) -> (builder: XMLTreeBuilder, parsed: Bool)? {
        guard let context = xmlNewParserCtxt(), let handler = context.pointee.sax else { return nil }
        defer { xmlFreeParserCtxt(context) }
        XMLTreeBuilder.install(on: handler)
        let box = XMLTreeBuilder.Box(
            XMLTreeBuilder(context: context, source: source, roomFor: documentSize, reusing: consume tables))
        // The builder travels in the context's `_private` slot, so nothing global is involved.
        context.pointee._private = Unmanaged.passUnretained(box).toOpaque()
        defer { context.pointee._private = nil }
        // Without a tree, libxml2 returns a document holding only the DTD (nil when the document
        // is not well-formed and not recovered): it stands for "parsed".
        // The source is handed over through a read callback, a chunk at a time, not as one
        // memory block: libxml2 copies a memory block whole into its input buffer, but keeps only
        // a window of what it reads (a second copy of a large manifest is not made).
        var reader = reader
        let document = withExtendedLifetime(box) {
            withUnsafeMutablePointer(to: &reader) { reader in
                xmlCtxtReadIO(
                    context, SourceReader.read, nil, UnsafeMutableRawPointer(reader), path, nil, parseOptions(mode))
            }
        }
        box.builder.finish()
        if let document = document { xmlFreeDoc(document) }
        return (box.builder, document != nil)
    }
}

/// The bytes libxml2 reads a source from, through ``read``: one run of bytes, or up to three read
/// one after the other (a piece of a document and the markup that completes it, ``XMLDocumentSplit``),
/// from where reading has got to. Whoever makes a reader keeps its bytes alive while it is read.
struct SourceReader {
    private let runs: [UnsafeRawBufferPointer]
    /// The run being read and the offset in it.
    private var run = 0
    private var offset = 0

    init(
        _ first: UnsafeRawBufferPointer,
        then second: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0),
        then third: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)
    ) {
        runs = [first, second, third]
    }

    /// Copies up to `count` bytes into `buffer` (from one of the runs); 0 at the end.
    private mutating func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while run < runs.count, offset >= runs[run].count {
            run += 1
            offset = 0
        }
        guard run < runs.count, let base = runs[run].baseAddress else { return 0 }
        let count = min(count, runs[run].count - offset)
        buffer.copyMemory(from: base + offset, byteCount: count)
        offset += count
        return count
    }

    /// libxml2's read callback.
    static let read: xmlInputReadCallback = { context, buffer, length in
        guard let context = context, let buffer = buffer, length > 0 else { return 0 }
        let reader = context.assumingMemoryBound(to: SourceReader.self)
        return Int32(reader.pointee.read(into: UnsafeMutableRawPointer(buffer), count: Int(length)))
    }
}
