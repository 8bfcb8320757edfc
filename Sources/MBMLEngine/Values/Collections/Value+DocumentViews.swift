import Foundation
import OrderedCollections

extension Value {
    /// The value as code that visits its children by position should hold it: a dictionary that is a
    /// view of a document decoded one level (its positions are then found once, not per child); any
    /// other value as it is (an array view finds its elements by position through the document's
    /// index).
    public var openedForWalking: Value {
        guard case .dictionary(let entries) = self, entries.jsonNode != nil else { return self }
        return .dictionary(entries.entries)
    }

    /// The value with every view of a document inside it decoded: exactly what reading the whole
    /// JSON text would have built, holding no document. Values without views come back as they are.
    public var materialized: Value {
        switch self {
        case .array(let elements):
            if let node = elements.jsonNode { return node.materialized() }
            guard elements.contains(where: \.holdsDocumentViews) else { return self }
            return .array(elements.map(\.materialized))
        case .set(let members):
            guard members.contains(where: \.holdsDocumentViews) else { return self }
            return .set(members.map(\.materialized))
        case .dictionary(let entries):
            if let node = entries.jsonNode { return node.materialized() }
            guard entries.values.contains(where: \.holdsDocumentViews) else { return self }
            return .dictionary(entries.entries.mapValues(\.materialized))
        default:
            return self
        }
    }

    /// Whether a view of a document is anywhere inside this value.
    var holdsDocumentViews: Bool {
        switch self {
        case .array(let elements), .set(let elements):
            return elements.isDocumentView || elements.contains(where: \.holdsDocumentViews)
        case .dictionary(let entries):
            return entries.jsonNode != nil || entries.values.contains(where: \.holdsDocumentViews)
        default: return false
        }
    }
}
