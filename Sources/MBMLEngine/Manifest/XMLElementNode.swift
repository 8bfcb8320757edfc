import Foundation

/// An element of an ``XMLSourceDocument``: its name, attributes, text and child elements, read
/// without entity substitution (a reference to an entity declared in a DTD stays `&name;`).
///
/// An element does not keep its document alive (a manifest can have hundreds of thousands of
/// elements, and retaining the document for each one is measurable): whoever walks the elements
/// keeps the document (``ManifestLoadSession`` holds every document it opened until the load ends).
struct XMLElementNode: Sendable, XMLDocumentReading {
    unowned(unsafe) let document: XMLSourceDocument
    /// The element's number in document order (the root is 0).
    let index: Int

    private var record: XMLElementRecord { withDocument { $0.elements[index] } }

    /// The element's name: the local name, or `prefix:name` when the prefix is not bound.
    var name: String { withDocument { $0.names[Int($0.elements[index].name)] } }

    /// The number of the element's name in its document's ``XMLSourceDocument/names``.
    var nameNumber: UInt32 { record.name }

    /// The attributes in document order, values decoded (`&amp;` → `&`).
    var attributes: XMLAttributes {
        withDocument { document in
            let record = document.elements[index]
            return XMLAttributes(
                document: document, range: Int(record.attributeStart)..<Int(record.attributeEnd), keys: record.keys)
        }
    }

    /// The element's own text (text and CDATA, not descendants'), or nil if it has none.
    var text: String? {
        let record = record
        return text(of: Int(record.textStart)..<Int(record.textEnd)) { $0.element == Int32(index) }
    }

    /// All the text inside the element, its descendants' included, in document order (what the
    /// original took for a `<Var>` whose text contains markup: `a <b>bold</b> c` is `a bold c`).
    /// Nil if there is none.
    var nestedText: String? {
        let record = record
        return text(of: Int(record.textStart)..<Int(record.textEnd)) { _ in true }
    }

    private func text(of pieces: Range<Int>, where included: (XMLTextPiece) -> Bool) -> String? {
        var bytes: [UInt8] = []
        var found = false
        for piece in document.textPieces[pieces] where included(piece) {
            found = true
            bytes.append(contentsOf: document.textBytes[Int(piece.start)..<Int(piece.end)])
        }
        return found ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// The child elements in document order.
    var childElements: [XMLElementNode] {
        withDocument { document in childElements(of: document, in: document.elements) }
    }

    private func childElements(of document: XMLSourceDocument, in elements: [XMLElementRecord]) -> [XMLElementNode] {
        let end = Int(elements[index].subtreeEnd)
        var count = 0
        var child = index + 1
        while child < end {
            count += 1
            child = Int(elements[child].subtreeEnd)
        }
        var result: [XMLElementNode] = []
        result.reserveCapacity(count)
        child = index + 1
        while child < end {
            result.append(XMLElementNode(document: document, index: child))
            child = Int(elements[child].subtreeEnd)
        }
        return result
    }

    /// The child elements in document order, read one at a time: no array of them is made (a
    /// manifest's root has one child a declaration).
    var children: XMLChildElements {
        withDocument { XMLChildElements(document: $0, parent: index) }
    }

    var hasChildElements: Bool {
        Int(record.subtreeEnd) > index + 1
    }

    /// Where the element's start tag begins.
    var position: SourcePosition {
        let record = record
        return SourcePosition(line: Int(record.line), column: Int(record.column))
    }

    /// A short XML form for messages: the start tag with its attributes, `/>` when the element is
    /// empty and `>...</Name>` otherwise. Long attribute values are shortened.
    var summary: String {
        var result = "<" + name
        for attribute in attributes.pairs {
            let value = attribute.value
            let shown = value.count > 120 ? String(value.prefix(120)) + "..." : value
            result += " \(attribute.name)=\"\(Self.escaped(shown))\""
        }
        return result + (record.hasContent ? ">...</\(name)>" : "/>")
    }

    private static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == "\"" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// The child elements of an element, in document order (``XMLElementNode/children``).
struct XMLChildElements: Sequence, Sendable, XMLDocumentReading {
    unowned(unsafe) let document: XMLSourceDocument
    /// The parent's number in document order.
    let parent: Int

    /// How many children there are (one step a child).
    var count: Int {
        var count = 0
        for _ in self { count += 1 }
        return count
    }

    func makeIterator() -> Iterator {
        withDocument { Iterator(document: $0, upcoming: parent + 1, end: Int($0.elements[parent].subtreeEnd)) }
    }

    struct Iterator: IteratorProtocol, XMLDocumentReading {
        unowned(unsafe) let document: XMLSourceDocument
        /// The next child's number in document order.
        var upcoming: Int
        let end: Int

        mutating func next() -> XMLElementNode? {
            guard upcoming < end else { return nil }
            return withDocument { document in
                let child = XMLElementNode(document: document, index: upcoming)
                upcoming = Int(document.elements[upcoming].subtreeEnd)
                return child
            }
        }
    }
}

/// An element's attributes: look-ups are linear (elements have a handful of attributes), and one
/// by ``XMLAttributeKey`` compares no names (nor looks at all when the element lacks the key).
/// Values are decoded from the document's bytes when they are read.
struct XMLAttributes: XMLDocumentReading {
    unowned(unsafe) let document: XMLSourceDocument
    /// The attributes' numbers in the document's ``XMLSourceDocument/attributes``.
    let range: Range<Int>
    /// The known attributes among them.
    let keys: XMLAttributeKeys

    /// Name and decoded value of each attribute, in document order.
    var pairs: [(name: String, value: String)] {
        document.attributes[range].map { (document.names[Int($0.name)], value(of: $0)) }
    }

    subscript(name: String) -> String? {
        // Comparing the lengths first spares most comparisons of different names.
        let length = name.utf8.count
        return withDocument { document in
            for attribute in document.attributes[range] {
                let candidate = document.names[Int(attribute.name)]
                if candidate.utf8.count == length, candidate == name { return value(of: attribute) }
            }
            return nil
        }
    }

    subscript(key: XMLAttributeKey) -> String? {
        guard key != .other, keys.contains(key) else { return nil }
        return withDocument { document in
            document.attributes.withUnsafeBufferPointer { attributes in
                for attribute in attributes[range] where attribute.key == key {
                    return document.withValueBytes { Self.value(of: attribute, values: $0, source: $1) }
                }
                return nil
            }
        }
    }

    /// The values of `first` and `second` when the element has exactly these two attributes (in
    /// either order), read in one look at the pair; nil otherwise.
    func values(ofOnly first: XMLAttributeKey, _ second: XMLAttributeKey) -> (String, String)? {
        guard range.count == 2, keys == XMLAttributeKeys(first, second) else { return nil }
        return withDocument { document in
            let (a, b) = document.attributes.withUnsafeBufferPointer { attributes in
                (attributes[range.lowerBound], attributes[range.lowerBound + 1])
            }
            // Both values read through one look at the bytes.
            return document.withValueBytes { values, source in
                let (one, other) = (
                    Self.value(of: a, values: values, source: source), Self.value(of: b, values: values, source: source)
                )
                return a.key == first ? (one, other) : (other, one)
            }
        }
    }

    /// Whether an attribute has `key` (without decoding its value).
    func contains(_ key: XMLAttributeKey) -> Bool {
        key != .other && keys.contains(key)
    }

    /// The attribute names not in `allowed`, in document order.
    func names(notIn allowed: [String]) -> [String] {
        let names = document.attributes[range].map { document.names[Int($0.name)] }
        return names.filter { !allowed.contains($0) }
    }

    /// The attribute names whose keys are not in `allowed`, in document order.
    func names(notIn allowed: XMLAttributeKeys) -> [String] {
        document.attributes[range].filter { $0.key == .other || !allowed.contains($0.key) }
            .map { document.names[Int($0.name)] }
    }

    private func value(of attribute: XMLAttribute) -> String {
        withDocument { $0.withValueBytes { Self.value(of: attribute, values: $0, source: $1) } }
    }

    /// The value of `attribute`, decoded from the document's value bytes `values` or its `source`.
    private static func value(
        of attribute: XMLAttribute, values: UnsafeBufferPointer<UInt8>, source: UnsafeBufferPointer<UInt8>
    ) -> String {
        let start = Int(attribute.valueStart), end = Int(attribute.valueEnd)
        guard end > start else { return "" }
        let bytes = attribute.isInSource ? source : values
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}

/// A value that reads an ``XMLSourceDocument`` without keeping it alive (an element, its
/// children, its attributes: whoever walks them keeps the document).
protocol XMLDocumentReading {
    var document: XMLSourceDocument { get }
}

extension XMLDocumentReading {
    /// Gives `body` the document, borrowed for the call: a read of its tables through it costs no
    /// reference counting (one read through the unowned reference retains and releases the table
    /// it reads, twice an attribute for each of a large manifest's hundred thousand elements).
    @inline(__always)
    func withDocument<Result>(_ body: (XMLSourceDocument) -> Result) -> Result {
        Unmanaged.passUnretained(document)._withUnsafeGuaranteedRef(body)
    }
}

extension XMLSourceDocument {
    /// Gives `body` the bytes attribute values are read from: the value bytes and the source.
    fileprivate func withValueBytes<Result>(
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        valueBytes.withUnsafeBufferPointer { values in source.withUnsafeBufferPointer { body(values, $0) } }
    }
}
