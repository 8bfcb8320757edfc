import Foundation

/// Where each top-level element of a loaded manifest text is (UTF-8 offsets of its `<` and just
/// past its last `>`) and what declaring it did (``ElementRecord``), with the indexes an incremental
/// load (``ManifestTextLoad``) checks an edit against.
struct DocumentElements: Sendable {
    /// The span of each top-level element, in document order.
    var spans: [Range<Int>]
    /// The record of each, in the same order.
    var record: DocumentRecord
    /// For each name a top-level `<Var>` declares: the index of the last such element.
    let lastDeclaration: [String: Int]
    /// For each name a top-level `<Var>` declares: how many elements declare it.
    let declarationCount: [String: Int]
    /// The indexes of the top-level `<Function>`s, in order.
    let functionIndexes: [Int]

    /// The elements of `text`, whose load recorded `record`; nil when the text's scan and its parse
    /// do not agree on them, or when its prolog could make a part of it parse differently alone (a
    /// document type declaration, an encoding other than UTF-8). `outline` is the text's, if scanned
    /// already.
    init?(text: String, record: DocumentRecord, outline: ManifestOutline? = nil) {
        let bytes = Array(text.utf8)
        let outline = outline ?? ManifestOutline(text: text)
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        guard let root = outline.elements.indices.first, outline.elements[root].parent == nil,
            !outline.elements.dropFirst().contains(where: { $0.parent == nil }),
            let rootStart = Self.offset(of: outline.elements[root].start, in: bytes, lineStarts: lineStarts),
            !Self.hasSpecialProlog(bytes[..<rootStart])
        else { return nil }
        let children = outline.elements.indices.filter { outline.elements[$0].parent == root }
        guard children.count == record.elements.count else { return nil }
        var spans: [Range<Int>] = []
        spans.reserveCapacity(children.count)
        for (index, child) in zip(record.elements.indices, children) {
            let element = outline.elements[child]
            guard element.name == record.elements[index].tag,
                let start = Self.offset(of: element.start, in: bytes, lineStarts: lineStarts),
                let end = Self.offset(of: element.end, in: bytes, lineStarts: lineStarts), start < end,
                bytes[start] == UInt8(ascii: "<"), bytes[end - 1] == UInt8(ascii: ">")
            else { return nil }
            spans.append(start..<end)
        }
        var lastDeclaration: [String: Int] = [:]
        var declarationCount: [String: Int] = [:]
        var functionIndexes: [Int] = []
        for (index, element) in record.elements.enumerated() {
            if element.tag == "Function" { functionIndexes.append(index) }
            guard element.tag == "Var", let name = element.name else { continue }
            lastDeclaration[name] = index
            declarationCount[name, default: 0] += 1
        }
        self.spans = spans
        self.record = record
        self.lastDeclaration = lastDeclaration
        self.declarationCount = declarationCount
        self.functionIndexes = functionIndexes
    }

    /// The index of the first top-level `<Function>` after the element at `position`, if any: the
    /// functions declared before it (``ElementRecord/functionsBefore``) are those the element's
    /// load called.
    func firstFunction(after position: Int) -> Int? {
        var low = 0
        var high = functionIndexes.count
        while low < high {
            let middle = (low + high) / 2
            if functionIndexes[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return low < functionIndexes.count ? functionIndexes[low] : nil
    }

    /// Whether a diagnostic reported before the elements were declared (a parse warning) is in
    /// `file` between the element at `position` and the next: it would stay were the element
    /// declared again alone.
    func headHasDiagnostic(at position: Int, file: String) -> Bool {
        let first = record.elements[position].line
        let next = position + 1 < record.elements.count ? record.elements[position + 1].line : Int.max
        return record.head.contains { $0.file == file && $0.line >= first && $0.line <= next }
    }

    /// The index of the element whose span holds the UTF-8 range `start..<end` strictly inside (its
    /// `<` and last `>` untouched), if any.
    func element(enclosing start: Int, _ end: Int) -> Int? {
        var low = 0
        var high = spans.count
        // The last span that starts before `start`.
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].lowerBound < start { low = middle + 1 } else { high = middle }
        }
        let index = low - 1
        guard index >= 0, end < spans[index].upperBound else { return nil }
        return index
    }

    /// The index of the first element whose span starts at or after the UTF-8 offset `offset`
    /// (``spans``' count when none does).
    func firstElement(startingAtOrAfter offset: Int) -> Int {
        var low = 0
        var high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Moves the elements from `first` on by `bytes` bytes and what `shift` moves of every
    /// element's record and of the diagnostics before them: the elements after an edit.
    mutating func move(from first: Int, bytes: Int, _ shift: LineShift) {
        for index in first..<spans.count {
            spans[index] = spans[index].lowerBound + bytes..<spans[index].upperBound + bytes
        }
        guard shift.delta != 0 else { return }
        record.head = record.head.map(shift.moved)
        for index in first..<record.elements.count {
            record.elements[index] = shift.moved(record.elements[index])
        }
    }

    /// A document type declaration (its entities could change how a part of the text parses) or
    /// an XML declaration naming an encoding other than UTF-8.
    private static func hasSpecialProlog(_ bytes: ArraySlice<UInt8>) -> Bool {
        let prolog = String(decoding: bytes, as: UTF8.self).lowercased()
        if prolog.contains("<!doctype") { return true }
        guard prolog.hasPrefix("<?xml"), let end = prolog.range(of: "?>") else { return false }
        let declaration = prolog[..<end.lowerBound]
        return declaration.contains("encoding") && !declaration.contains("utf-8") && !declaration.contains("utf8")
    }

    /// The UTF-8 offset of an outline position (a line and a UTF-16 offset in it).
    private static func offset(of position: ManifestOutline.Position, in bytes: [UInt8], lineStarts: [Int]) -> Int? {
        guard lineStarts.indices.contains(position.line) else { return nil }
        var offset = lineStarts[position.line]
        var units = 0
        while units < position.utf16Column {
            guard offset < bytes.count else { return nil }
            let lead = bytes[offset]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            units += length == 4 ? 2 : 1
            offset += length
        }
        return offset
    }
}
