import MBMLEngine

/// A value as pretty-printed JSON in the tagged encoding of `mbml eval` (``JSONCodec``), one line
/// at a time, without building the text of the whole value.
///
/// Every scalar, and every container's opening and closing bracket, is a line; sets open with
/// `{"$set": [` and close with `]}`. Line `i` is found by walking down the value with the line
/// counts of the children before it; counts are computed only as far as a lookup needs them and
/// kept (for containers with many children or many lines) so that the next lookup is a binary
/// search. Opening a 60 MB value therefore costs what the first screen needs; only a jump to the
/// end counts everything. All of it is freed with the document.
final class JSONLines: ViewerLines {
    private let root: Value
    /// Child line offsets of containers looked at so far, by child-index path.
    private var indexes: [[Int]: ContainerIndex] = [:]
    private var cache = LineCache()

    /// Containers with at least this many children keep their offsets between lookups.
    private static let indexedChildCount = 16
    /// Containers of at least this many lines keep their offsets too (a small dictionary around a big array).
    private static let indexedLineCount = 256

    init(_ value: Value) {
        root = value.openedForWalking
    }

    var knownLineCount: Int? {
        guard Self.isOpenable(root) else { return 1 }
        guard let index = indexes[[]], index.isComplete else { return nil }
        return index.total
    }

    func lineCount() -> Int {
        count(root, path: [])
    }

    func hasLine(_ line: Int) -> Bool {
        line >= 0 && covers(root, path: [], line: line)
    }

    func line(_ line: Int) -> String? {
        if let text = cache.text(line) { return text }
        guard let text = uncachedLine(line) else { return nil }
        cache.store(text, for: line)
        return text
    }

    func detached() -> ViewerLines {
        JSONLines(root)
    }

    func uncachedLine(_ line: Int) -> String? {
        guard hasLine(line) else { return nil }
        return locate(line, in: root, path: [], depth: 0, key: nil, comma: false)
    }

    /// How many containers keep their offsets (tests check that opening stays lazy).
    var indexedContainers: Int { indexes.count }
    /// How many children have been counted in kept offsets.
    var countedChildren: Int { indexes.values.reduce(0) { $0 + $1.ends.count } }

    // MARK: Structure

    /// Whether a value is shown over several lines (a non-empty array, dictionary or set).
    static func isOpenable(_ value: Value) -> Bool {
        childCount(value) > 0
    }

    static func childCount(_ value: Value) -> Int {
        switch value {
        case .array(let elements), .set(let elements): return elements.count
        case .dictionary(let entries): return entries.count
        default: return 0
        }
    }

    /// Child `index` of a container, with its key for dictionaries.
    static func child(_ value: Value, at index: Int) -> (key: String?, value: Value) {
        switch value {
        case .array(let elements), .set(let elements): return (nil, elements[index].openedForWalking)
        case .dictionary(let entries): return (entries.key(at: index), entries.value(at: index).openedForWalking)
        default: return (nil, .null)
        }
    }

    /// Child `index` of a container as it is held: a lazily read container stays a node.
    private static func rawChild(_ value: Value, at index: Int) -> Value {
        switch value {
        case .array(let elements), .set(let elements): return elements[index]
        case .dictionary(let entries): return entries.value(at: index)
        default: return child(value, at: index).value
        }
    }

    static func brackets(_ value: Value) -> (open: String, close: String) {
        switch value {
        case .set: return ("{\"$set\": [", "]}")
        case .dictionary: return ("{", "}")
        default: return ("[", "]")
        }
    }

    /// One line of JSON for a scalar or an empty container.
    static func scalarText(_ value: Value) -> String {
        switch value {
        case .set: return "{\"$set\": []}"
        default: return JSONCodec.encode(value)
        }
    }

    // MARK: Counting

    private final class ContainerIndex {
        /// `ends[j]`: the line (relative to the container's opening line) after child `j`.
        var ends: [Int] = []
        var isComplete = false
        var total: Int { (ends.last ?? 1) + 1 }
    }

    private func index(for path: [Int], childCount: Int) -> ContainerIndex {
        if let index = indexes[path] { return index }
        let index = ContainerIndex()
        if childCount >= Self.indexedChildCount || path.isEmpty { indexes[path] = index }
        return index
    }

    /// The number of lines of `value`, counting everything below it.
    private func count(_ value: Value, path: [Int]) -> Int {
        let children = Self.childCount(value)
        guard children > 0 else { return 1 }
        let index = index(for: path, childCount: children)
        extend(index, of: value, path: path, upTo: Int.max)
        if index.total >= Self.indexedLineCount { indexes[path] = index }
        return index.total
    }

    /// Whether relative line `line` lies inside `value`; counts children only as far as needed.
    private func covers(_ value: Value, path: [Int], line: Int) -> Bool {
        let children = Self.childCount(value)
        guard children > 0 else { return line == 0 }
        let index = index(for: path, childCount: children)
        return extend(index, of: value, path: path, upTo: line)
    }

    /// Extends a container's offsets until they reach `line`.
    /// - Returns: whether `line` lies inside the container.
    @discardableResult
    private func extend(_ index: ContainerIndex, of value: Value, path: [Int], upTo line: Int) -> Bool {
        let children = Self.childCount(value)
        while !index.isComplete {
            let start = index.ends.last ?? 1
            if line < start { return true }
            let position = index.ends.count
            // A lazily read child is counted from its text: decoding every value to count lines
            // would cost far more (a jump to the end of a large file).
            if let node = Self.rawChild(value, at: position).jsonNode {
                let lines = node.lineCount
                if line != Int.max, line < start + lines { return true }
                index.ends.append(start + lines)
                if index.ends.count == children { index.isComplete = true }
                continue
            }
            let child = Self.child(value, at: position).value
            if Self.childCount(child) == 0 {
                // A one-line child: no path to build.
                if line == start { return true }
                index.ends.append(start + 1)
            } else {
                let childPath = path + [position]
                if line != Int.max, covers(child, path: childPath, line: line - start) { return true }
                index.ends.append(start + count(child, path: childPath))
            }
            if index.ends.count == children { index.isComplete = true }
        }
        return line < index.total
    }

    // MARK: Lines

    /// Walks the value once, in order (much cheaper per line than ``uncachedLine(_:)``), skipping
    /// whole subtrees that end before `start`.
    func forEachLine(from start: Int, _ body: (Int, String) -> Bool) {
        var skip = max(start, 0)
        var number = skip
        _ = walk(root, path: [], depth: 0, key: nil, comma: false, skip: &skip) { text in
            defer { number += 1 }
            return body(number, text)
        }
    }

    /// - Returns: false when `emit` asked to stop.
    private func walk(
        _ value: Value, path: [Int], depth: Int, key: String?, comma: Bool, skip: inout Int,
        emit: (String) -> Bool
    ) -> Bool {
        let children = Self.childCount(value)
        if children == 0 {
            if skip > 0 {
                skip -= 1
                return true
            }
            return emit(Self.prefix(depth: depth, key: key) + Self.scalarText(value) + (comma ? "," : ""))
        }
        if skip > 0, !covers(value, path: path, line: skip) {
            skip -= count(value, path: path)
            return true
        }
        let brackets = Self.brackets(value)
        if skip > 0 {
            skip -= 1
        } else if !emit(Self.prefix(depth: depth, key: key) + brackets.open) {
            return false
        }
        for position in 0..<children {
            let child = Self.child(value, at: position)
            let childPath = Self.childCount(child.value) > 0 ? path + [position] : path
            guard
                walk(
                    child.value, path: childPath, depth: depth + 1, key: child.key, comma: position < children - 1,
                    skip: &skip, emit: emit)
            else { return false }
        }
        if skip > 0 {
            skip -= 1
            return true
        }
        return emit(String(repeating: "  ", count: depth) + brackets.close + (comma ? "," : ""))
    }

    private static func prefix(depth: Int, key: String?) -> String {
        String(repeating: "  ", count: depth) + (key.map { JSONCodec.quoted(JSONCodec.taggedKey($0)) + ": " } ?? "")
    }

    /// The text of relative line `line` of `value` (known to exist).
    private func locate(_ line: Int, in value: Value, path: [Int], depth: Int, key: String?, comma: Bool) -> String {
        let prefix = Self.prefix(depth: depth, key: key)
        let suffix = comma ? "," : ""
        let children = Self.childCount(value)
        guard children > 0 else { return prefix + Self.scalarText(value) + suffix }
        let brackets = Self.brackets(value)
        if line == 0 { return prefix + brackets.open }
        let index = index(for: path, childCount: children)
        extend(index, of: value, path: path, upTo: line)
        if index.isComplete, line == index.total - 1 {
            return String(repeating: "  ", count: depth) + brackets.close + suffix
        }
        // The first child whose end lies after the line (or the one being counted when it is not yet known).
        var low = 0
        var high = index.ends.count
        while low < high {
            let middle = (low + high) / 2
            if index.ends[middle] > line { high = middle } else { low = middle + 1 }
        }
        let position = min(low, children - 1)
        let start = position == 0 ? 1 : index.ends[position - 1]
        let child = Self.child(value, at: position)
        return locate(
            line - start, in: child.value, path: path + [position], depth: depth + 1, key: child.key,
            comma: position < children - 1)
    }
}

/// The text of a few recently shown lines, so that redrawing a frame does not build them again.
struct LineCache {
    private var lines: [Int: String] = [:]
    private static let capacity = 512

    func text(_ line: Int) -> String? {
        lines[line]
    }

    mutating func store(_ text: String, for line: Int) {
        if lines.count >= Self.capacity { lines.removeAll(keepingCapacity: true) }
        lines[line] = text
    }
}
