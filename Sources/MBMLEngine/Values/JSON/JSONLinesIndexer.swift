import Foundation

/// The structural pass of a JSON Lines text (one JSON value a line): each record's line is checked
/// and indexed by ``JSONStructureIndexer`` as a text of its own, so that the records become views
/// of one document (``JSONDocument/loadLines(path:maximumSize:maximumDepth:reading:)``) instead of
/// values decoded whole — a gigabyte of records then takes little more memory than its file.
///
/// It accepts what ``JSONReader``'s `readLines()` accepts, or less: a byte order mark, blank lines
/// anywhere, each record on one line with only blanks (space, tab, carriage return) after it. A
/// record that is not an array or an object (a number, a string), or any line the pass refuses,
/// gives nil: the reader then reads the whole text, with its values and its messages.
enum JSONLinesIndexer {
    /// Where each record begins, and the index of the large containers in them (offsets into
    /// `bytes`), or nil (see above). `passing` is called about every megabyte with the offset the
    /// pass has reached (it reads no byte before it again).
    static func index(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, checkCancellation: () throws -> Void = {},
        passing: (Int) -> Void = { _ in }
    ) rethrows -> (records: [Int], index: JSONStructureIndex)? {
        guard let base = bytes.baseAddress else { return ([], JSONStructureIndex(root: -1, members: [:])) }
        let end = bytes.count
        var position = 0
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        var records: [Int] = []
        var members: [Int: [Int]] = [:]
        var nextCheck = JSONStructureIndexer.progressStride
        while true {
            position = JSONBytes.skipWhitespace(base, position, end)
            guard position < end else { break }
            if position >= nextCheck {
                try checkCancellation()
                passing(position)
                nextCheck = position + JSONStructureIndexer.progressStride
            }
            let lineEnd = endOfLine(base, from: position, end: end)
            var valueEnd = lineEnd
            while valueEnd > position, isBlank(base[valueEnd - 1]) { valueEnd -= 1 }
            let line = UnsafeBufferPointer(start: base + position, count: valueEnd - position)
            guard let found = JSONStructureIndexer.index(line, maximumDepth: maximumDepth, checkCancellation: {}),
                found.root == 0
            else {
                return nil
            }
            records.append(position)
            for (container, offsets) in found.members {
                members[position + container] = offsets.map { position + $0 }
            }
            position = lineEnd
        }
        // No node begins at -1: no record is taken for a whole text's top-level value.
        return (records, JSONStructureIndex(root: -1, members: members))
    }

    /// The offset of the first line feed from `position` on, or `end`.
    private static func endOfLine(_ base: UnsafePointer<UInt8>, from position: Int, end: Int) -> Int {
        guard let found = memchr(base + position, 0x0A, end - position) else { return end }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `byte` may follow a record on its line (space, tab, carriage return).
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}
