/// What an ``XMLTreeBuilder`` makes of a document and an ``XMLSourceDocument`` holds: the
/// elements in document order, their attributes and text, and the names they use.
struct XMLDocumentRecords: Equatable {
    var elements: [XMLElementRecord] = []
    var attributes: [XMLAttribute] = []
    var valueBytes: [UInt8] = []
    var names: [String] = []
    var textBytes: [UInt8] = []
    var textPieces: [XMLTextPiece] = []

    /// Empties every table, keeping its room (tables filled again, ``TablePool``).
    mutating func emptyKeepingRoom() {
        elements.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        valueBytes.removeAll(keepingCapacity: true)
        names.removeAll(keepingCapacity: true)
        textBytes.removeAll(keepingCapacity: true)
        textPieces.removeAll(keepingCapacity: true)
    }

    /// Adds the root's children that a second half holds (``XMLDocumentSplit``) after this first
    /// half's, as one parse of the whole document would have recorded them: elements, attributes
    /// and text pieces renumbered, names numbered in the order they first appear, lines counted in
    /// the whole document, and values read from the source at their place in it.
    ///
    /// - Parameters:
    ///   - second: the second half's records; its root is the first half's start tag again.
    ///   - sourceOffset: what to add to an offset in the second half's bytes to make it the offset
    ///     in the document's source.
    ///   - lineOffset: what to add to a line of the second half to make it the document's.
    /// - Returns: false, with nothing changed, when the halves do not join so: their roots differ,
    ///   or the first half's last piece of text and the second half's first are both the root's (one
    ///   parse would have made them one piece: pieces of an element's text with no other text
    ///   between them are one). A first half that ends with text of the root is not joined either
    ///   (its parse tells, ``XMLTreeBuilder/rootEndsWithText``).
    mutating func join(_ second: XMLDocumentRecords, sourceOffset: Int, lineOffset: Int) -> Bool {
        guard let root = elements.first, let secondRoot = second.elements.first,
            names[Int(root.name)] == second.names[Int(secondRoot.name)],
            root.attributeEnd - root.attributeStart == secondRoot.attributeEnd - secondRoot.attributeStart,
            !(textPieces.last?.element == 0 && second.textPieces.first?.element == 0)
        else { return false }
        let nameNumbers = numbers(for: second.names)
        let rootAttributes = Int(secondRoot.attributeEnd)
        // The root's own attribute values come first among the second half's decoded values.
        let rootValueEnd = second.attributes[..<rootAttributes].filter { !$0.isInSource }.map(\.valueEnd).max() ?? 0
        let elementShift = Int32(elements.count - 1)
        let attributeShift = Int32(attributes.count - rootAttributes)
        let valueShift = Int32(valueBytes.count) - rootValueEnd
        let pieceShift = Int32(textPieces.count)
        let textShift = Int32(textBytes.count)
        let sourceShift = Int32(sourceOffset)
        let lineShift = Int32(lineOffset)

        elements.reserveCapacity(elements.count + second.elements.count - 1)
        for var element in second.elements.dropFirst() {
            element.name = nameNumbers[Int(element.name)]
            element.line += lineShift
            element.attributeStart += attributeShift
            element.attributeEnd += attributeShift
            element.subtreeEnd += elementShift
            element.textStart += pieceShift
            element.textEnd += pieceShift
            elements.append(element)
        }
        attributes.reserveCapacity(attributes.count + second.attributes.count - rootAttributes)
        for var attribute in second.attributes[rootAttributes...] {
            attribute.name = nameNumbers[Int(attribute.name)]
            let shift = attribute.isInSource ? sourceShift : valueShift
            attribute.valueStart += shift
            attribute.valueEnd += shift
            attributes.append(attribute)
        }
        valueBytes.append(contentsOf: second.valueBytes[Int(rootValueEnd)...])
        for var piece in second.textPieces {
            if piece.element != 0 { piece.element += elementShift }
            piece.start += textShift
            piece.end += textShift
            textPieces.append(piece)
        }
        textBytes.append(contentsOf: second.textBytes)
        elements[0].subtreeEnd = Int32(elements.count)
        elements[0].textEnd = Int32(textPieces.count)
        elements[0].hasContent = root.hasContent || secondRoot.hasContent
        return true
    }

    /// Makes the records of a piece of a document (``XMLDocumentPiece``) stand for their place in
    /// it: values read from the source are found at their offset in the document, and lines are
    /// the document's. The piece's root, which only stands in for the document's, keeps its line.
    mutating func shift(sourceOffset: Int, lineOffset: Int) {
        let sourceShift = Int32(sourceOffset)
        let lineShift = Int32(lineOffset)
        for index in attributes.indices where attributes[index].isInSource {
            attributes[index].valueStart += sourceShift
            attributes[index].valueEnd += sourceShift
        }
        for index in elements.indices.dropFirst() { elements[index].line += lineShift }
    }

    /// This document's number for each of `otherNames` (numbered there), given one when it has
    /// none yet.
    private mutating func numbers(for otherNames: [String]) -> [UInt32] {
        var known = [String: UInt32](minimumCapacity: names.count)
        for (number, name) in names.enumerated() { known[name] = UInt32(number) }
        return otherNames.map { name in
            if let number = known[name] { return number }
            let number = UInt32(names.count)
            names.append(name)
            known[name] = number
            return number
        }
    }
}
