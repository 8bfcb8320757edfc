import Foundation

/// Where a node of a lazily read JSON file is in the file's text: the line an editor opens it at
/// (the inspector's `E` on a node of a data file).
extension JSONNode {
    /// The 1-based line of the text on which the container starts (its opening bracket).
    public var line: Int {
        document.line(at: offset)
    }

    /// The 1-based line on which the element at `index` of an array starts, or nil outside its
    /// bounds (or for an object).
    public func line(ofElement index: Int) -> Int? {
        guard isArray else { return nil }
        let offsets = memberOffsets()
        guard offsets.indices.contains(index) else { return nil }
        return document.line(at: offsets[index])
    }

    /// The 1-based line on which the entry `key` of an object starts (the last one when the key
    /// repeats, the one ``value(forKey:)`` reads), or nil when there is none (or for an array).
    public func line(ofKey key: String) -> Int? {
        guard !isArray else { return nil }
        let offsets = memberOffsets()
        let found = document.withBytes { bytes in offsets.last { JSONNode.string(bytes, at: $0) == key } }
        return found.map(document.line(at:))
    }
}

extension JSONDocument {
    /// The 1-based line of the byte at `offset`: one more than the line feeds before it.
    func line(at offset: Int) -> Int {
        withBytes { bytes in
            let before = UnsafeBufferPointer(rebasing: bytes[..<min(max(offset, 0), bytes.count)])
            return 1 + LineFeeds.count(in: UnsafeRawBufferPointer(before))
        }
    }
}
