import Foundation

/// The keys of a `^sort`, one per item, held so that two of them are ordered as
/// ``DataProcessingFunctions``'s key comparison orders their values (`-EQ`, then `-LT`) at the
/// least cost: when every key is a text of printable ASCII, by their collation keys
/// (``ASCIICollation/appendSortKey(of:to:)``) kept in one buffer and compared as bytes; when every
/// key is a whole number (``Value/integer(_:)``), as `Int`s (``Comparison`` orders two of them
/// exactly so); otherwise as the values themselves.
struct SortKeys {
    private enum Storage {
        /// Each key's collation key is `bytes[ends[i - 1]..<ends[i]]`.
        case collated(bytes: [UInt8], ends: [Int])
        case integers([Int])
        case values([Value])
    }

    private let storage: Storage

    init(_ keys: [Value]) {
        storage = Self.collated(keys) ?? Self.integers(keys) ?? .values(keys)
    }

    /// The bytes held besides the keys themselves (the collation keys and where each ends, or the
    /// whole numbers), for the job's memory budget.
    var heldBytes: Int {
        switch storage {
        case .collated(let bytes, let ends): return bytes.count + ends.count * MemoryLayout<Int>.stride
        case .integers(let numbers): return numbers.count * MemoryLayout<Int>.stride
        case .values: return 0
        }
    }

    /// The positions `0..<count` in the order of their keys (stable; descending when `descending`).
    /// - Throws: the job's stop, checked as ``DataProcessingFunctions/stableSorted(_:call:by:)`` does.
    func sortedPositions(descending: Bool, call: FunctionCall) throws -> [Int] {
        let wanted: ComparisonResult = descending ? .orderedDescending : .orderedAscending
        switch storage {
        case .collated(let bytes, let ends):
            return try bytes.withUnsafeBufferPointer { bytes in
                try ends.withUnsafeBufferPointer { ends in
                    try DataProcessingFunctions.stableSorted(Array(ends.indices), call: call) { left, right in
                        Self.order(bytes, ends, left, right) == wanted
                    }
                }
            }
        case .integers(let numbers):
            return try numbers.withUnsafeBufferPointer { numbers in
                try DataProcessingFunctions.stableSorted(Array(numbers.indices), call: call) { left, right in
                    descending ? numbers[left] > numbers[right] : numbers[left] < numbers[right]
                }
            }
        case .values(let keys):
            return try DataProcessingFunctions.stableSorted(Array(keys.indices), call: call) { left, right in
                Self.compare(keys[left], keys[right]) == wanted
            }
        }
    }

    /// Two keys as `-EQ` then `-LT` order them.
    static func compare(_ left: Value, _ right: Value) -> ComparisonResult {
        // Two texts of printable ASCII: equal exactly when the same, else in collation order.
        if case .string(let a) = left, case .string(let b) = right, let order = ASCIICollation.compare(a, b) {
            return order
        }
        if Comparison.isEqual(left, right) { return .orderedSame }
        return Comparison.compare(left, right) == .orderedAscending ? .orderedAscending : .orderedDescending
    }

    /// The order of the collation keys of items `left` and `right`.
    @inline(__always)
    private static func order(
        _ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<Int>, _ left: Int, _ right: Int
    ) -> ComparisonResult {
        let leftStart = left == 0 ? 0 : ends[left - 1], rightStart = right == 0 ? 0 : ends[right - 1]
        let leftCount = ends[left] - leftStart, rightCount = ends[right] - rightStart
        guard let base = bytes.baseAddress else { return .orderedSame }
        let common = memcmp(base + leftStart, base + rightStart, min(leftCount, rightCount))
        if common != 0 { return common < 0 ? .orderedAscending : .orderedDescending }
        if leftCount == rightCount { return .orderedSame }
        return leftCount < rightCount ? .orderedAscending : .orderedDescending
    }

    private static func collated(_ keys: [Value]) -> Storage? {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(keys.count)
        for key in keys {
            guard case .string(var text) = key,
                text.withUTF8({ ASCIICollation.appendSortKey(of: $0, to: &bytes) })
            else { return nil }
            ends.append(bytes.count)
        }
        return .collated(bytes: bytes, ends: ends)
    }

    private static func integers(_ keys: [Value]) -> Storage? {
        var numbers: [Int] = []
        numbers.reserveCapacity(keys.count)
        for key in keys {
            guard case .integer(let number) = key else { return nil }
            numbers.append(number)
        }
        return .integers(numbers)
    }
}
