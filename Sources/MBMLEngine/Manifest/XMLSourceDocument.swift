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
    let source: [UInt8]
    /// The attributes' decoded values that differ from how they are written, one after another.
    let valueBytes: [UInt8]
    /// Every element and attribute name, each once (records name them by number).
    let names: [String]
    let textBytes: [UInt8]
    let textPieces: [XMLTextPiece]

    private init(path: String, source: [UInt8], builder: XMLTreeBuilder) {
        self.path = path
        self.source = source
        elements = builder.elements
        attributes = builder.attributes
        valueBytes = builder.valueBytes
        names = builder.names
        textBytes = builder.textBytes
        textPieces = builder.textPieces
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
    /// - Returns: the document and any warnings libxml2 reported, or the errors.
    static func parse(
        _ source: [UInt8], path: String,
        mode: XMLParsingMode = .strict
    ) -> Result<(XMLSourceDocument, [Diagnostic]), ManifestError> {
        func failure(_ message: String) -> Result<(XMLSourceDocument, [Diagnostic]), ManifestError> {
            .failure(ManifestError(diagnostics: [Diagnostic(file: path, line: 1, column: 1, message: message)]))
        }
        guard !source.isEmpty else { return failure("Failed to parse file as valid XML: the document is empty") }
        guard source.count < Int(Int32.max) else {
            return failure("Failed to parse file as valid XML: the file is too large")
        }
        xmlInitParser()
        guard let context = xmlNewParserCtxt(), let handler = context.pointee.sax else {
            return failure("Failed to parse file as valid XML: libxml2 could not create a parser")
        }
        defer { xmlFreeParserCtxt(context) }
        XMLTreeBuilder.install(on: handler)

        let (builder, parsed) = source.withUnsafeBytes { buffer -> (XMLTreeBuilder, Bool) in
            let box = XMLTreeBuilder.Box(XMLTreeBuilder(context: context, source: buffer))
            guard let base = buffer.baseAddress else { return (box.builder, false) }
            // The builder travels in the context's `_private` slot, so nothing global is involved.
            context.pointee._private = Unmanaged.passUnretained(box).toOpaque()
            defer { context.pointee._private = nil }
            // Without a tree, libxml2 returns a document holding only the DTD (nil when the document
            // is not well-formed and not recovered): it stands for "parsed".
            // The source is handed over through a read callback, a chunk at a time, not as one
            // memory block: libxml2 copies a memory block whole into its input buffer, but keeps only
            // a window of what it reads (a second copy of a large manifest is not made).
            var reader = SourceReader(base: base, count: buffer.count)
            let document = withExtendedLifetime(box) {
                withUnsafeMutablePointer(to: &reader) { reader in
                    xmlCtxtReadIO(
                        context, SourceReader.read, nil, UnsafeMutableRawPointer(reader), path, nil,
                        parseOptions(mode))
                }
            }
            box.builder.finish()
            if let document = document { xmlFreeDoc(document) }
            return (box.builder, document != nil)
        }
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
        return .success((XMLSourceDocument(path: path, source: source, builder: builder), diagnostics))
    }
}

/// The bytes libxml2 reads a source from, through ``read``: the part not read yet.
private struct SourceReader {
    var base: UnsafeRawPointer
    var count: Int
    var offset = 0

    /// libxml2's read callback: copies up to `length` bytes into `buffer`; 0 at the end.
    static let read: xmlInputReadCallback = { context, buffer, length in
        guard let context = context, let buffer = buffer, length > 0 else { return 0 }
        let reader = context.assumingMemoryBound(to: SourceReader.self)
        let count = min(Int(length), reader.pointee.count - reader.pointee.offset)
        guard count > 0 else { return 0 }
        UnsafeMutableRawPointer(buffer).copyMemory(from: reader.pointee.base + reader.pointee.offset, byteCount: count)
        reader.pointee.offset += count
        return Int32(count)
    }
}
