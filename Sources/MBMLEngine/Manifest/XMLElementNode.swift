import CLibXML2
import Foundation

/// An element of an ``XMLSourceDocument``: its name, attributes, text and child elements, read
/// without entity substitution (a reference to an entity declared in a DTD stays `&name;`).
///
/// An element does not keep its document alive (a manifest can have hundreds of thousands of
/// elements, and retaining the document for each one is measurable): whoever walks the elements
/// keeps the document (``ManifestLoadSession`` holds every document it opened until the load ends).
struct XMLElementNode {
    let node: xmlNodePtr
    unowned(unsafe) let document: XMLSourceDocument
    /// The element's number in document order (the root is 0), when the walk that produced it
    /// knew it: the position is then found without indexing the whole tree.
    var preorderIndex: Int?

    init(node: xmlNodePtr, document: XMLSourceDocument, preorderIndex: Int? = nil) {
        self.node = node
        self.document = document
        self.preorderIndex = preorderIndex
    }

    /// The element's (local) name.
    var name: String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// The attributes in document order, values decoded (`&amp;` → `&`).
    var attributes: XMLAttributes {
        var pairs: [(name: String, value: String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = current.pointee.name.map { String(cString: $0) } ?? ""
            pairs.append((name, Self.text(from: current.pointee.children) ?? ""))
            attribute = current.pointee.next
        }
        return XMLAttributes(pairs: pairs)
    }

    /// The element's own text (text and CDATA children, not descendants'), or nil if it has none.
    var text: String? {
        Self.text(from: node.pointee.children)
    }

    /// All the text inside the element, its descendants' included, in document order (what the
    /// original took for a `<Var>` whose text contains markup: `a <b>bold</b> c` is `a bold c`).
    /// Nil if there is none. Walks the tree iteratively, so nesting depth cannot overflow the stack.
    var nestedText: String? {
        guard hasChildElements else { return text }
        var result: String?
        var next = node.pointee.children
        while let current = next {
            if current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                next = child
                continue
            }
            if let piece = Self.text(from: current, siblings: false) { result = (result ?? "") + piece }
            var climber: xmlNodePtr? = current
            next = nil
            while let step = climber, step != node {
                if let sibling = step.pointee.next {
                    next = sibling
                    break
                }
                climber = step.pointee.parent
            }
        }
        return result
    }

    /// The child elements in document order (numbered in document order when this element is).
    var childElements: [XMLElementNode] {
        var result: [XMLElementNode] = []
        var child = Self.firstElement(from: node.pointee.children)
        var index = preorderIndex.map { $0 + 1 }
        while let current = child {
            result.append(XMLElementNode(node: current, document: document, preorderIndex: index))
            if let known = index { index = known + Self.elementCount(inSubtreeOf: current) }
            child = Self.firstElement(from: current.pointee.next)
        }
        return result
    }

    /// The number of elements in `node`'s subtree, itself included (iteratively).
    static func elementCount(inSubtreeOf node: xmlNodePtr) -> Int {
        guard node.pointee.children != nil else { return 1 }
        var count = 0
        var stack: [xmlNodePtr] = [node]
        while let current = stack.popLast() {
            count += 1
            var child = firstElement(from: current.pointee.children)
            while let element = child {
                stack.append(element)
                child = firstElement(from: element.pointee.next)
            }
        }
        return count
    }

    var hasChildElements: Bool {
        Self.firstElement(from: node.pointee.children) != nil
    }

    /// Where the element's start tag begins.
    var position: SourcePosition {
        document.position(of: node, preorderIndex: preorderIndex)
    }

    /// A short XML form for messages: the start tag with its attributes, `/>` when the element is
    /// empty and `>...</Name>` otherwise. Long attribute values are shortened.
    var summary: String {
        var result = "<" + name
        for (attributeName, value) in attributes.pairs {
            let shown = value.count > 120 ? String(value.prefix(120)) + "..." : value
            result += " \(attributeName)=\"\(Self.escaped(shown))\""
        }
        return result + (node.pointee.children == nil ? "/>" : ">...</\(name)>")
    }

    // MARK: Helpers

    /// The first element node among `node` and its following siblings.
    static func firstElement(from node: xmlNodePtr?) -> xmlNodePtr? {
        var current = node
        while let candidate = current {
            if candidate.pointee.type == XML_ELEMENT_NODE { return candidate }
            current = candidate.pointee.next
        }
        return nil
    }

    /// The text of a list of sibling nodes: text and CDATA content, entity references as written.
    /// Nil when the list holds none of these.
    static func text(from first: xmlNodePtr?, siblings: Bool = true) -> String? {
        var result: String?
        var current = first
        while let node = current {
            defer { current = siblings ? node.pointee.next : nil }
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content {
                    result = (result ?? "") + String(cString: content)
                } else if result == nil {
                    result = ""
                }
            case XML_ENTITY_REF_NODE:
                let name = node.pointee.name.map { String(cString: $0) } ?? ""
                result = (result ?? "") + "&\(name);"
            default:
                break
            }
        }
        return result
    }

    private static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == "\"" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// An element's attributes, read once: look-ups are linear (elements have a handful of attributes).
struct XMLAttributes {
    /// Name and decoded value of each attribute, in document order.
    let pairs: [(name: String, value: String)]

    subscript(name: String) -> String? {
        for pair in pairs where pair.name == name { return pair.value }
        return nil
    }

    /// The attribute names not in `allowed`, in document order.
    func names(notIn allowed: [String]) -> [String] {
        pairs.lazy.map(\.name).filter { !allowed.contains($0) }
    }
}
