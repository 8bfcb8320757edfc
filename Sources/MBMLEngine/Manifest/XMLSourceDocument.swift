import CLibXML2
import Foundation

/// A well-formed XML document parsed by libxml2, together with its source bytes so that elements
/// can be given exact `line:column` positions (see ``StartTagScanner``).
///
/// The document owns the libxml2 tree and frees it when released; ``XMLElementNode`` values keep
/// their document alive.
final class XMLSourceDocument {
    /// The file's name in diagnostics.
    let path: String
    private let document: xmlDocPtr
    private let source: [UInt8]
    private lazy var startTags: [StartTagScanner.StartTag] = StartTagScanner.startTags(in: source)
    private lazy var preorderIndex: [xmlNodePtr: Int] = makePreorderIndex()

    private init(path: String, document: xmlDocPtr, source: [UInt8]) {
        self.path = path
        self.document = document
        self.source = source
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The root element, if the document has one.
    var root: XMLElementNode? {
        xmlDocGetRootElement(document).map { XMLElementNode(node: $0, document: self, preorderIndex: 0) }
    }

    /// Where `node`'s start tag begins (`knownIndex`: its number in document order, when the
    /// caller knows it). Falls back to libxml2's line and column 1 if the source scan and the tree
    /// ever disagree.
    func position(of node: xmlNodePtr, preorderIndex knownIndex: Int? = nil) -> SourcePosition {
        if let index = knownIndex ?? preorderIndex[node], index < startTags.count {
            let tag = startTags[index]
            if nameMatches(tag.name, node: node) { return tag.position }
        }
        return SourcePosition(line: max(1, Int(xmlGetLineNo(node))), column: 1)
    }

    private func nameMatches(_ range: Range<Int>, node: xmlNodePtr) -> Bool {
        guard let namePointer = node.pointee.name else { return false }
        let name = Array(UnsafeBufferPointer(start: namePointer, count: strlen(namePointer)))
        let scanned = source[range]
        if scanned.elementsEqual(name) { return true }
        // A prefixed tag (`<x:Var>`) has the local name on the node.
        return scanned.count > name.count && scanned.suffix(name.count).elementsEqual(name)
            && scanned[scanned.endIndex - name.count - 1] == UInt8(ascii: ":")
    }

    /// Numbers the tree's elements in document order (iteratively: nesting depth cannot overflow).
    private func makePreorderIndex() -> [xmlNodePtr: Int] {
        var index: [xmlNodePtr: Int] = [:]
        guard let root = xmlDocGetRootElement(document) else { return index }
        var next: xmlNodePtr? = root
        var count = 0
        while let node = next {
            index[node] = count
            count += 1
            if let child = XMLElementNode.firstElement(from: node.pointee.children) {
                next = child
                continue
            }
            next = nil
            var climber = node
            while climber != root {
                if let sibling = XMLElementNode.firstElement(from: climber.pointee.next) {
                    next = sibling
                    break
                }
                guard let parent = climber.pointee.parent else { break }
                climber = parent
            }
        }
        return index
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
    static func parse(_ source: [UInt8], path: String,
                      mode: XMLParsingMode = .strict) -> Result<(XMLSourceDocument, [Diagnostic]), ManifestError> {
        func failure(_ message: String) -> Result<(XMLSourceDocument, [Diagnostic]), ManifestError> {
            .failure(ManifestError(diagnostics: [Diagnostic(file: path, line: 1, column: 1, message: message)]))
        }
        guard !source.isEmpty else { return failure("Failed to parse file as valid XML: the document is empty") }
        guard source.count < Int(Int32.max) else { return failure("Failed to parse file as valid XML: the file is too large") }
        xmlInitParser()
        guard let context = xmlNewParserCtxt(), let handler = context.pointee.sax else {
            return failure("Failed to parse file as valid XML: libxml2 could not create a parser")
        }
        defer { xmlFreeParserCtxt(context) }

        let collector = ParseErrorCollector()
        let parsed: xmlDocPtr? = withExtendedLifetime(collector) {
            // libxml2 calls `serror` with the parser context (its `userData`); the collector travels
            // in the context's `_private` slot, so nothing global is involved.
            context.pointee._private = Unmanaged.passUnretained(collector).toOpaque()
            handler.pointee.serror = { userData, error in
                guard let userData = userData, let error = error else { return }
                let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
                guard let slot = context.pointee._private else { return }
                Unmanaged<ParseErrorCollector>.fromOpaque(slot).takeUnretainedValue().record(error.pointee)
            }
            defer {
                handler.pointee.serror = nil
                context.pointee._private = nil
            }
            return source.withUnsafeBytes { buffer -> xmlDocPtr? in
                guard let base = buffer.baseAddress else { return nil }
                return xmlCtxtReadMemory(context, base.assumingMemoryBound(to: CChar.self), Int32(buffer.count),
                                         path, nil, parseOptions(mode))
            }
        }
        let recovered = mode == .recovering && parsed.flatMap { xmlDocGetRootElement($0) } != nil
        let diagnostics = collector.entries.map { entry in
            Diagnostic(file: path, line: max(1, entry.line), column: max(1, entry.column),
                       message: recovered && !entry.isWarning ? "recovered from: \(entry.message)" : entry.message,
                       severity: entry.isWarning || recovered ? .warning : .error)
        }
        guard let document = parsed else {
            if diagnostics.contains(where: { $0.severity == .error }) {
                return .failure(ManifestError(diagnostics: diagnostics))
            }
            return .failure(ManifestError(diagnostics: diagnostics + [
                Diagnostic(file: path, line: 1, column: 1, message: "Failed to parse file as valid XML: \(path)"),
            ]))
        }
        return .success((XMLSourceDocument(path: path, document: document, source: source), diagnostics))
    }
}

/// Receives libxml2's structured errors during one parse.
private final class ParseErrorCollector {
    struct Entry {
        var line: Int
        var column: Int
        var message: String
        var isWarning: Bool
    }

    /// libxml2 stops at the first fatal error, but a bad document can still produce a stream of
    /// warnings and errors before that; keep the first few.
    private static let limit = 50
    private(set) var entries: [Entry] = []

    func record(_ error: xmlError) {
        guard entries.count < Self.limit else { return }
        var message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
        while message.last?.isWhitespace == true { message.removeLast() }
        entries.append(Entry(line: Int(error.line), column: Int(error.int2), message: message,
                             isWarning: error.level == XML_ERR_WARNING))
    }
}
