import OrderedCollections

/// Builds the dictionaries of a JSON document so that objects with the same keys in the same
/// order (the records of an array, typically) share one copy of their keys: a dictionary is made
/// from a remembered one of that shape by replacing its values, and copy-on-write keeps the key
/// storage shared.
///
/// The reader also asks for the shape it should expect at each nesting depth (the last one seen
/// there): while an object's keys match that shape byte for byte, it neither decodes nor hashes
/// them.
struct ObjectShapes {
    /// Shapes by the hash of their keys; a hash collision just builds a new dictionary.
    private var shapes: [Int: ObjectShape] = [:]
    /// The last shape built at each depth, the reader's guess for the next object there.
    private var expected: [ObjectShape?] = []
    /// How many shapes are remembered; when full, the table starts over.
    private static let capacity = 256

    /// The shape the next object at `depth` probably has.
    func expectedShape(atDepth depth: Int) -> ObjectShape? {
        depth < expected.count ? expected[depth] : nil
    }

    /// The dictionary of `keys` (in order) and `values`. A repeated key keeps its first position
    /// and its last value, as in any JSON reader that fills a dictionary in order.
    mutating func dictionary(keys: ArraySlice<String>, values: [Value], depth: Int) -> OrderedDictionary<String, Value>
    {
        guard !keys.isEmpty else { return [:] }
        var hasher = Hasher()
        for key in keys { hasher.combine(key) }
        let hash = hasher.finalize()
        if let shape = shapes[hash], shape.template.keys.elementsEqual(keys) {
            expect(shape, atDepth: depth)
            var shared = shape.template
            for index in values.indices { shared.values[index] = values[index] }
            return shared
        }
        var built = OrderedDictionary<String, Value>(minimumCapacity: keys.count)
        for (key, value) in zip(keys, values) { built[key] = value }
        guard built.count == keys.count else { return built } // repeated keys: not a shape to share
        if shapes.count >= Self.capacity { shapes.removeAll(keepingCapacity: true) }
        let shape = ObjectShape(template: built)
        shapes[hash] = shape
        expect(shape, atDepth: depth)
        return built
    }

    private mutating func expect(_ shape: ObjectShape, atDepth depth: Int) {
        while expected.count <= depth { expected.append(nil) }
        expected[depth] = shape
    }
}

/// The keys of a kind of object, and a dictionary of them to copy.
final class ObjectShape {
    /// A dictionary with these keys (and the values of the first object seen).
    let template: OrderedDictionary<String, Value>
    /// The keys, in order.
    let keys: [String]
    /// The UTF-8 bytes of every key as it appears between quotes in JSON, back to back.
    let rawBytes: [UInt8]
    /// Where each key's bytes are in ``rawBytes``, or nil when the key has a character JSON must
    /// escape (such a key is never matched without decoding it).
    let rawRanges: [Range<Int>?]

    init(template: OrderedDictionary<String, Value>) {
        self.template = template
        keys = Array(template.keys)
        var bytes: [UInt8] = []
        rawRanges = keys.map { key in
            let start = bytes.count
            bytes.append(contentsOf: key.utf8)
            let raw = bytes[start...]
            return raw.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
                ? nil : start..<bytes.count
        }
        rawBytes = bytes
    }

    var count: Int { keys.count }

    /// A dictionary of this shape whose values are moved from `stack` (from `base` up).
    func filled(from stack: ValueStack, base: Int) -> OrderedDictionary<String, Value> {
        if count <= Self.largestUnhashedCount {
            // No hash table to share: the keys' storage is shared as it is, and the values array
            // is moved in whole.
            return OrderedDictionary(uncheckedUniqueKeys: template.keys, values: stack.popArray(from: base))
        }
        var entries = template
        entries.values.withUnsafeMutableBufferPointer { buffer in stack.pop(from: base, overwriting: buffer) }
        return entries
    }

    /// The most keys an `OrderedDictionary` keeps without a hash table.
    private static let largestUnhashedCount = 15
}
