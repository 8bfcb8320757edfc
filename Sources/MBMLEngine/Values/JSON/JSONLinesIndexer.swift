import Foundation
import Synchronization

/// The structural pass of a JSON Lines text (one JSON value a line): each record's line is checked
/// and indexed by ``JSONStructureIndexer`` as a text of its own, so that the records become views
/// of one document (``JSONDocument/loadLines(path:maximumSize:maximumDepth:reading:)``) instead of
/// values decoded whole — a gigabyte of records then takes little more memory than its file. Lines
/// are independent: a large text is cut into chunks at line feeds, which the calling thread and
/// helpers take one at a time, whichever is free (as ``JSONStructureIndexer/Split`` says).
///
/// It accepts what ``JSONReader``'s `readLines()` accepts, or less: a byte order mark, blank lines
/// anywhere, each record on one line with only blanks (space, tab, carriage return) after it. A
/// record that is not an array or an object (a number, a string) is checked by the reader itself.
/// Any line refused gives nil: the reader then reads the whole text, with its values and its
/// messages.
enum JSONLinesIndexer {
    /// The nesting a line is checked against first: the pass allocates its stacks for the depth it
    /// is given, for each line; a line deeper than this is checked again against the full depth.
    static let shallowDepth = 32

    /// Where each record begins, and the index of the large containers in them (offsets into
    /// `bytes`), or nil (see above).
    static func index(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, split: JSONStructureIndexer.Split? = nil
    ) -> (records: [Int], index: JSONStructureIndex)? {
        guard let base = bytes.baseAddress else { return ([], JSONStructureIndex(root: -1, members: [:])) }
        var start = 0
        if bytes.count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { start = 3 }
        let parts: [Part?]
        if let split, bytes.count >= split.minimumBytes {
            parts = indexInChunks(bytes, from: start, maximumDepth: maximumDepth, split: split)
        } else {
            parts = [Part(base, from: start, to: bytes.count, maximumDepth: maximumDepth)]
        }
        var records: [Int] = []
        var members: [Int: [Int]] = [:]
        records.reserveCapacity(parts.reduce(0) { $0 + ($1?.records.count ?? 0) })
        for part in parts {
            guard let part else { return nil }
            records.append(contentsOf: part.records)
            members.merge(part.members) { first, _ in first }
        }
        // No node begins at -1: no record is taken for a whole text's top-level value.
        return (records, JSONStructureIndex(root: -1, members: members))
    }

    /// The records of the lines of one range of the text.
    struct Part {
        var records: [Int] = []
        var members: [Int: [Int]] = [:]

        /// The lines from `start` (the start of a line) to `end` (just past a line feed, or the
        /// text's end), or nil when one is not a record the pass takes.
        init?(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, maximumDepth: Int) {
            var position = start
            while true {
                position = JSONBytes.skipWhitespace(base, position, end)
                guard position < end else { break }
                let lineEnd = LineFeeds.next(in: base, from: position, end: end)
                var valueEnd = lineEnd
                while valueEnd > position, JSONLinesIndexer.isBlank(base[valueEnd - 1]) { valueEnd -= 1 }
                let line = UnsafeBufferPointer(start: base + position, count: valueEnd - position)
                if base[position] | 0x20 != UInt8(ascii: "{") {
                    // A scalar record is read by the reader itself (it is short); a view reads it
                    // again where it is read.
                    guard JSONLinesIndexer.isScalar(line) else { return nil }
                    records.append(position)
                    position = lineEnd
                    continue
                }
                let shallow = min(maximumDepth, JSONLinesIndexer.shallowDepth)
                let found =
                    JSONStructureIndexer.index(line, maximumDepth: shallow, checkCancellation: {})
                    ?? (maximumDepth > shallow
                        ? JSONStructureIndexer.index(line, maximumDepth: maximumDepth, checkCancellation: {}) : nil)
                guard let found, found.root == 0 else { return nil }
                records.append(position)
                for (container, offsets) in found.members {
                    members[position + container] = offsets.map { position + $0 }
                }
                position = lineEnd
            }
        }
    }

    /// The parts of chunks of about `split.chunkBytes` that begin at lines, indexed by this thread
    /// and `split.helpers` others; each chunk's pages are mapped before its pass and given back
    /// after it. A chunk that fails stops the others.
    private static func indexInChunks(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, maximumDepth: Int, split: JSONStructureIndexer.Split
    ) -> [Part?] {
        guard let base = bytes.baseAddress else { return [] }
        let starts = chunkStarts(base, from: start, end: bytes.count, chunkBytes: split.chunkBytes)
        let ends = Array(starts.dropFirst()) + [bytes.count]
        let next = Atomic<Int>(0)
        let failed = Atomic<Bool>(false)
        let parts = Mutex<[Part?]>(Array(repeating: nil, count: starts.count))
        nonisolated(unsafe) let text = base
        let work: @Sendable () -> Void = {
            while !failed.load(ordering: .relaxed) {
                let chunk = next.add(1, ordering: .relaxed).oldValue
                guard chunk < starts.count else { return }
                let range = starts[chunk]..<ends[chunk]
                let page = MappedFile.pageSize
                split.populate(range.lowerBound / page * page..<range.upperBound)
                let part = Part(text, from: range.lowerBound, to: range.upperBound, maximumDepth: maximumDepth)
                // The pages wholly inside the chunk (a chunk may lie inside one page).
                let first = (range.lowerBound + page - 1) / page * page
                let last = range.upperBound / page * page
                if first < last { split.release(first..<last) }
                guard let part else { return failed.store(true, ordering: .relaxed) }
                parts.withLock { $0[chunk] = part }
            }
        }
        let group = DispatchGroup()
        for _ in 0..<max(0, min(split.helpers, starts.count - 1)) {
            DispatchQueue.global().async(group: group, execute: work)
        }
        work()
        group.wait()
        return failed.load(ordering: .relaxed) ? [nil] : parts.withLock { $0 }
    }

    /// Where the chunks begin: at `start`, then at the first line after each `chunkBytes`.
    private static func chunkStarts(_ base: UnsafePointer<UInt8>, from start: Int, end: Int, chunkBytes: Int) -> [Int] {
        var starts = [start]
        while let last = starts.last, last + chunkBytes < end {
            let next = LineFeeds.next(in: base, from: last + chunkBytes, end: end) + 1
            guard next < end else { break }
            starts.append(next)
        }
        return starts
    }

    /// Whether `line` (no white space at either end) is one JSON value that is not a container, as
    /// the reader reads it. A line that begins with a byte order mark is not (the reader skips one
    /// only at the start of the text).
    private static func isScalar(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = line.first, first != 0xEF, first != UInt8(ascii: "[") else { return false }
        var reader = JSONReader(bytes: line, tagged: false, maximumDepth: 1)
        return (try? reader.readDocument()) != nil
    }

    /// Whether `byte` may follow a record on its line (space, tab, carriage return).
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}
