import CLibXML2

/// Builds the light element tree of an ``XMLSourceDocument`` from libxml2's SAX2 events while the
/// document streams through the parser: no libxml2 tree of the document is ever built.
///
/// What it keeps per element is what the loader reads (``XMLElementRecord``): the name, the
/// attributes decoded as libxml2's tree would hold them, the text in document order, the extent of
/// the subtree, and where the start tag's `<` is, taken from the parser's own line and column.
///
/// Entities are never substituted: a reference to a declared entity is kept as `&name;`, as
/// libxml2's tree without `XML_PARSE_NOENT` shows it. libxml2 still parses an entity's replacement
/// text once to check it; those events come from a child parser context and go to libxml2's own
/// SAX2 handlers, which keep the parsed content on the entity (as in a tree build) so that it is not
/// parsed again at every reference.
struct XMLTreeBuilder {
    /// The context whose events build the tree (events of the child contexts that check entities
    /// are passed on to libxml2).
    let context: xmlParserCtxtPtr
    private let source: UnsafeRawBufferPointer

    private(set) var elements: [XMLElementRecord] = []
    private(set) var attributes: [XMLAttribute] = []
    /// The attributes' decoded values that differ from the source's bytes, one after another
    /// (``XMLAttribute`` holds a range here or in the source).
    private(set) var valueBytes: [UInt8] = []
    private(set) var textBytes: [UInt8] = []
    private(set) var textPieces: [XMLTextPiece] = []
    /// Every element and attribute name, each once: records hold a name's number here.
    private(set) var names: [String] = []
    /// The number of each name in ``names``.
    private var nameNumbers: [String: UInt32] = [:]
    /// Indices of the elements whose end tag has not been seen yet.
    private var open: [Int32] = []
    /// Recently seen names: libxml2 hands out names from its dictionary, so one pointer is one name.
    /// A small table indexed by the pointer's hash; a name whose entry another took is looked up
    /// again.
    private var recentNames = [(pointer: UnsafePointer<xmlChar>?, number: UInt32, key: XMLAttributeKey)](
        repeating: (nil, 0, .other), count: 64)

    /// Whether the root's content read so far ends with text the builder kept (not white space
    /// alone, not an element, a comment or a processing instruction after it). A half of a document
    /// that ends so is not joined (``XMLSourceDocument/parseInHalves(_:path:near:)``): a parse of
    /// the whole reads that text together with the white space that begins the line after the cut,
    /// which the second half drops as the root's white space.
    private(set) var rootEndsWithText = false
    /// White space of the root that libxml2 handed over on its own before the end of its input
    /// buffer (or a carriage return, a `]`, a non-ASCII byte): kept if text of the same run follows,
    /// dropped at the next element, comment or processing instruction. A run of the root's text is
    /// so kept whole or not at all, however libxml2 divides it (its divisions follow its buffer,
    /// which a document parsed in halves fills differently).
    private var pendingRootSpace: [UInt8] = []

    /// libxml2's errors and warnings, in order.
    private(set) var errors: [XMLParseError] = []
    private static let errorLimit = 50

    /// A builder for the document parsed from `source`, with room for the elements of a document
    /// of `documentSize` bytes (the source's size when nil; the whole document's for a half of it,
    /// ``XMLDocumentSplit``, so that its tables are as large, and in huge pages, too).
    ///
    /// - Parameter tables: the tables of a document done with (``TablePool``), emptied and
    ///   filled again: their room is kept, and their pages are in memory already.
    init(
        context: xmlParserCtxtPtr, source: UnsafeRawBufferPointer, roomFor documentSize: Int? = nil,
        reusing tables: consuming XMLDocumentRecords? = nil
    ) {
        self.context = context
        self.source = source
        // Moved in, not copied: tables another value still held would be copied when emptied.
        if var taken = consume tables {
            taken.emptyKeepingRoom()
            exchangeTables(with: &taken)
            // Tables of a piece of about the same size: asking for the room below would move them
            // to new memory whenever they are a little short of it.
            return
        }
        // Room for more elements than a typical manifest has (one `<Var name="…" literal="…"/>` of
        // about 48 bytes a line), so that the arrays do not grow: a large reservation is mapped
        // memory whose pages are only touched when written. Capped, so that a huge file does not
        // ask for more address space than it may ever use.
        let expected = min((documentSize ?? source.count) / 32, 1 << 20)
        HugePages.reserve(&elements, capacity: expected)
        HugePages.reserve(&attributes, capacity: expected * 2)
        valueBytes.reserveCapacity(expected * 16)
        textPieces.reserveCapacity(expected)
        textBytes.reserveCapacity(expected * 4)
    }

    /// What the builder made, handed over without a copy (the builder is left empty).
    mutating func takeRecords() -> XMLDocumentRecords {
        var records = XMLDocumentRecords()
        exchangeTables(with: &records)
        return records
    }

    /// Swaps the builder's tables with `records`' (no copy either way).
    private mutating func exchangeTables(with records: inout XMLDocumentRecords) {
        swap(&records.elements, &elements)
        swap(&records.attributes, &attributes)
        swap(&records.valueBytes, &valueBytes)
        swap(&records.names, &names)
        swap(&records.textBytes, &textBytes)
        swap(&records.textPieces, &textPieces)
    }

    /// Closes what the parser left open (a recovered or stopped parse).
    mutating func finish() {
        while let index = open.popLast() { close(Int(index)) }
    }

    // MARK: Events

    fileprivate mutating func startElement(
        localName: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
        uri: UnsafePointer<xmlChar>?, attributeCount: Int, defaultedCount: Int,
        attributeValues: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        closeAbandonedElements()
        if let parent = open.last { markContent(of: parent) }
        endRootTextRun()
        // Like libxml2's tree: an unbound prefix stays part of the name.
        let name =
            prefix != nil && uri == nil ? number(of: qualifiedName(prefix, localName)) : interned(localName).number
        let firstAttribute = Int32(attributes.count)
        var keys = XMLAttributeKeys()
        if let values = attributeValues, attributeCount > defaultedCount {
            let window = SourceWindow(context, source: source)
            // Attributes defaulted from a DTD are not part of the element (no XML_PARSE_DTDATTR).
            for index in 0..<max(0, attributeCount - defaultedCount) {
                let entry = values + index * 5
                guard let local = entry[0] else { continue }
                let (attributeName, key) =
                    entry[1] != nil && entry[2] == nil
                    ? (number(of: qualifiedName(entry[1], local)), XMLAttributeKey.other) : interned(local)
                keys.insert(key)
                let value = attributeValue(from: entry[3], to: entry[4], in: window)
                attributes.append(
                    XMLAttribute(
                        name: attributeName, key: key, isInSource: value.isInSource, valueStart: value.start,
                        valueEnd: value.end))
            }
        }
        let position = startTagPosition()
        open.append(Int32(elements.count))
        elements.append(
            XMLElementRecord(
                name: name, line: Int32(clamping: position.line), column: Int32(clamping: position.column),
                attributeStart: firstAttribute, attributeEnd: Int32(attributes.count), keys: keys,
                subtreeEnd: Int32(elements.count + 1), textStart: Int32(textPieces.count),
                textEnd: Int32(textPieces.count), hasContent: false))
    }

    fileprivate mutating func endElement() {
        closeAbandonedElements()
        guard let index = open.popLast() else { return }
        close(Int(index))
    }

    /// In recovery mode libxml2 gives up on an element whose start tag it cannot finish and goes on
    /// in its parent without an end event: its element stack is then shorter than ours.
    private mutating func closeAbandonedElements() {
        let depth = Int(max(0, context.pointee.nameNr))
        while open.count > depth, let index = open.popLast() { close(Int(index)) }
    }

    private mutating func close(_ index: Int) {
        elements[index].subtreeEnd = Int32(elements.count)
        elements[index].textEnd = Int32(textPieces.count)
    }

    /// Text, CDATA, or an entity reference (written as `&name;`) inside the innermost open element.
    fileprivate mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        closeAbandonedElements()
        guard let owner = open.last else { return }
        markContent(of: owner)
        if owner == 0 {
            // The root's runs of white space (the line breaks and indentation between declarations,
            // one run each) are read by nothing: they are not kept.
            if !rootEndsWithText, bytes.allSatisfy(XMLBytes.isWhitespace) {
                if endsAtMarkup(bytes) {
                    endRootTextRun()
                } else {
                    pendingRootSpace.append(contentsOf: bytes)
                }
                return
            }
            rootEndsWithText = true
            if !pendingRootSpace.isEmpty {
                let pending = pendingRootSpace
                pendingRootSpace.removeAll(keepingCapacity: true)
                pending.withUnsafeBufferPointer { appendPiece($0, of: owner) }
            }
        }
        appendPiece(bytes, of: owner)
    }

    /// Markup (an element, a comment, a processing instruction) ends the root's run of text: white
    /// space held for it is dropped.
    private mutating func endRootTextRun() {
        rootEndsWithText = false
        if !pendingRootSpace.isEmpty { pendingRootSpace.removeAll(keepingCapacity: true) }
    }

    /// Whether `bytes` lie in the parser's input buffer just before a `<`: the run of text they end
    /// ends there, however the parser divides it.
    private func endsAtMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let input = context.pointee.input, let base = input.pointee.base, let end = input.pointee.end,
            let start = bytes.baseAddress, start >= base, start + bytes.count < end
        else { return false }
        return start[bytes.count] == UInt8(ascii: "<")
    }

    /// Adds `bytes` to `owner`'s text: to its last piece when nothing came between them.
    private mutating func appendPiece(_ bytes: UnsafeBufferPointer<UInt8>, of owner: Int32) {
        let start = Int32(textBytes.count)
        textBytes.append(contentsOf: bytes)
        let end = Int32(textBytes.count)
        if let last = textPieces.last, last.element == owner, last.end == start {
            textPieces[textPieces.count - 1].end = end
        } else {
            textPieces.append(XMLTextPiece(element: owner, start: start, end: end))
        }
    }

    /// A comment or processing instruction: content that is not text.
    fileprivate mutating func noteContent() {
        closeAbandonedElements()
        guard let owner = open.last else { return }
        if owner == 0 { endRootTextRun() }
        markContent(of: owner)
    }

    /// Notes that the element has content. Read first: the root has content from its first
    /// declaration on, and a read costs less than a write to the array.
    private mutating func markContent(of element: Int32) {
        if !elements[Int(element)].hasContent { elements[Int(element)].hasContent = true }
    }

    fileprivate mutating func record(_ error: xmlError) {
        guard errors.count < Self.errorLimit else { return }
        var message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
        while message.last?.isWhitespace == true { message.removeLast() }
        errors.append(
            XMLParseError(
                line: Int(error.line), column: Int(error.int2), message: message,
                isWarning: error.level == XML_ERR_WARNING))
    }

    // MARK: Names and values

    /// The number and key of the name libxml2 hands over at `pointer`.
    private mutating func interned(_ pointer: UnsafePointer<xmlChar>) -> (number: UInt32, key: XMLAttributeKey) {
        let slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: pointer)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        let entry = recentNames[slot]
        if entry.pointer == pointer { return (entry.number, entry.key) }
        let name = String(cString: pointer)
        let key = XMLAttributeKey(name: name)
        let number = number(of: name)
        recentNames[slot] = (pointer, number, key)
        return (number, key)
    }

    /// The number of `name` in ``names``, given it if it has none yet.
    private mutating func number(of name: String) -> UInt32 {
        if let number = nameNumbers[name] { return number }
        let number = UInt32(names.count)
        names.append(name)
        nameNumbers[name] = number
        return number
    }

    private func qualifiedName(_ prefix: UnsafePointer<xmlChar>?, _ local: UnsafePointer<xmlChar>) -> String {
        (prefix.map { String(cString: $0) + ":" } ?? "") + String(cString: local)
    }

    /// Where the value libxml2 hands over at `start..<end` is kept: in the source, when the parser
    /// hands over the bytes as written (most values), else appended to ``valueBytes``.
    private mutating func attributeValue(
        from start: UnsafePointer<xmlChar>?, to end: UnsafePointer<xmlChar>?, in window: SourceWindow?
    ) -> (start: Int32, end: Int32, isInSource: Bool) {
        if let start, let end, end > start, let offset = window?.offset(of: start, count: end - start) {
            return (Int32(offset), Int32(offset + (end - start)), true)
        }
        let valueStart = Int32(clamping: valueBytes.count)
        appendAttributeValue(from: start, to: end)
        return (valueStart, Int32(clamping: valueBytes.count), false)
    }

    /// An attribute value as libxml2's tree holds it. The parser hands over the value with
    /// predefined entities and character references resolved, except that a literal `&` is
    /// `&#38;` and a reference to a declared entity stays `&name;`; the tree builder then splits such
    /// a value into text and entity-reference nodes, whose text (`&name;` for a reference) is the
    /// value. libxml2's own splitter is used for those (rare) values. The value's bytes are appended
    /// to ``valueBytes`` (not checked as UTF-8 here: a value is decoded when it is read).
    private mutating func appendAttributeValue(from start: UnsafePointer<xmlChar>?, to end: UnsafePointer<xmlChar>?) {
        guard let start = start, let end = end, end > start else { return }
        let bytes = UnsafeBufferPointer(start: start, count: end - start)
        guard bytes.contains(UInt8(ascii: "&")) else { return valueBytes.append(contentsOf: bytes) }
        if appendLiteralAmpersands(bytes) { return }
        guard let nodes = xmlStringLenGetNodeList(context.pointee.myDoc, start, Int32(bytes.count)) else { return }
        defer { xmlFreeNodeList(nodes) }
        var node: xmlNodePtr? = nodes
        while let current = node {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content {
                    valueBytes.append(contentsOf: UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content))))
                }
            case XML_ENTITY_REF_NODE:
                valueBytes.append(UInt8(ascii: "&"))
                if let name = current.pointee.name {
                    valueBytes.append(contentsOf: UnsafeBufferPointer(start: name, count: Int(xmlStrlen(name))))
                }
                valueBytes.append(UInt8(ascii: ";"))
            default:
                break
            }
            node = current.pointee.next
        }
    }

    /// How the parser hands over a literal `&` in an attribute value (made once, not for every value
    /// holding one).
    private static let literalAmpersand: [UInt8] = Array("&#38;".utf8)

    /// Appends the value when its only references are `&#38;` (how the parser hands over a literal
    /// `&`): each is that `&`, as libxml2's splitter would make it. False, and nothing appended, for
    /// any other reference.
    private mutating func appendLiteralAmpersands(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let reference = Self.literalAmpersand
        let start = valueBytes.count
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                valueBytes.append(byte)
                index += 1
                continue
            }
            guard index + reference.count <= bytes.count,
                bytes[index..<index + reference.count].elementsEqual(reference)
            else {
                valueBytes.removeSubrange(start...)
                return false
            }
            valueBytes.append(byte)
            index += reference.count
        }
        return true
    }

    // MARK: Positions

    /// Where the `<` of the start tag just parsed is. The parser reports a start tag when it has
    /// read its attributes: its line and column are then those of the tag's `>` (or `/>`), and the
    /// tag's text, which contains no other `<`, is still in the input buffer. Columns count
    /// characters, as libxml2's do.
    private func startTagPosition() -> (line: Int, column: Int) {
        guard let input = context.pointee.input, let base = input.pointee.base, let cur = input.pointee.cur else {
            return (1, 1)
        }
        let line = Int(input.pointee.line), column = Int(input.pointee.col)
        // Normally the parser is at the tag's `>`; after an error it may be at the next tag's `<`.
        // With the characters and line feeds between the `<` and the parser.
        guard cur > base, let (opening, newlines, characters) = StartTagBytes.lastOpening(before: cur, from: base)
        else {
            return (max(1, line), 1)
        }
        if newlines == 0 { return (max(1, line), max(1, column - characters)) }
        let tagLine = max(1, line - newlines)
        // A start tag over several lines: count the characters before `<` on its first line.
        if let count = charactersBeforeOnLine(opening, base: base, input: input) { return (tagLine, count + 1) }
        return (tagLine, 1)
    }

    /// The number of characters between the start of `pointer`'s line and `pointer`, from the input
    /// buffer, or from the source when the parser has already discarded the start of that line.
    private func charactersBeforeOnLine(
        _ pointer: UnsafePointer<xmlChar>, base: UnsafePointer<xmlChar>,
        input: xmlParserInputPtr
    ) -> Int? {
        if let count = Self.charactersBeforeOnLine(pointer, lowerBound: base) { return count }
        if input.pointee.consumed == 0 {
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            let start =
                UnsafeBufferPointer(start: base, count: min(3, pointer - base)).elementsEqual(bom) ? base + 3 : base
            return Self.characters(from: start, to: pointer)
        }
        // The buffer was shrunk. Without an encoding conversion it holds the source bytes.
        guard input.pointee.buf?.pointee.encoder == nil, let sourceBase = source.baseAddress else { return nil }
        let offset = Int(input.pointee.consumed) + (pointer - base)
        guard offset >= 0, offset < source.count else { return nil }
        let inSource = sourceBase.assumingMemoryBound(to: xmlChar.self) + offset
        guard inSource.pointee == UInt8(ascii: "<") else { return nil }
        let first = sourceBase.assumingMemoryBound(to: xmlChar.self)
        if let count = Self.charactersBeforeOnLine(inSource, lowerBound: first) { return count }
        let start = source.starts(with: [0xEF, 0xBB, 0xBF]) ? first + 3 : first
        return Self.characters(from: start, to: inSource)
    }

    /// Characters from the line feed before `pointer` (not before `lowerBound`) to `pointer`; nil
    /// when there is no line feed in that range.
    private static func charactersBeforeOnLine(
        _ pointer: UnsafePointer<xmlChar>,
        lowerBound: UnsafePointer<xmlChar>
    ) -> Int? {
        var lineStart = pointer
        while lineStart > lowerBound {
            if (lineStart - 1).pointee == UInt8(ascii: "\n") { return characters(from: lineStart, to: pointer) }
            lineStart -= 1
        }
        return nil
    }

    private static func characters(from start: UnsafePointer<xmlChar>, to end: UnsafePointer<xmlChar>) -> Int {
        var count = 0
        var byte = start
        while byte < end {
            if byte.pointee & 0xC0 != 0x80 { count += 1 }
            byte += 1
        }
        return count
    }

    // MARK: Installing the handlers

    /// Points `handler`'s content events at the builder kept in the parser context's `_private`.
    static func install(on handler: UnsafeMutablePointer<xmlSAXHandler>) {
        handler.pointee.startElementNs = {
            userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount,
            defaultedCount, attributes in
            let isOurs = XMLTreeBuilder.withBuilder(of: userData) { builder in
                guard let localName = localName else { return }
                builder.startElement(
                    localName: localName, prefix: prefix, uri: uri, attributeCount: Int(attributeCount),
                    defaultedCount: Int(defaultedCount), attributeValues: attributes)
            }
            if !isOurs {
                xmlSAX2StartElementNs(
                    userData, localName, prefix, uri, namespaceCount, namespaces, attributeCount,
                    defaultedCount, attributes)
            }
        }
        handler.pointee.endElementNs = { userData, localName, prefix, uri in
            if !XMLTreeBuilder.withBuilder(of: userData, { $0.endElement() }) {
                xmlSAX2EndElementNs(userData, localName, prefix, uri)
            }
        }
        handler.pointee.characters = { XMLTreeBuilder.text($0, $1, $2, elsewhere: xmlSAX2Characters) }
        handler.pointee.ignorableWhitespace = handler.pointee.characters
        handler.pointee.cdataBlock = { XMLTreeBuilder.text($0, $1, $2, elsewhere: xmlSAX2CDataBlock) }
        handler.pointee.reference = { userData, name in
            let isOurs = XMLTreeBuilder.withBuilder(of: userData) { builder in
                let text = "&" + (name.map { String(cString: $0) } ?? "") + ";"
                Array(text.utf8).withUnsafeBufferPointer { builder.appendText($0) }
            }
            if !isOurs { xmlSAX2Reference(userData, name) }
        }
        handler.pointee.comment = { userData, text in
            if !XMLTreeBuilder.withBuilder(of: userData, { $0.noteContent() }) { xmlSAX2Comment(userData, text) }
        }
        handler.pointee.processingInstruction = { userData, target, data in
            if !XMLTreeBuilder.withBuilder(of: userData, { $0.noteContent() }) {
                xmlSAX2ProcessingInstruction(userData, target, data)
            }
        }
        // libxml2 calls `serror` with the parser context (its `userData`); child contexts share the
        // parent's `_private`, so their errors are recorded too.
        handler.pointee.serror = { userData, error in
            guard let userData = userData, let error = error else { return }
            let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let slot = context.pointee._private else { return }
            Unmanaged<Box>.fromOpaque(slot).takeUnretainedValue().builder.record(error.pointee)
        }
    }

    /// Character data or CDATA: the builder's text, or libxml2's when a child context checks an entity.
    private static func text(
        _ userData: UnsafeMutableRawPointer?, _ characters: UnsafePointer<xmlChar>?, _ length: Int32,
        elsewhere: (UnsafeMutableRawPointer?, UnsafePointer<xmlChar>?, Int32) -> Void
    ) {
        let isOurs = withBuilder(of: userData) { builder in
            builder.appendText(UnsafeBufferPointer(start: characters, count: Int(max(0, length))))
        }
        if !isOurs { elsewhere(userData, characters, length) }
    }

    /// Gives `body` the builder when `userData` is the context it builds from, and returns true;
    /// false for the child contexts libxml2 uses to check entities. The box is borrowed (the parse
    /// keeps it alive): an event costs no reference counting.
    private static func withBuilder(
        of userData: UnsafeMutableRawPointer?, _ body: (inout XMLTreeBuilder) -> Void
    ) -> Bool {
        guard let userData = userData else { return false }
        let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let slot = context.pointee._private else { return false }
        return Unmanaged<Box>.fromOpaque(slot)._withUnsafeGuaranteedRef { box in
            guard box.context == context else { return false }
            body(&box.builder)
            return true
        }
    }

    /// The builder during a parse, for libxml2's callbacks (which reach it through the context's
    /// `_private` slot). Each event is one mutation of the builder.
    final class Box {
        let context: xmlParserCtxtPtr
        /// Only libxml2's callbacks touch it, one at a time: no run-time exclusivity check per event.
        @exclusivity(unchecked) var builder: XMLTreeBuilder

        init(_ builder: XMLTreeBuilder) {
            context = builder.context
            self.builder = builder
        }
    }
}

/// One element of a parsed document, in document order (the root is element 0). Plain numbers
/// only: a document of a hundred thousand elements holds no string or reference per element.
struct XMLElementRecord: Equatable {
    /// The element's name: its number in the document's ``XMLSourceDocument/names``.
    var name: UInt32
    var line: Int32
    var column: Int32
    /// The element's attributes are `attributes[attributeStart..<attributeEnd]` of the document.
    var attributeStart: Int32
    var attributeEnd: Int32
    /// The known attributes among them.
    var keys: XMLAttributeKeys
    /// One past the last element of the subtree: the descendants are the elements in between.
    var subtreeEnd: Int32
    /// The text pieces inside the element, descendants' included.
    var textStart: Int32
    var textEnd: Int32
    /// Whether the element has any content (elements, text, comments, ...): `<a/>` has none.
    var hasContent: Bool
}

/// An attribute of an element: its name (a number in the document's ``XMLSourceDocument/names``),
/// its key when MBML knows the name, and where its decoded value is: in the document's
/// ``XMLSourceDocument/source`` (a value as it is written) or its ``XMLSourceDocument/valueBytes``.
struct XMLAttribute: Equatable {
    var name: UInt32
    var key: XMLAttributeKey
    /// Whether the value's range is in the source (else in the value bytes).
    var isInSource: Bool
    var valueStart: Int32
    var valueEnd: Int32
}

/// A run of text (character data, CDATA or `&name;`) whose innermost element is `element`.
struct XMLTextPiece: Equatable {
    var element: Int32
    var start: Int32
    var end: Int32
}

/// An error or warning libxml2 reported.
struct XMLParseError {
    var line: Int
    var column: Int
    var message: String
    var isWarning: Bool
}
